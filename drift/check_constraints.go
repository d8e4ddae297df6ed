package drift

import (
	"math"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var (
	inputConstraintTightened = register(&Rule{
		ID: "drift/input-constraint-tightened", Change: contract.ChangeBreaking,
		Summary: "An argument's constraint got stricter",
		Help: "A lower maximum/maxLength/maxItems, a higher minimum/minLength/minItems, a new or changed pattern, format or " +
			"multipleOf, a new enum, a removed anyOf/oneOf alternative, or a new assertion keyword (not, if/then/else, " +
			"dependentRequired, propertyNames, …) rejects " +
			"values old callers send (oasdiff request-property-max-decreased, -min-increased, -pattern-added ERR; Confluent " +
			"MAX_LENGTH_DECREASED, PATTERN_ADDED incompatible; mcpdiff T-CONSTRAINT-TIGHTEN). A keyword that changed in a way " +
			"that cannot be proven looser is counted here, as oasdiff judges against the declared contract. " +
			"Fix: keep the old bound, or validate the stricter rule in the server and return a helpful error.",
	})
	inputConstraintRelaxed = register(&Rule{
		ID: "drift/input-constraint-relaxed", Change: contract.ChangeNonBreaking,
		Summary: "An argument's constraint got looser",
		Help: "Every value old callers send still passes (Confluent MAX_LENGTH_INCREASED, PATTERN_REMOVED compatible; mcpdiff " +
			"T-CONSTRAINT-LOOSEN). Opening a closed object (additionalProperties false removed) or a new anyOf alternative is one. Fix: nothing.",
	})
	outputConstraintRelaxed = register(&Rule{
		ID: "drift/output-constraint-relaxed", Change: contract.ChangeBreaking,
		Summary: "A result field's constraint got looser",
		Help: "Consumers relying on the old bound (a maximum length, a pattern, a closed object, the known oneOf shapes) may now get values outside it. " +
			"oasdiff rates response-property-max-increased and -min-decreased ERR; mcpdiff only reports T-OUT-CONSTRAINT as info, " +
			"which misses this break. Fix: keep the bound, or version the tool.",
	})
	outputConstraintTightened = register(&Rule{
		ID: "drift/output-constraint-tightened", Change: contract.ChangeNonBreaking,
		Summary: "A result field's constraint got stricter",
		Help:    "Consumers get a subset of what they got before (oasdiff response-…-decreased INFO). Fix: nothing.",
	})
)

var _ = addSchemaCheck(checkConstraints)

// Bounds where a smaller value is stricter, and where a larger one is.
var (
	upperBounds = []string{"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"}
	lowerBounds = []string{"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"}
	// Keywords that restrict values but whose change cannot be ordered
	// here: any change to them is judged as a whole.
	wholeKeywords = []string{"format", "not", "if", "then", "else", "dependentRequired", "dependentSchemas",
		"dependencies", "propertyNames", "patternProperties", "unevaluatedProperties", "unevaluatedItems", "contains",
		"contentMediaType", "contentEncoding", "contentSchema", "additionalItems", "$ref"}
)

func checkConstraints(p *schemaPass) {
	if !p.Structural() {
		return
	}
	tightened := p.pick(inputConstraintTightened, outputConstraintTightened)
	relaxed := p.pick(inputConstraintRelaxed, outputConstraintRelaxed)
	bound := func(key string, upper bool) {
		if p.outerOnly(key) {
			return
		}
		o, n := p.Old.value(key), p.New.value(key)
		oOK, nOK := o.Is(jsontree.Number), n.Is(jsontree.Number)
		// Exactly as written, never through float64 (9007199254740993 and
		// …992, 1e-400 and 0 are different bounds); messages quote the literals.
		cmp, _ := jsontree.CompareNumbers(nodeText(n), nodeText(o))
		p.claim(claim{kind: claimKeyword, prop: key})
		switch {
		case !oOK && !nOK, oOK && nOK && cmp == 0:
		case !oOK:
			p.reportAt(tightened, false, key, "%s %s set to %s", p.Path, key, n.Text)
		case !nOK:
			p.reportAt(relaxed, false, "", "%s %s %s removed", p.Path, key, o.Text)
		case (cmp < 0) == upper:
			p.reportAt(tightened, false, key, "%s %s tightened from %s to %s", p.Path, key, o.Text, n.Text)
		default:
			p.reportAt(relaxed, false, key, "%s %s relaxed from %s to %s", p.Path, key, o.Text, n.Text)
		}
	}
	for _, k := range upperBounds {
		bound(k, true)
	}
	for _, k := range lowerBounds {
		bound(k, false)
	}
	checkMultipleOf(p, tightened, relaxed)
	checkPattern(p, tightened, relaxed)
	checkUniqueItems(p, tightened, relaxed)
	for _, k := range wholeKeywords {
		checkWhole(p, k, tightened, relaxed)
	}
	for _, k := range []string{"items", "prefixItems", "allOf"} {
		if !walkedInStep(p.Old.value(k), p.New.value(k)) {
			checkWhole(p, k, tightened, relaxed)
		}
	}
}

// checkWhole judges a keyword by presence: added is stricter, removed looser,
// and changed is counted as stricter for inputs and looser for outputs, the
// side that breaks, since the change cannot be proven harmless.
func checkWhole(p *schemaPass, key string, tightened, relaxed *Rule) {
	if p.outerOnly(key) {
		return
	}
	o, n := p.Old.value(key), p.New.value(key)
	if key == "$ref" {
		// A resolved $ref was followed; only one left standing (remote or
		// dangling) is compared as text.
		o, n = p.Old.node.Get(key), p.New.node.Get(key)
	}
	p.claim(claim{kind: claimKeyword, prop: key})
	switch {
	case o == nil && n == nil, o != nil && n != nil && equalJSON(o, n, key):
	case o == nil:
		p.reportAt(tightened, false, key, "%s %s added", p.Path, key)
	case n == nil:
		p.reportAt(relaxed, false, "", "%s %s removed", p.Path, key)
	case p.Dir == dirInput:
		p.reportAt(tightened, false, key, "%s %s changed from %s to %s", p.Path, key, short(o), short(n))
	default:
		p.reportAt(relaxed, false, key, "%s %s changed from %s to %s", p.Path, key, short(o), short(n))
	}
}

// walkedInStep mirrors comparer.single/indexed: keywords the walk descends
// into are judged below, not as a whole.
func walkedInStep(o, n *jsontree.Node) bool {
	switch {
	case o == nil || n == nil:
		return o == nil && n == nil
	case o.Is(jsontree.Array) && n.Is(jsontree.Array):
		return len(o.Items()) == len(n.Items())
	case isSchemaNode(o) && isSchemaNode(n):
		return o.Is(jsontree.Object) == n.Is(jsontree.Object)
	}
	return false
}

func checkMultipleOf(p *schemaPass, tightened, relaxed *Rule) {
	if p.outerOnly("multipleOf") {
		return
	}
	o, n := p.Old.value("multipleOf"), p.New.value("multipleOf")
	of, oOK := o.Float()
	nf, nOK := n.Float()
	p.claim(claim{kind: claimKeyword, prop: "multipleOf"})
	switch {
	case !oOK && !nOK, oOK && nOK && jsontree.NumbersEqual(o.Text, n.Text):
	case !oOK:
		p.reportAt(tightened, false, "multipleOf", "%s multipleOf %s added", p.Path, n.Text)
	case !nOK:
		p.reportAt(relaxed, false, "", "%s multipleOf %s removed", p.Path, o.Text)
	case nf != 0 && isWhole(of/nf):
		// Every multiple of the old step is a multiple of the new one.
		p.reportAt(relaxed, false, "multipleOf", "%s multipleOf relaxed from %s to %s", p.Path, o.Text, n.Text)
	default:
		p.reportAt(tightened, false, "multipleOf", "%s multipleOf changed from %s to %s", p.Path, o.Text, n.Text)
	}
}

func nodeText(n *jsontree.Node) string {
	if n == nil {
		return ""
	}
	return n.Text
}

func isWhole(f float64) bool { return math.Abs(f-math.Round(f)) < 1e-9 }

func checkUniqueItems(p *schemaPass, tightened, relaxed *Rule) {
	if p.outerOnly("uniqueItems") {
		return
	}
	o, n := p.Old.value("uniqueItems"), p.New.value("uniqueItems")
	was, is := o.Is(jsontree.Bool) && o.Bool, n.Is(jsontree.Bool) && n.Bool
	p.claim(claim{kind: claimKeyword, prop: "uniqueItems"})
	switch {
	case !was && is:
		p.reportAt(tightened, false, "uniqueItems", "%s now demands unique items", p.Path)
	case was && !is:
		p.reportAt(relaxed, false, "uniqueItems", "%s no longer demands unique items", p.Path)
	}
}

// short renders a keyword's value for a message, cut to a readable length.
func short(n *jsontree.Node) string {
	r := []rune(string(jsontree.Encode(n, jsontree.EncodeOptions{})))
	if len(r) > 80 {
		return string(r[:77]) + "..."
	}
	return string(r)
}

// outerOnly reports a keyword that an alternative compared alone lacks and
// the schema around it holds: it applies to the alternative as well, and the
// pass over the two whole schemas has compared it.
func (p *schemaPass) outerOnly(key string) bool {
	for _, v := range []view{p.Old, p.New} {
		if v.outer != nil && v.value(key) == nil && v.outer.value(key) != nil {
			return true
		}
	}
	return false
}
