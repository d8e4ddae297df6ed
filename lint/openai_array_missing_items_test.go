package lint

import "testing"

func TestOpenAIArrayMissingItems(t *testing.T) {
	runProviderCases(t, "openai/array-missing-items", []providerCase{
		// testdata/corpus/servers/npm-server-filesystem.json read_multiple_files.
		{"items present", `{"name":"read_multiple_files","inputSchema":{"type":"object","properties":{"paths":{"minItems":1,"type":"array","items":{"type":"string"}}},"required":["paths"]}}`, nil},
		// mark3labs/mcphost#35: an array parameter without items.
		{"property", `{"name":"t","inputSchema":{"type":"object","properties":{"tags":{"type":"array","description":"tags"}}}}`,
			[]string{"/inputSchema/properties/tags"}},
		// Nullable arrays count too, and nesting in items is reached.
		{"nullable nested", `{"name":"t","inputSchema":{"type":"object","properties":{"m":{"type":"array","items":{"type":["array","null"]}}}}}`,
			[]string{"/inputSchema/properties/m/items"}},
		// An array-typed enum value is data, not a schema.
		{"enum data", `{"name":"t","inputSchema":{"type":"object","properties":{"e":{"type":"string","enum":["array"]}}}}`, nil},
	})
}
