package drift

import "testing"

func TestPropertiesCheck(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"input property removed", tool(`{"type":"object","properties":{"a":{"type":"string"},"b":{}}}`), tool(`{"type":"object","properties":{"a":{"type":"string"}}}`),
			[]string{"drift/input-property-removed /inputSchema/properties/b"}},
		{"optional input property added", tool(`{"type":"object","properties":{}}`), tool(`{"type":"object","properties":{"a":{"type":"string"}}}`),
			[]string{"drift/input-property-added /inputSchema/properties/a"}},
		{"nested in items", tool(`{"type":"object","properties":{"xs":{"type":"array","items":{"type":"object","properties":{"k":{}}}}}}`),
			tool(`{"type":"object","properties":{"xs":{"type":"array","items":{"type":"object","properties":{}}}}}`),
			[]string{"drift/input-property-removed /inputSchema/properties/xs/items/properties/k"}},
		{"output property removed", outTool(`{"type":"object","properties":{"id":{"type":"string"}}}`), outTool(`{"type":"object","properties":{}}`),
			[]string{"drift/output-property-removed /outputSchema/properties/id"}},
		{"output property added", outTool(`{"type":"object","properties":{}}`), outTool(`{"type":"object","properties":{"id":{"type":"string"}}}`),
			[]string{"drift/output-property-added /outputSchema/properties/id"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}

func TestRemovalPointsAtTheOldFile(t *testing.T) {
	fs := expectDrift(t, tool(`{"type":"object",
"properties":{"gone":{}}}`), tool(`{"type":"object","properties":{}}`), "drift/input-property-removed /inputSchema/properties/gone")
	if len(fs) == 1 && (fs[0].File != "old.json" || fs[0].Line != 2) {
		t.Errorf("removal located at %s:%d, want old.json:2", fs[0].File, fs[0].Line)
	}
}
