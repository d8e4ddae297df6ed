package lint

import "testing"

func TestGeminiRequiredNotInProperties(t *testing.T) {
	runProviderCases(t, "gemini/required-not-in-properties", []providerCase{
		// testdata/corpus/servers/npm-executeautomation-playwright-mcp-server.json playwright_get (cut to headers):
		// "url" stays required after the cut, as a server drops a property but not its name.
		{"dangling", `{"name":"playwright_get","inputSchema":{"type":"object","properties":{"headers":{"type":"object"}},"required":["url"]}}`,
			[]string{"/inputSchema/required/0"}},
		// goruck/home-generative-agent#525: required inside an anyOf branch without properties.
		{"branch", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string"}},"anyOf":[{"required":["a"]},{"required":["b"]}]}}`,
			[]string{"/inputSchema/anyOf/0/required/0", "/inputSchema/anyOf/1/required/0"}},
		// testdata/corpus/servers/npm-server-filesystem.json read_multiple_files.
		{"defined", `{"name":"read_multiple_files","inputSchema":{"type":"object","properties":{"paths":{"type":"array","items":{"type":"string"}}},"required":["paths"]}}`, nil},
	})
}
