package lint

import "testing"

func TestAnthropicPropertyNotSchema(t *testing.T) {
	runProviderCases(t, "anthropic/property-not-schema", []providerCase{
		// anthropics/anthropic-sdk-java#241, nested in an array item.
		{"nested shorthand", `{"name":"t","inputSchema":{"type":"object","properties":{"rows":{"type":"array","items":{"type":"object","properties":{"x":"number","y":null}}}}}}`,
			[]string{"/inputSchema/properties/rows/items/properties"}},
		// testdata/corpus/servers/npm-server-memory.json open_nodes.
		{"schemas", `{"name":"open_nodes","inputSchema":{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"}}},"required":["names"]}}`, nil},
	})
}
