package drift

import "github.com/mcp-contract/mcp-contract/contract"

var defaultChanged = register(&Rule{
	ID: "drift/default-changed", Change: contract.ChangeReview,
	Summary: "A default value was added, removed or changed",
	Help: "No call is rejected (oasdiff *-default-value-* INFO, Confluent DEFAULT_CHANGED compatible), but a caller that " +
		"leaves the argument out now gets different behaviour, silently: an agent relying on \"dryRun defaults to true\" is " +
		"the case to worry about. Fix: review the new default; mention it in the changelog.",
})

var _ = addSchemaCheck(checkDefault)

func checkDefault(p *schemaPass) {
	if !p.Whole() {
		return
	}
	o, n := p.Old.value("default"), p.New.value("default")
	switch {
	case o == nil && n == nil, o != nil && n != nil && equalJSON(o, n, ""):
	case o == nil:
		p.reportAt(defaultChanged, false, "default", "%s default %s added", p.Path, short(n))
	case n == nil:
		p.reportAt(defaultChanged, false, "", "%s default %s removed", p.Path, short(o))
	default:
		p.reportAt(defaultChanged, false, "default", "%s default changed from %s to %s", p.Path, short(o), short(n))
	}
}
