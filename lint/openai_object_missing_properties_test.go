package lint

import "testing"

func TestOpenAIObjectMissingProperties(t *testing.T) {
	runProviderCases(t, "openai/object-missing-properties", []providerCase{
		// github/github-mcp-server#1548: a parameterless tool as {"type":"object"}.
		{"bare root", `{"name":"get_me","inputSchema":{"type":"object"}}`, []string{"/inputSchema"}},
		// testdata/corpus/servers/npm-mcp-server-sqlite-npx.json list_tables.
		{"empty properties", `{"name":"list_tables","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{}}}`, nil},
		// testdata/corpus/servers/npm-executeautomation-playwright-mcp-server.json playwright_get: a nested map is fine here.
		{"nested map", `{"name":"playwright_get","inputSchema":{"type":"object","properties":{"headers":{"type":"object","additionalProperties":{"type":"string"}}},"required":["url"]}}`, nil},
	})
}
