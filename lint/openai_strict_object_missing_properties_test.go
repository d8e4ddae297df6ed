package lint

import "testing"

func TestOpenAIStrictObjectMissingProperties(t *testing.T) {
	runProviderCases(t, "openai-strict/object-missing-properties", []providerCase{
		// testdata/corpus/servers/npm-executeautomation-playwright-mcp-server.json playwright_get: headers is a map.
		{"nested map", `{"name":"playwright_get","inputSchema":{"type":"object","properties":{"headers":{"type":"object","description":"Additional headers to include in the request","additionalProperties":{"type":"string"}}},"required":["url"]}}`,
			[]string{"/inputSchema/properties/headers"}},
		// github/github-mcp-server#1548: a bare root.
		{"bare root", `{"name":"get_me","inputSchema":{"type":"object"}}`, []string{"/inputSchema"}},
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json write_pdf options.
		{"empty properties", `{"name":"write_pdf","inputSchema":{"type":"object","properties":{"options":{"type":"object","properties":{},"additionalProperties":true}}}}`, nil},
	})
}
