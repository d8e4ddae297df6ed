package drift

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var toolMetadataChanged = register(&Rule{
	ID: "drift/tool-metadata-changed", Change: contract.ChangeNonBreaking,
	Summary: "Another field of the tool changed (execution, _meta, icons, …)",
	Help: "Fields beside the schemas, prose and annotations (execution.taskSupport, _meta, icons) change how clients run " +
		"or show the tool without changing what a call may hold. Fix: review; update the snapshot.",
})

// Fields other checks judge.
var judgedFields = map[string]bool{"name": true, "title": true, "description": true, "inputSchema": true, "outputSchema": true, "annotations": true}

var _ = addToolCheck(checkMetadata)

func checkMetadata(p *toolPass) {
	for _, key := range mergedKeys(p.Old.Node, p.New.Node) {
		if judgedFields[key] {
			continue
		}
		o, n := p.Old.Node.Get(key), p.New.Node.Get(key)
		if o != nil && n != nil && equalJSON(o, n, key) {
			continue
		}
		at, onOld := n, false
		if at == nil {
			at, onOld = o, true
		}
		p.report(toolMetadataChanged, onOld, at, "/"+jsontree.EscapeToken(key), "%s changed from %s to %s", key, orAbsent(o), orAbsent(n))
	}
}
