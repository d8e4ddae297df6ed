package lint

import "testing"

func TestGeminiJSONSchemaToolNameInvalid(t *testing.T) {
	runProviderCases(t, "gemini-jsonschema/tool-name-invalid", []providerCase{
		// testdata/corpus/servers/npm-upstash-context7-mcp.json.
		{"valid", `{"name":"resolve-library-id","inputSchema":{"type":"object"}}`, nil},
		// LLMKube#1525: a slash separator.
		{"slash", `{"name":"github/create_issue","inputSchema":{"type":"object"}}`, []string{"/name"}},
	})
}
