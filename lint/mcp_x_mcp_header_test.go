package lint

import "testing"

// Fragments follow MCP 2026-07-28 server/tools.mdx §x-mcp-header (SEP-2243)
// and the Go SDK v1.8.0 checks in mcp/streamable_headers.go; no corpus server
// uses x-mcp-header yet.
func TestMCPXMCPHeaderRules(t *testing.T) {
	valid := `{"name":"query","inputSchema":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"filter":{"type":"object","properties":{"tenant":{"type":"integer","x-mcp-header":"Tenant-Id"}}}}}}`
	cases := []struct {
		rule, name, tool string
		want             []string
	}{
		{"mcp/x-mcp-header-invalid-name", "valid", valid, nil},
		{"mcp/x-mcp-header-invalid-name", "empty", `{"name":"t","inputSchema":{"type":"object","properties":{"r":{"type":"string","x-mcp-header":""}}}}`, []string{"/inputSchema/properties/r/x-mcp-header"}},
		{"mcp/x-mcp-header-invalid-name", "space and colon", `{"name":"t","inputSchema":{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"X Region:"}}}}`, []string{"/inputSchema/properties/r/x-mcp-header"}},
		{"mcp/x-mcp-header-invalid-name", "not a string", `{"name":"t","inputSchema":{"type":"object","properties":{"r":{"type":"string","x-mcp-header":true}}}}`, []string{"/inputSchema/properties/r/x-mcp-header"}},

		{"mcp/x-mcp-header-duplicate", "valid", valid, nil},
		{"mcp/x-mcp-header-duplicate", "case-insensitive", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Region"},"b":{"type":"object","properties":{"c":{"type":"string","x-mcp-header":"region"}}}}}}`, []string{"/inputSchema/properties/b/properties/c/x-mcp-header"}},

		{"mcp/x-mcp-header-type", "valid", valid, nil},
		{"mcp/x-mcp-header-type", "number forbidden", `{"name":"t","inputSchema":{"type":"object","properties":{"amount":{"type":"number","x-mcp-header":"Amount"}}}}`, []string{"/inputSchema/properties/amount/type"}},
		{"mcp/x-mcp-header-type", "object", `{"name":"t","inputSchema":{"type":"object","properties":{"o":{"type":"object","x-mcp-header":"O"}}}}`, []string{"/inputSchema/properties/o/type"}},
		{"mcp/x-mcp-header-type", "nullable", `{"name":"t","inputSchema":{"type":"object","properties":{"o":{"type":["string","null"],"x-mcp-header":"O"}}}}`, []string{"/inputSchema/properties/o/type"}},
		{"mcp/x-mcp-header-type", "no type", `{"name":"t","inputSchema":{"type":"object","properties":{"o":{"x-mcp-header":"O"}}}}`, []string{"/inputSchema/properties/o/x-mcp-header"}},

		{"mcp/x-mcp-header-unreachable", "valid", valid, nil},
		{"mcp/x-mcp-header-unreachable", "under items", `{"name":"t","inputSchema":{"type":"object","properties":{"list":{"type":"array","items":{"type":"string","x-mcp-header":"Item"}}}}}`, []string{"/inputSchema/properties/list/items/x-mcp-header"}},
		{"mcp/x-mcp-header-unreachable", "under anyOf", `{"name":"t","inputSchema":{"type":"object","anyOf":[{"properties":{"r":{"type":"string","x-mcp-header":"Region"}}}]}}`, []string{"/inputSchema/anyOf/0/properties/r/x-mcp-header"}},
		{"mcp/x-mcp-header-unreachable", "under $defs", `{"name":"t","inputSchema":{"type":"object","properties":{"r":{"$ref":"#/$defs/r"}},"$defs":{"r":{"type":"string","x-mcp-header":"Region"}}}}`, []string{"/inputSchema/$defs/r/x-mcp-header"}},

		{"mcp/x-mcp-header-secret", "valid", valid, nil},
		{"mcp/x-mcp-header-secret", "api key header", `{"name":"t","inputSchema":{"type":"object","properties":{"key":{"type":"string","x-mcp-header":"X-Api-Key"}}}}`, []string{"/inputSchema/properties/key/x-mcp-header"}},
		{"mcp/x-mcp-header-secret", "token property", `{"name":"t","inputSchema":{"type":"object","properties":{"github_token":{"type":"string","x-mcp-header":"Auth"}}}}`, []string{"/inputSchema/properties/github_token/x-mcp-header"}},
	}
	for _, c := range cases {
		t.Run(c.rule+"/"+c.name, func(t *testing.T) {
			expectPointers(t, c.rule, c.tool, c.want...)
		})
	}
}
