package lint

import "testing"

func TestGeminiObjectKeywordsOnNonObject(t *testing.T) {
	runProviderCases(t, "gemini/object-keywords-on-non-object", []providerCase{
		// langchain-ai/langchain#39271 (reference §2.4): required-only anyOf branches.
		{"anyOf branches", `{"name":"t","inputSchema":{"type":"object","properties":{"content":{"type":"string"},"source_url":{"type":"string"}},"anyOf":[{"required":["content"]},{"required":["source_url"]}]}}`,
			[]string{"/inputSchema/anyOf/0/required", "/inputSchema/anyOf/1/required"}},
		// anomalyco/opencode#11889: properties on an untyped parameter.
		{"untyped", `{"name":"t","inputSchema":{"type":"object","properties":{"data":{"properties":{"x":{"type":"string"}}}}}}`,
			[]string{"/inputSchema/properties/data/properties"}},
		// testdata/corpus/servers/npm-server-memory.json open_nodes.
		{"typed", `{"name":"open_nodes","inputSchema":{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"}}},"required":["names"]}}`, nil},
	})
}
