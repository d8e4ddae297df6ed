package lint

import "testing"

func TestAnthropicStrictMinItems(t *testing.T) {
	runProviderCases(t, "anthropic-strict/min-items", []providerCase{
		// testdata/corpus/servers/npm-server-filesystem.json read_multiple_files.
		{"one", `{"name":"read_multiple_files","inputSchema":{"type":"object","properties":{"paths":{"minItems":1,"type":"array","items":{"type":"string"}}},"required":["paths"]}}`, nil},
		// A pair of coordinates, as a zod .length(2) emits.
		{"two", `{"name":"t","inputSchema":{"type":"object","properties":{"point":{"type":"array","items":{"type":"number"},"minItems":2,"maxItems":2}}}}`,
			[]string{"/inputSchema/properties/point/minItems"}},
	})
}
