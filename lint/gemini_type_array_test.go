package lint

import "testing"

func TestGeminiTypeArray(t *testing.T) {
	runProviderCases(t, "gemini/type-array", []providerCase{
		// testdata/corpus/servers/github-mcp-server.json issue_write (cut): a scalar union inside items.
		{"union in items", `{"name":"issue_write","inputSchema":{"properties":{"issue_fields":{"items":{"properties":{"value":{"type":["string","number","boolean"]}},"type":"object"},"type":"array"}},"type":"object"}}`,
			[]string{"/inputSchema/properties/issue_fields/items/properties/value/type"}},
		// testdata/corpus/servers/npm-kazuph-mcp-fetch.json imageFetch (cut).
		{"nullable style", `{"name":"imageFetch","inputSchema":{"type":"object","properties":{"raw":{"type":["boolean","string"],"default":false}}}}`,
			[]string{"/inputSchema/properties/raw/type"}},
		{"single type", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","nullable":true}}}}`, nil},
	})
}
