package lint

import "testing"

func TestAnthropicStrictAdditionalPropertiesNotFalse(t *testing.T) {
	runProviderCases(t, "anthropic-strict/additional-properties-not-false", []providerCase{
		// testdata/corpus/servers/npm-executeautomation-playwright-mcp-server.json playwright_get: headers is a map.
		{"map", `{"name":"playwright_get","inputSchema":{"type":"object","properties":{"headers":{"type":"object","additionalProperties":{"type":"string"}}},"required":["url"]}}`,
			[]string{"/inputSchema/properties/headers/additionalProperties"}},
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json write_pdf (cut).
		{"true and false", `{"name":"write_pdf","inputSchema":{"type":"object","properties":{"options":{"type":"object","properties":{},"additionalProperties":true}},"additionalProperties":false}}`,
			[]string{"/inputSchema/properties/options/additionalProperties"}},
		// Absent is forced to false by the SDK.
		{"absent", `{"name":"list_tables","inputSchema":{"type":"object","properties":{}}}`, nil},
	})
}
