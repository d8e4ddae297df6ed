package lint

import "testing"

func TestGeminiArrayMissingItems(t *testing.T) {
	runProviderCases(t, "gemini/array-missing-items", []providerCase{
		// ogx-ai/ogx#3004: eda_hosts without items.
		{"missing", `{"name":"t","inputSchema":{"type":"object","properties":{"eda_hosts":{"type":"array","description":"hosts"}}}}`,
			[]string{"/inputSchema/properties/eda_hosts"}},
		// testdata/corpus/servers/npm-server-memory.json open_nodes.
		{"present", `{"name":"open_nodes","inputSchema":{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"}}},"required":["names"]}}`, nil},
	})
}
