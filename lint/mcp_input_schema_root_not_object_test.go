package lint

import "testing"

func TestMCPInputSchemaRootNotObject(t *testing.T) {
	cases := []struct {
		name, tool string
		want       []string
	}{
		// testdata/corpus/servers/npm-server-everything.json, get-env.
		{"corpus no-params tool", `{"name":"get-env","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{}}}`, nil},
		{"missing", `{"name":"t","description":"d"}`, []string{""}},
		{"null (SEP-1613)", `{"name":"t","inputSchema":null}`, []string{"/inputSchema"}},
		// grafana/mcp-grafana#1054: a boolean schema crashed Claude Desktop's proxy.
		{"boolean", `{"name":"t","inputSchema":true}`, []string{"/inputSchema"}},
		{"no type", `{"name":"t","inputSchema":{"properties":{"a":{"type":"string"}}}}`, []string{"/inputSchema"}},
		// schema-rules.md §1.2: type ["object","null"] fails the schema.ts type.
		{"nullable object", `{"name":"t","inputSchema":{"type":["object","null"]}}`, []string{"/inputSchema/type"}},
		{"array root", `{"name":"t","inputSchema":{"type":"array","items":{"type":"string"}}}`, []string{"/inputSchema/type"}},
		// Anthropic rejects a root combinator without type (schema-rules.md §3).
		{"root anyOf", `{"name":"t","inputSchema":{"anyOf":[{"type":"object"}]}}`, []string{"/inputSchema"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "mcp/input-schema-root-not-object", c.tool, c.want...)
		})
	}
}
