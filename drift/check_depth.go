package drift

import (
	"fmt"

	"github.com/mcp-contract/mcp-contract/contract"
)

var schemaTooDeep = register(&Rule{
	ID: "drift/schema-too-deep", Change: contract.ChangeReview,
	Summary: "A schema differs below the depth drift compares, so its changes there are not classified",
	Help: fmt.Sprintf("drift walks two schemas in step down to %d schema levels (a bound against hostile schemas, whose "+
		"pairwise walk would otherwise cost memory and time without end). Below that, the two sides differ, and "+
		"whether the difference breaks callers is not judged: without this finding a change there would go unreported. "+
		"Fix: review the change by hand (the patch shows it, unless the tool nests too deep for one), and flatten the schema so drift can judge it.", maxDepth),
})

// stopAtDepth reports, once per schema pair, that the walk reached maxDepth
// with the two sides still different below.
func (c *comparer) stopAtDepth(old, new view, path string) {
	if c.stopped || equalSubschema(old.node, new.node) {
		return
	}
	c.stopped = true
	patch := ""
	if c.pair.tooDeep() {
		patch = "; the tool nests too deep for a patch"
	}
	c.pair.report(schemaTooDeep, false, new.node, new.ptr, "",
		"%s differs below %d schema levels, where drift stops comparing; the change there is not classified%s", path, maxDepth, patch)
}
