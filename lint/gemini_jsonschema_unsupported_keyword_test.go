package lint

import "testing"

func TestGeminiJSONSchemaUnsupportedKeyword(t *testing.T) {
	runProviderCases(t, "gemini-jsonschema/unsupported-keyword", []providerCase{
		// testdata/corpus/servers/npm-figma-developer-mcp.json download_figma_images (cut): exclusiveMinimum and default are ignored.
		{"ignored", `{"name":"download_figma_images","inputSchema":{"type":"object","properties":{"pngScale":{"type":"number","exclusiveMinimum":0,"default":2}}}}`,
			[]string{"/inputSchema/properties/pngScale/exclusiveMinimum", "/inputSchema/properties/pngScale/default"}},
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json set_config_value (cut): the supported subset, type null and anyOf included.
		{"supported", `{"name":"set_config_value","inputSchema":{"type":"object","properties":{"value":{"anyOf":[{"type":"string"},{"type":"null"}]}},"required":["value"],"additionalProperties":false}}`, nil},
	})
	fs := lintTool(t, "gemini-jsonschema/unsupported-keyword", `{"name":"t","inputSchema":{"type":"object","minProperties":1}}`, Options{})
	if len(fs) != 1 || fs[0].Severity.String() != "warning" {
		t.Errorf("unknown keywords are ignored by this path, so they warn: %+v", fs)
	}
}
