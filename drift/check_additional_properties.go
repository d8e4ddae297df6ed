package drift

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var inputAdditionalPropertiesClosed = register(&Rule{
	ID: "drift/input-additional-properties-closed", Change: contract.ChangeBreaking,
	Summary: "An argument object no longer accepts undeclared keys",
	Help: "additionalProperties became false (or a schema where it was open): callers that send extra keys, as models often " +
		"do, are rejected (Confluent ADDITIONAL_PROPERTIES_REMOVED/NARROWED incompatible). " +
		"Fix: leave the object open and ignore unknown keys on the server, or close it in a new tool version.",
})

var _ = addSchemaCheck(checkAdditionalProperties)

// Content models after Confluent: open (absent or true), partially open (a
// schema) and closed (false).
type contentModel int

const (
	modelOpen contentModel = iota
	modelPartial
	modelClosed
)

func (m contentModel) String() string {
	return [...]string{"open", "partially open", "closed"}[m]
}

func modelOf(v view) contentModel {
	ap := v.value("additionalProperties")
	switch {
	case ap == nil, ap.Is(jsontree.Bool) && ap.Bool:
		return modelOpen
	case ap.Is(jsontree.Bool):
		return modelClosed
	}
	return modelPartial
}

// checkAdditionalProperties compares content models; between two schemas for
// additionalProperties the walk compares those schemas instead.
func checkAdditionalProperties(p *schemaPass) {
	if !p.Structural() {
		return
	}
	o, n := modelOf(p.Old), modelOf(p.New)
	if o == n {
		return
	}
	var r *Rule
	switch {
	case n > o && p.Dir == dirInput:
		r = inputAdditionalPropertiesClosed
	case n > o:
		r = outputConstraintTightened
	case p.Dir == dirInput:
		r = inputConstraintRelaxed
	default:
		r = outputConstraintRelaxed
	}
	p.reportAt(r, false, "additionalProperties", "%s object went from %s to %s (additionalProperties)", p.Path, o, n)
}
