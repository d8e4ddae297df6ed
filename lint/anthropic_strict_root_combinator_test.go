package lint

import "testing"

func TestAnthropicStrictRootCombinator(t *testing.T) {
	runProviderCases(t, "anthropic-strict/root-combinator", []providerCase{
		// cloudflare/mcp-server-cloudflare#224: allOf at the root.
		{"allOf", `{"name":"t","inputSchema":{"allOf":[{"type":"object","properties":{"a":{"type":"string"}}}]}}`, []string{"/inputSchema/allOf"}},
		// testdata/corpus/servers/npm-mcp-server-sqlite-npx.json list_tables.
		{"plain", `{"name":"list_tables","inputSchema":{"type":"object","properties":{}}}`, nil},
	})
}
