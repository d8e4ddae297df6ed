package drift

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var (
	inputEnumValueRemoved = register(&Rule{
		ID: "drift/input-enum-value-removed", Change: contract.ChangeBreaking,
		Summary: "An argument no longer accepts a value it listed",
		Help: "Callers (and models primed by the old list) that send the value are rejected " +
			"(oasdiff request-property-enum-value-removed ERR, mcpdiff T-ENUM-REMOVE). Fix: keep accepting the value; document it as deprecated.",
	})
	inputEnumValueAdded = register(&Rule{
		ID: "drift/input-enum-value-added", Change: contract.ChangeNonBreaking,
		Summary: "An argument accepts a new value",
		Help:    "Old calls still pass (oasdiff request-property-enum-value-added INFO, mcpdiff T-ENUM-ADD). Fix: nothing.",
	})
	outputEnumValueAdded = register(&Rule{
		ID: "drift/output-enum-value-added", Change: contract.ChangeBreaking,
		Summary: "A result field may hold a value consumers do not know",
		Help: "A consumer that switches over the old values meets one it has no case for " +
			"(oasdiff response-property-enum-value-added WARN, mcpdiff T-OUT-ENUM-ADD breaking). Fix: return the new value in a new field, or version the tool.",
	})
	outputEnumValueRemoved = register(&Rule{
		ID: "drift/output-enum-value-removed", Change: contract.ChangeNonBreaking,
		Summary: "A result field holds fewer values",
		Help:    "Consumers handle every value they handled before (oasdiff response-…-enum-value-removed INFO, mcpdiff T-OUT-ENUM-REMOVE). Fix: nothing.",
	})
)

var _ = addSchemaCheck(checkEnum)

// checkEnum compares allowed values as sets ("const" counts as a one-value
// enum). An enum appearing or disappearing is a constraint change.
func checkEnum(p *schemaPass) {
	if !p.Structural() {
		return
	}
	o, n := enumValues(p.Old), enumValues(p.New)
	switch {
	case o == nil && n == nil:
		return
	case o == nil:
		p.reportAt(p.pick(inputConstraintTightened, outputConstraintTightened), false, enumKey(p.New),
			"%s now only allows %s", p.Path, listValues(n.Items()))
		return
	case n == nil:
		p.reportAt(p.pick(inputConstraintRelaxed, outputConstraintRelaxed), false, "",
			"%s no longer restricts values to %s", p.Path, listValues(o.Items()))
		return
	}
	removed, added := setDiff(o.Items(), n.Items())
	if len(removed) > 0 {
		p.reportAt(p.pick(inputEnumValueRemoved, outputEnumValueRemoved), false, enumKey(p.New),
			"%s no longer allows %s", p.Path, listValues(removed))
	}
	if len(added) > 0 {
		p.reportAt(p.pick(inputEnumValueAdded, outputEnumValueAdded), false, enumKey(p.New),
			"%s now also allows %s", p.Path, listValues(added))
	}
}

func enumKey(v view) string {
	if v.value("enum").Is(jsontree.Array) {
		return "enum"
	}
	return "const"
}

// setDiff returns the values only in a and only in b, compared canonically.
func setDiff(a, b []*jsontree.Node) (onlyA, onlyB []*jsontree.Node) {
	inA, inB := map[string]bool{}, map[string]bool{}
	for _, x := range a {
		inA[canonical(x)] = true
	}
	for _, x := range b {
		inB[canonical(x)] = true
	}
	for _, x := range a {
		if c := canonical(x); !inB[c] {
			inB[c] = true
			onlyA = append(onlyA, x)
		}
	}
	for _, x := range b {
		if c := canonical(x); !inA[c] {
			inA[c] = true
			onlyB = append(onlyB, x)
		}
	}
	return onlyA, onlyB
}

func listValues(vals []*jsontree.Node) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = string(jsontree.Encode(v, jsontree.EncodeOptions{}))
	}
	return strings.Join(parts, ", ")
}
