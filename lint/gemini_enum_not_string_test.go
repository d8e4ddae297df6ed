package lint

import "testing"

func TestGeminiEnumNotString(t *testing.T) {
	runProviderCases(t, "gemini/enum-not-string", []providerCase{
		// testdata/corpus/servers/npm-tavily-mcp.json tavily_extract (cut).
		{"strings", `{"name":"tavily_extract","inputSchema":{"type":"object","properties":{"extract_depth":{"type":"string","enum":["basic","advanced"]}}}}`, nil},
		// microsoft/azure-devops-mcp#139: an integer enum.
		{"integers", `{"name":"t","inputSchema":{"type":"object","properties":{"depth":{"type":"integer","enum":[1,2,3]}}}}`,
			[]string{"/inputSchema/properties/depth/enum"}},
		// anomalyco/opencode#2687: a boolean value.
		{"boolean", `{"name":"t","inputSchema":{"type":"object","properties":{"flag":{"enum":[true,"auto"]}}}}`,
			[]string{"/inputSchema/properties/flag/enum"}},
	})
}
