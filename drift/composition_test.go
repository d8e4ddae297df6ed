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

// Removing a root anyOf of required-only alternatives together with a
// dependentSchemas block, properties and required unchanged, only relaxes
// an input (issue 19). Outside the decision's fragment (propertyNames here)
// the walk compared an alternative alone, without the properties and
// required beside it, and called already-required properties new.
func TestRootCompositionRemoved(t *testing.T) {
	for _, outside := range []bool{false, true} {
		extra := ``
		if outside {
			extra = `"propertyNames":{"maxLength":9},`
		}
		props := `"type":"object",` + extra + `"properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"integer"}}`
		// Required a: the alternatives and the dependency ask for more.
		plain := `{` + props + `,"required":["a"]}`
		composed := `{` + props + `,"required":["a"],"anyOf":[{"required":["b"]},{"required":["c"]}],"dependentSchemas":{"b":{"required":["c"]}}}`
		// Required a and c: they ask for nothing more.
		plainAC := `{` + props + `,"required":["a","c"]}`
		composedAC := `{` + props + `,"required":["a","c"],"anyOf":[{"required":["a"]},{"required":["b"]}],"dependentSchemas":{"b":{"required":["c"]}}}`
		out := func(s string) string { return outTool(s) }
		// Outside the fragment the walk alone cannot see that the rest implies
		// the dependency: it reads its removal as relaxing and its addition
		// as tightening, and nothing else.
		relaxedIn, tightenedIn := []string{"drift/input-constraint-relaxed /inputSchema"}, []string{"drift/input-constraint-tightened /inputSchema/dependentSchemas"}
		relaxedOut, tightenedOut := []string{"drift/output-constraint-relaxed /outputSchema"}, []string{"drift/output-constraint-tightened /outputSchema/dependentSchemas"}
		cases := []struct {
			name          string
			old, new      string
			want, walkSay []string
		}{
			{"input, removed", tool(composed), tool(plain), []string{"drift/input-constraint-relaxed /inputSchema", "drift/input-property-became-optional /inputSchema/properties/b"}, nil},
			{"input, added", tool(plain), tool(composed),
				[]string{"drift/input-constraint-tightened /inputSchema/dependentSchemas", "drift/input-property-became-required /inputSchema/anyOf/0/required/0"}, nil},
			{"output, removed", out(composed), out(plain),
				[]string{"drift/output-constraint-relaxed /outputSchema", "drift/output-required-property-removed /outputSchema/anyOf/0/required/0"}, nil},
			{"output, added", out(plain), out(composed),
				[]string{"drift/output-constraint-tightened /outputSchema/dependentSchemas", "drift/output-required-property-added /outputSchema/anyOf/0/required/0"}, nil},
			{"input, implied, removed", tool(composedAC), tool(plainAC), nil, relaxedIn},
			{"input, implied, added", tool(plainAC), tool(composedAC), nil, tightenedIn},
			{"output, implied, removed", out(composedAC), out(plainAC), nil, relaxedOut},
			{"output, implied, added", out(plainAC), out(composedAC), nil, tightenedOut},
		}
		for _, c := range cases {
			name, want := c.name, c.want
			if outside {
				name += ", outside the fragment"
				if c.walkSay != nil {
					want = c.walkSay
				}
			}
			t.Run(name, func(t *testing.T) {
				for _, f := range expectDrift(t, c.old, c.new, want...) {
					if f.Rule == "drift/input-required-property-added" {
						t.Errorf("already-required property called new: %s", f.Message)
					}
				}
			})
		}
	}
}

// Properties moved into anyOf alternatives behind a $ref are still declared,
// and alternatives that are each closed keep the object closed (issue 19):
// no "was removed", no "went from closed to open".
func TestPropertiesMovedIntoAlternatives(t *testing.T) {
	for _, extra := range []string{``, `"propertyNames":{"maxLength":9},`} {
		wrap := func(child string) string {
			return `{"$defs":{"child":` + child + `},"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/$defs/child"}}}}`
		}
		flat := wrap(`{"type":"object",` + extra + `"properties":{"name":{"type":"string"},"kind":{"type":"string"}},"additionalProperties":false}`)
		split := wrap(`{"type":"object",` + extra + `"anyOf":[{"properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false},` +
			`{"properties":{"kind":{"type":"string"}},"required":["kind"],"additionalProperties":false}]}`)
		cases := []struct {
			name     string
			old, new string
			want     []string
			says     string
		}{
			{"input, moved in", tool(flat), tool(split), []string{"drift/input-property-became-required /inputSchema/$defs/child/anyOf/0/required/0"},
				`property "name" became required in this alternative: a call without it must match another one`},
			{"input, moved out", tool(split), tool(flat), []string{"drift/input-property-became-optional /inputSchema/$defs/child/properties/name"}, ""},
			{"output, moved in", outTool(flat), outTool(split), []string{"drift/output-required-property-added /outputSchema/$defs/child/anyOf/0/required/0"}, ""},
			{"output, moved out", outTool(split), outTool(flat), []string{"drift/output-required-property-removed /outputSchema/$defs/child/anyOf/0/required/0"}, ""},
		}
		for _, c := range cases {
			t.Run(c.name+" "+extra, func(t *testing.T) {
				fs := expectDrift(t, c.old, c.new, c.want...)
				for _, f := range fs {
					if strings.Contains(f.Message, "was removed") || strings.Contains(f.Message, "closed to open") {
						t.Errorf("misleading: %s", f.Message)
					}
				}
				if c.says != "" && (len(fs) == 0 || !strings.Contains(fs[0].Message, c.says)) {
					t.Errorf("no message says %q", c.says)
				}
			})
		}
	}
}
