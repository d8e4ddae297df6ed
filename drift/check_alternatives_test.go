package drift

import "testing"

func TestAlternativesCheck(t *testing.T) {
	prop := func(s string) string { return tool(`{"type":"object","properties":{"a":` + s + `}}`) }
	out := func(s string) string { return outTool(`{"type":"object","properties":{"a":` + s + `}}`) }
	byID := `{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"]}`
	byName := `{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"input variant removed", prop(`{"anyOf":[` + byID + `,` + byName + `]}`), prop(`{"anyOf":[` + byID + `]}`),
			[]string{"drift/input-constraint-tightened /inputSchema/properties/a/anyOf/1"}},
		{"input variant added", prop(`{"anyOf":[` + byID + `]}`), prop(`{"anyOf":[` + byID + `,` + byName + `]}`),
			[]string{"drift/input-constraint-relaxed /inputSchema/properties/a/anyOf/1"}},
		{"reordered variants", prop(`{"oneOf":[` + byID + `,` + byName + `]}`), prop(`{"oneOf":[` + byName + `,` + byID + `]}`), nil},
		// A new type is the type check's finding alone.
		{"null alternative added", prop(`{"anyOf":[` + byID + `]}`), prop(`{"anyOf":[` + byID + `,{"type":"null"}]}`),
			[]string{"drift/input-type-widened /inputSchema/properties/a"}},
		// oneOf is exclusive: a result with both id and name matched the one
		// variant and now matches two, so it is also no longer valid.
		{"output variant added breaks", out(`{"oneOf":[` + byID + `]}`), out(`{"oneOf":[` + byID + `,` + byName + `]}`),
			[]string{"drift/output-constraint-relaxed /outputSchema/properties/a/oneOf/1", "drift/output-constraint-tightened /outputSchema/properties/a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}
