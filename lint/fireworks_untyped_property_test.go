package lint

import "testing"

func TestFireworksUntypedProperty(t *testing.T) {
	runProviderCases(t, "fireworks/untyped-property", []providerCase{
		// docker/mcp-gateway#234: a description-only property.
		{"description only", `{"name":"t","inputSchema":{"type":"object","properties":{"value":{"description":"Any value"}}}}`,
			[]string{"/inputSchema/properties/value"}},
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json edit_block (cut): content is {}.
		{"empty", `{"name":"edit_block","inputSchema":{"type":"object","properties":{"file_path":{"type":"string"},"content":{}},"required":["file_path"]}}`,
			[]string{"/inputSchema/properties/content"}},
		// testdata/corpus/servers/npm-kazuph-mcp-fetch.json imageFetch (cut): an allOf property has a shape.
		{"allOf", `{"name":"imageFetch","inputSchema":{"type":"object","properties":{"startIndex":{"allOf":[{"type":["number","string"]},{"type":"number","minimum":0}],"default":0}}}}`, nil},
		// testdata/corpus/servers/npm-tavily-mcp.json tavily_extract (cut).
		{"typed", `{"name":"tavily_extract","inputSchema":{"type":"object","properties":{"query":{"type":"string","description":"Query to rerank content chunks by relevance"}}}}`, nil},
	})
}
