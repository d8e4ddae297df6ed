package lint

import "testing"

func TestMCPOutputSchemaRootNotObject(t *testing.T) {
	arrayOut := `{"name":"list","inputSchema":{"type":"object"},"outputSchema":{"type":"array","items":{"type":"string"}}}`
	cases := []struct {
		name, tool, version string
		want                []string
	}{
		// testdata/corpus/servers/npm-server-memory.json: object outputSchema.
		{"corpus object output", `{"name":"read_graph","inputSchema":{"type":"object"},"outputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"entities":{"type":"array"}}}}`, MCP20251125, nil},
		{"no outputSchema", `{"name":"t","inputSchema":{"type":"object"}}`, MCP20250618, nil},
		{"array root on 2025-11-25", arrayOut, MCP20251125, []string{"/outputSchema/type"}},
		{"array root on 2025-06-18", arrayOut, MCP20250618, []string{"/outputSchema/type"}},
		// SEP-2106 §2: any root is allowed from 2026-07-28.
		{"array root on 2026-07-28", arrayOut, MCP20260728, nil},
		{"boolean on 2025-11-25", `{"name":"t","inputSchema":{"type":"object"},"outputSchema":true}`, MCP20251125, []string{"/outputSchema"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := pointers(lintTool(t, "mcp/output-schema-root-not-object", c.tool, Options{MCPVersion: c.version}))
			if len(got) != len(c.want) || (len(got) > 0 && got[0] != c.want[0]) {
				t.Errorf("pointers = %q, want %q", got, c.want)
			}
		})
	}
}
