package drift

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
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

// modelIn is modelOf through a composition: an object open at its root but
// whose every anyOf/oneOf alternative that admits objects is closed is as
// closed as the most open such alternative (a key no alternative declares matches none), and one allOf
// conjunct closed closes it. Properties moved into alternatives behind a
// $ref keep their object closed.
func modelIn(r resolver, v view) contentModel {
	m := modelOf(v)
	if v.outer != nil {
		// The outer schema's additionalProperties applies as well.
		m = max(m, modelOf(*v.outer))
	}
	if v.value("additionalProperties") != nil {
		return m
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		alts := v.value(key)
		if !alts.Is(jsontree.Array) || len(alts.Items()) == 0 {
			continue
		}
		// An alternative that admits no object (the string of "an object
		// or a string") opens no object.
		most, objects := modelClosed, false
		for _, it := range alts.Items() {
			if a := r.resolve(it, ""); r.typesOf(a)&tObject != 0 {
				most, objects = min(most, modelOf(a)), true
			}
		}
		if objects {
			m = max(m, most)
		}
	}
	for _, it := range items(v.value("allOf")) {
		m = max(m, modelOf(r.resolve(it, "")))
	}
	return m
}

// checkAdditionalProperties compares content models; between two schemas for
// additionalProperties the walk compares those schemas instead.
func checkAdditionalProperties(p *schemaPass) {
	if !p.Structural() {
		return
	}
	o, n := modelIn(p.c.old, p.Old), modelIn(p.c.new, p.New)
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
	var dropped string
	if names := droppedWhileOpening(p); len(names) > 0 {
		dropped = "; it no longer declares " + english.List(quoted(names), "and") + ", and still accepts every value they accepted"
	}
	p.claim(claim{kind: claimKeyword, prop: "additionalProperties", shape: true})
	p.reportAt(r, false, "additionalProperties", "%s object went from %s to %s (additionalProperties)%s", p.Path, o, n, dropped)
}
