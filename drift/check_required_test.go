package drift

import "testing"

func TestRequiredCheck(t *testing.T) {
	obj := func(props, req string) string {
		return tool(`{"type":"object","properties":` + props + `,"required":` + req + `}`)
	}
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"new required property", obj(`{}`, `[]`), obj(`{"a":{}}`, `["a"]`),
			[]string{"drift/input-required-property-added /inputSchema/required/0"}},
		{"became required", obj(`{"a":{}}`, `[]`), obj(`{"a":{}}`, `["a"]`),
			[]string{"drift/input-property-became-required /inputSchema/required/0"}},
		{"became optional", obj(`{"a":{}}`, `["a"]`), obj(`{"a":{}}`, `[]`),
			[]string{"drift/input-property-became-optional /inputSchema/properties/a"}},
		// A removed required property is one finding, not two.
		{"required property removed", obj(`{"a":{}}`, `["a"]`), obj(`{}`, `[]`),
			[]string{"drift/input-property-removed /inputSchema/properties/a"}},
		{"reordered required is no change", obj(`{"a":{},"b":{}}`, `["a","b"]`), obj(`{"b":{},"a":{}}`, `["b","a"]`), nil},
		{"output field no longer guaranteed", outTool(`{"type":"object","properties":{"a":{}},"required":["a"]}`), outTool(`{"type":"object","properties":{"a":{}}}`),
			[]string{"drift/output-required-property-removed /outputSchema/required/0"}},
		{"output field now guaranteed", outTool(`{"type":"object","properties":{"a":{}}}`), outTool(`{"type":"object","properties":{"a":{}},"required":["a"]}`),
			[]string{"drift/output-required-property-added /outputSchema/required/0"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}
