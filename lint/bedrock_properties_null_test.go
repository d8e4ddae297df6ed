package lint

import "testing"

func TestBedrockPropertiesNull(t *testing.T) {
	runProviderCases(t, "bedrock/properties-null", []providerCase{
		// maximhq/bifrost#1720: a nil Go map.
		{"null", `{"name":"t","inputSchema":{"type":"object","properties":null}}`, []string{"/inputSchema/properties"}},
		// testdata/corpus/servers/npm-mcp-server-sqlite-npx.json list_tables.
		{"empty", `{"name":"list_tables","inputSchema":{"type":"object","properties":{}}}`, nil},
	})
}
