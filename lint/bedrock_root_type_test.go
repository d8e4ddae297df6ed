package lint

import "testing"

func TestBedrockRootType(t *testing.T) {
	runProviderCases(t, "bedrock/root-type", []providerCase{
		// earendil-works/pi#8279: a root oneOf without a type.
		{"oneOf root", `{"name":"t","inputSchema":{"oneOf":[{"type":"object","properties":{"a":{"type":"string"}}}]}}`, []string{"/inputSchema"}},
		{"nullable root", `{"name":"t","inputSchema":{"type":["object","null"]}}`, []string{"/inputSchema/type"}},
		// testdata/corpus/servers/npm-mcp-server-sqlite-npx.json list_tables.
		{"object", `{"name":"list_tables","inputSchema":{"type":"object","properties":{}}}`, nil},
	})
}
