package lint

import "testing"

func TestOpenAIStrictArrayMissingItems(t *testing.T) {
	runProviderCases(t, "openai-strict/array-missing-items", []providerCase{
		// sigoden/aichat#1049: an untyped array parameter.
		{"missing", `{"name":"t","inputSchema":{"type":"object","properties":{"ids":{"type":"array"}},"required":["ids"],"additionalProperties":false}}`,
			[]string{"/inputSchema/properties/ids"}},
		// testdata/corpus/servers/npm-tavily-mcp.json tavily_extract urls.
		{"present", `{"name":"tavily_extract","inputSchema":{"type":"object","properties":{"urls":{"type":"array","items":{"type":"string"}}}}}`, nil},
	})
}
