package lint

import "testing"

func TestOpenAIPropertyNotSchema(t *testing.T) {
	runProviderCases(t, "openai/property-not-schema", []providerCase{
		// anthropics/anthropic-sdk-java#241: type names written where schemas belong.
		{"shorthand", `{"name":"t","inputSchema":{"type":"object","properties":{"count":"number","name":{"type":"string"}}}}`,
			[]string{"/inputSchema/properties"}},
		// grafana/mcp-grafana#594: a boolean schema is a schema.
		{"boolean", `{"name":"t","inputSchema":{"type":"object","properties":{"model":true}}}`, nil},
		// testdata/corpus/servers/npm-tavily-mcp.json tavily_extract (cut).
		{"schemas", `{"name":"tavily_extract","inputSchema":{"type":"object","properties":{"query":{"type":"string"}}}}`, nil},
	})
}
