package lint

import "testing"

func TestAnthropicStrictUnsupportedFormat(t *testing.T) {
	runProviderCases(t, "anthropic-strict/unsupported-format", []providerCase{
		// testdata/corpus/servers/npm-kazuph-mcp-fetch.json imageFetch: uri is supported here (not by OpenAI strict).
		{"uri", `{"name":"imageFetch","inputSchema":{"type":"object","properties":{"url":{"type":"string","format":"uri"}}}}`, nil},
		// OpenAPI's byte format (reference §2.1 lists it among refused formats).
		{"byte", `{"name":"t","inputSchema":{"type":"object","properties":{"blob":{"type":"string","format":"byte"}}}}`,
			[]string{"/inputSchema/properties/blob/format"}},
	})
}
