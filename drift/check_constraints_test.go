package drift

import "testing"

func TestConstraintsCheck(t *testing.T) {
	prop := func(s string) string { return tool(`{"type":"object","properties":{"a":` + s + `}}`) }
	out := func(s string) string { return outTool(`{"type":"object","properties":{"a":` + s + `}}`) }
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"maxLength decreased", prop(`{"type":"string","maxLength":10}`), prop(`{"type":"string","maxLength":5}`), []string{"drift/input-constraint-tightened /inputSchema/properties/a/maxLength"}},
		{"maxLength increased", prop(`{"type":"string","maxLength":5}`), prop(`{"type":"string","maxLength":10}`), []string{"drift/input-constraint-relaxed /inputSchema/properties/a/maxLength"}},
		{"minimum set", prop(`{"type":"integer"}`), prop(`{"type":"integer","minimum":1}`), []string{"drift/input-constraint-tightened /inputSchema/properties/a/minimum"}},
		{"minimum removed", prop(`{"type":"integer","minimum":1}`), prop(`{"type":"integer"}`), []string{"drift/input-constraint-relaxed /inputSchema/properties/a"}},
		{"same bound spelled differently", prop(`{"type":"integer","maximum":10}`), prop(`{"type":"integer","maximum":10.0}`), nil},
		{"pattern added", prop(`{"type":"string"}`), prop(`{"type":"string","pattern":"^[a-z]+$"}`), []string{"drift/input-constraint-tightened /inputSchema/properties/a/pattern"}},
		{"pattern changed", prop(`{"type":"string","pattern":"^a"}`), prop(`{"type":"string","pattern":"^b"}`), []string{"drift/input-constraint-tightened /inputSchema/properties/a/pattern"}},
		{"multipleOf finer relaxes", prop(`{"type":"number","multipleOf":10}`), prop(`{"type":"number","multipleOf":5}`), []string{"drift/input-constraint-relaxed /inputSchema/properties/a/multipleOf"}},
		{"multipleOf coarser tightens", prop(`{"type":"number","multipleOf":5}`), prop(`{"type":"number","multipleOf":10}`), []string{"drift/input-constraint-tightened /inputSchema/properties/a/multipleOf"}},
		{"uniqueItems demanded", prop(`{"type":"array"}`), prop(`{"type":"array","uniqueItems":true}`), []string{"drift/input-constraint-tightened /inputSchema/properties/a/uniqueItems"}},
		{"not added", prop(`{}`), prop(`{"not":{"type":"null"}}`), []string{"drift/input-constraint-tightened /inputSchema/properties/a/not"}},
		{"output maxLength increased breaks", out(`{"type":"string","maxLength":5}`), out(`{"type":"string","maxLength":10}`), []string{"drift/output-constraint-relaxed /outputSchema/properties/a/maxLength"}},
		{"output maxLength decreased", out(`{"type":"string","maxLength":10}`), out(`{"type":"string","maxLength":5}`), []string{"drift/output-constraint-tightened /outputSchema/properties/a/maxLength"}},
		{"items turned into a tuple", prop(`{"type":"array","items":{"type":"string"}}`), prop(`{"type":"array","items":[{"type":"string"}]}`), []string{"drift/input-constraint-tightened /inputSchema/properties/a/items"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}
