package drift

import "testing"

func TestAdditionalPropertiesCheck(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"input closed", tool(`{"type":"object"}`), tool(`{"type":"object","additionalProperties":false}`), []string{"drift/input-additional-properties-closed /inputSchema/additionalProperties"}},
		{"input narrowed to a schema", tool(`{"type":"object","additionalProperties":true}`), tool(`{"type":"object","additionalProperties":{"type":"string"}}`), []string{"drift/input-additional-properties-closed /inputSchema/additionalProperties"}},
		{"input opened", tool(`{"type":"object","additionalProperties":false}`), tool(`{"type":"object"}`), []string{"drift/input-constraint-relaxed /inputSchema"}},
		{"explicit true equals absent", tool(`{"type":"object"}`), tool(`{"type":"object","additionalProperties":true}`), nil},
		{"schema to schema compared inside", tool(`{"type":"object","additionalProperties":{"type":"string"}}`), tool(`{"type":"object","additionalProperties":{"type":"integer"}}`),
			[]string{"drift/input-type-changed /inputSchema/additionalProperties/type"}},
		{"output opened breaks", outTool(`{"type":"object","additionalProperties":false}`), outTool(`{"type":"object"}`), []string{"drift/output-constraint-relaxed /outputSchema"}},
		{"output closed", outTool(`{"type":"object"}`), outTool(`{"type":"object","additionalProperties":false}`), []string{"drift/output-constraint-tightened /outputSchema/additionalProperties"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}
