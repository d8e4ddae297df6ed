package lint

import "testing"

func TestOpenAIStrictUnsupportedFormat(t *testing.T) {
	runProviderCases(t, "openai-strict/unsupported-format", []providerCase{
		// testdata/corpus/servers/npm-kazuph-mcp-fetch.json imageFetch url.
		{"uri", `{"name":"imageFetch","inputSchema":{"type":"object","properties":{"url":{"type":"string","format":"uri"}}}}`,
			[]string{"/inputSchema/properties/url/format"}},
		{"date-time", `{"name":"t","inputSchema":{"type":"object","properties":{"since":{"type":"string","format":"date-time"}}}}`, nil},
		// testdata/corpus/servers/npm-tavily-mcp.json tavily_extract: a parameter named format is not a format.
		{"property named format", `{"name":"tavily_extract","inputSchema":{"type":"object","properties":{"format":{"type":"string","enum":["markdown","text"],"default":"markdown"}}}}`, nil},
	})
}
