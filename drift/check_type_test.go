package drift

import "testing"

func TestTypeCheck(t *testing.T) {
	prop := func(s string) string { return tool(`{"type":"object","properties":{"a":` + s + `}}`) }
	out := func(s string) string { return outTool(`{"type":"object","properties":{"a":` + s + `}}`) }
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"input changed", prop(`{"type":"string"}`), prop(`{"type":"number"}`), []string{"drift/input-type-changed /inputSchema/properties/a/type"}},
		{"input narrowed", prop(`{"type":["string","null"]}`), prop(`{"type":"string"}`), []string{"drift/input-type-narrowed /inputSchema/properties/a/type"}},
		{"number to integer narrows", prop(`{"type":"number"}`), prop(`{"type":"integer"}`), []string{"drift/input-type-narrowed /inputSchema/properties/a/type"}},
		{"input widened", prop(`{"type":"integer"}`), prop(`{"type":"number"}`), []string{"drift/input-type-widened /inputSchema/properties/a/type"}},
		{"type array order is no change", prop(`{"type":["null","string"]}`), prop(`{"type":["string","null"]}`), nil},
		{"type moved into anyOf", prop(`{"type":["string","null"]}`), prop(`{"anyOf":[{"type":"null"},{"type":"string"}]}`), nil},
		{"untyped to typed narrows", prop(`{}`), prop(`{"type":"string"}`), []string{"drift/input-type-narrowed /inputSchema/properties/a/type"}},
		{"output widened breaks", out(`{"type":"string"}`), out(`{"type":["string","null"]}`), []string{"drift/output-type-widened /outputSchema/properties/a/type"}},
		{"output narrowed", out(`{"type":["string","null"]}`), out(`{"type":"string"}`), []string{"drift/output-type-narrowed /outputSchema/properties/a/type"}},
		{"output changed", out(`{"type":"string"}`), out(`{"type":"object"}`), []string{"drift/output-type-changed /outputSchema/properties/a/type"}},
		{"inside an anyOf branch", prop(`{"anyOf":[{"type":"object","properties":{"x":{"type":"string"}}},{"type":"null"}]}`),
			prop(`{"anyOf":[{"type":"null"},{"type":"object","properties":{"x":{"type":"integer"}}}]}`),
			[]string{"drift/input-type-changed /inputSchema/properties/a/anyOf/1/properties/x/type"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}
