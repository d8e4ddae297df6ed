package drift

import "testing"

func TestEnumCheck(t *testing.T) {
	prop := func(s string) string { return tool(`{"type":"object","properties":{"a":` + s + `}}`) }
	out := func(s string) string { return outTool(`{"type":"object","properties":{"a":` + s + `}}`) }
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"input value removed", prop(`{"enum":["a","b"]}`), prop(`{"enum":["a"]}`), []string{"drift/input-enum-value-removed /inputSchema/properties/a/enum"}},
		{"input value added", prop(`{"enum":["a"]}`), prop(`{"enum":["a","b"]}`), []string{"drift/input-enum-value-added /inputSchema/properties/a/enum"}},
		{"reordered", prop(`{"enum":["a","b",1]}`), prop(`{"enum":[1,"b","a"]}`), nil},
		{"enum introduced restricts", prop(`{"type":"string"}`), prop(`{"type":"string","enum":["a"]}`), []string{"drift/input-constraint-tightened /inputSchema/properties/a/enum"}},
		{"enum dropped relaxes", prop(`{"type":"string","enum":["a"]}`), prop(`{"type":"string"}`), []string{"drift/input-constraint-relaxed /inputSchema/properties/a"}},
		{"const changed", prop(`{"const":"x"}`), prop(`{"const":"y"}`), []string{"drift/input-enum-value-added /inputSchema/properties/a/const", "drift/input-enum-value-removed /inputSchema/properties/a/const"}},
		{"output value added breaks", out(`{"enum":["open"]}`), out(`{"enum":["open","merged"]}`), []string{"drift/output-enum-value-added /outputSchema/properties/a/enum"}},
		{"output value removed", out(`{"enum":["open","merged"]}`), out(`{"enum":["open"]}`), []string{"drift/output-enum-value-removed /outputSchema/properties/a/enum"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}
