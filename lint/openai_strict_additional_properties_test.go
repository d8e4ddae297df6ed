package lint

import "testing"

func TestOpenAIStrictAdditionalPropertiesNotFalse(t *testing.T) {
	runProviderCases(t, "openai-strict/additional-properties-not-false", []providerCase{
		// testdata/corpus/servers/github-mcp-server.json issue_write (cut): items set it, the root does not.
		{"root missing, items set", `{"name":"issue_write","inputSchema":{"properties":{"issue_fields":{"items":{"additionalProperties":false,"properties":{"field_name":{"type":"string"}},"required":["field_name"],"type":"object"},"type":"array"}},"type":"object"}}`,
			[]string{"/inputSchema"}},
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json write_pdf (cut): true on a nested object inside anyOf/items.
		{"true nested in anyOf", `{"name":"write_pdf","inputSchema":{"type":"object","properties":{"content":{"anyOf":[{"type":"string"},{"type":"array","items":{"anyOf":[{"type":"object","properties":{"pdfOptions":{"type":"object","properties":{},"additionalProperties":true}},"required":["pdfOptions"],"additionalProperties":false}]}}]}},"required":["content"],"additionalProperties":false}}`,
			[]string{"/inputSchema/properties/content/anyOf/1/items/anyOf/0/properties/pdfOptions/additionalProperties"}},
		// testdata/corpus/servers/npm-executeautomation-playwright-mcp-server.json playwright_get: a map, and a root without the keyword.
		{"map", `{"name":"playwright_get","inputSchema":{"type":"object","properties":{"headers":{"type":"object","additionalProperties":{"type":"string"}}}}}`,
			[]string{"/inputSchema", "/inputSchema/properties/headers/additionalProperties"}},
		// $defs are object nodes too.
		{"defs", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"required":["a"],"additionalProperties":false,"$defs":{"A":{"type":"object","properties":{}}}}}`,
			[]string{"/inputSchema/$defs/A"}},
		// A string schema is not an object node.
		{"not objects", `{"name":"t","inputSchema":{"type":"object","properties":{"s":{"type":"string"}},"required":["s"],"additionalProperties":false}}`, nil},
	})
}
