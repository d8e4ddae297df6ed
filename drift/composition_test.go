package drift

import (
	"strings"
	"testing"
)

// Keywords beside a composition apply to every branch (issue 8): adding a
// conjunct narrows, removing it relaxes, moving siblings into the branches
// changes nothing, and an added keyword the rest already implies is no change.
func TestCompositionWithSiblings(t *testing.T) {
	props := `"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"integer"}}`
	plain := `{` + props + `}`
	eitherAB := `{` + props + `,"anyOf":[{"required":["a"]},{"required":["b"]}]}`
	distributed := `{"anyOf":[{` + props + `,"required":["a"]},{` + props + `,"required":["b"]}]}`
	dependent := `{` + props + `,"dependentSchemas":{"a":{"required":["c"]}}}`
	out := func(s string) string { return outTool(s) }
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"root anyOf of required branches removed relaxes", tool(eitherAB), tool(plain),
			[]string{"drift/input-property-became-optional /inputSchema/properties/a"}},
		{"root anyOf of required branches added breaks", tool(plain), tool(eitherAB),
			[]string{"drift/input-property-became-required /inputSchema/anyOf/0/required/0"}},
		{"siblings moved into each branch", tool(eitherAB), tool(distributed), nil},
		{"siblings lifted out of the branches", tool(distributed), tool(eitherAB), nil},
		{"dependentSchemas added breaks", tool(plain), tool(dependent), []string{"drift/input-constraint-tightened /inputSchema/dependentSchemas"}},
		{"dependentSchemas removed relaxes", tool(dependent), tool(plain), []string{"drift/input-constraint-relaxed /inputSchema"}},
		{"dependentRequired added breaks", tool(plain), tool(`{` + props + `,"dependentRequired":{"a":["b"]}}`),
			[]string{"drift/input-constraint-tightened /inputSchema/dependentRequired"}},
		{"if/then added breaks", tool(plain), tool(`{` + props + `,"if":{"required":["a"]},"then":{"required":["c"]}}`),
			[]string{"drift/input-constraint-tightened /inputSchema/if", "drift/input-constraint-tightened /inputSchema/then"}},
		{"not removed relaxes", tool(`{` + props + `,"not":{"required":["a","b"]}}`), tool(plain), []string{"drift/input-constraint-relaxed /inputSchema"}},
		// The required a already demands what the new conjuncts demand.
		{"implied dependentSchemas is no change", tool(`{` + props + `,"required":["a","c"]}`), tool(`{` + props + `,"required":["a","c"],"dependentSchemas":{"a":{"required":["c"]}}}`), nil},
		{"implied minProperties is no change", tool(`{` + props + `,"required":["a"]}`), tool(`{` + props + `,"required":["a"],"minProperties":1}`), nil},
		{"empty branch added to an anyOf of one", tool(`{` + props + `,"anyOf":[{"required":["a"]}]}`), tool(`{` + props + `,"anyOf":[{"required":["a"]},{}]}`),
			[]string{"drift/input-constraint-relaxed /inputSchema"}},
		// Declarations the decision cannot look into (a $ref, a pattern) take
		// part as one opaque value each, as long as they are the same on both sides.
		{"with $ref declarations, anyOf added breaks", tool(withRefs(``)), tool(withRefs(`,"anyOf":[{"required":["iban"]},{"required":["account"]}]`)),
			[]string{"drift/input-property-became-required /inputSchema/anyOf/0/required/0"}},
		{"with $ref declarations, siblings moved into each branch", tool(withRefs(`,"anyOf":[{"required":["iban"]},{"required":["account"]}]`)),
			tool(`{"$defs":{"iban":{"type":"string","pattern":"^[A-Z]{2}"}},"anyOf":[` + refBranch(`"iban"`) + `,` + refBranch(`"account"`) + `]}`), nil},
		// Outputs mirror inputs: a consumer breaks when results widen.
		{"output anyOf removed breaks", out(eitherAB), out(plain), []string{"drift/output-required-property-removed /outputSchema/anyOf/0/required/0"}},
		{"output anyOf added narrows", out(plain), out(eitherAB), []string{"drift/output-required-property-added /outputSchema/anyOf/0/required/0"}},
		{"output siblings moved into each branch", out(eitherAB), out(distributed), nil},
		{"output dependentSchemas removed breaks", out(dependent), out(plain), []string{"drift/output-constraint-relaxed /outputSchema"}},
		{"output dependentSchemas added narrows", out(plain), out(dependent), []string{"drift/output-constraint-tightened /outputSchema/dependentSchemas"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := expectDrift(t, c.old, c.new, c.want...)
			// Every verdict comes with an instance that shows it.
			if len(fs) > 0 && !strings.Contains(fs[0].Message+fs[len(fs)-1].Message, "matche") {
				t.Errorf("no finding carries an example: %+v", fs)
			}
		})
	}
}

// withRefs is an object schema declaring iban through $defs and account with
// a pattern, plus extra keywords.
func withRefs(extra string) string {
	return `{"$defs":{"iban":{"type":"string","pattern":"^[A-Z]{2}"}},"type":"object","properties":{"iban":{"$ref":"#/$defs/iban"},"account":{"type":"string","pattern":"^A"}}` + extra + `}`
}

// refBranch is withRefs' declarations with one required property.
func refBranch(required string) string {
	return `{"type":"object","properties":{"iban":{"$ref":"#/$defs/iban"},"account":{"type":"string","pattern":"^A"}},"required":[` + required + `]}`
}
