package lint

import "testing"

func TestGeminiUnsupportedKeyword(t *testing.T) {
	runProviderCases(t, "gemini/unsupported-keyword", []providerCase{
		// testdata/corpus/servers/npm-server-filesystem.json read_multiple_files.
		{"$schema", `{"name":"read_multiple_files","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"paths":{"minItems":1,"type":"array","items":{"type":"string"}}},"required":["paths"]}}`,
			[]string{"/inputSchema/$schema"}},
		// testdata/corpus/servers/npm-executeautomation-playwright-mcp-server.json playwright_get.
		{"additionalProperties", `{"name":"playwright_get","inputSchema":{"type":"object","properties":{"headers":{"type":"object","additionalProperties":{"type":"string"}}},"required":["url"]}}`,
			[]string{"/inputSchema/properties/headers/additionalProperties"}},
		// testdata/corpus/servers/npm-figma-developer-mcp.json download_figma_images (cut): exclusiveMinimum.
		{"exclusiveMinimum", `{"name":"download_figma_images","inputSchema":{"type":"object","properties":{"pngScale":{"type":"number","exclusiveMinimum":0,"default":2}}}}`,
			[]string{"/inputSchema/properties/pngScale/exclusiveMinimum"}},
		// testdata/corpus/servers/npm-tavily-mcp.json tavily_extract (cut): all fields known; a parameter named "format" is a property.
		{"allowed", `{"name":"tavily_extract","inputSchema":{"type":"object","properties":{"format":{"type":"string","enum":["markdown","text"],"description":"Output format","default":"markdown"}},"required":["urls"]}}`, nil},
		{"refs are gemini/ref", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string"}}}}`, nil},
	})
}
