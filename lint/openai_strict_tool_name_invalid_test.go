package lint

import "testing"

func TestOpenAIStrictToolNameInvalid(t *testing.T) {
	runProviderCases(t, "openai-strict/tool-name-invalid", []providerCase{
		// testdata/corpus/servers/npm-upstash-context7-mcp.json.
		{"valid", `{"name":"resolve-library-id","inputSchema":{"type":"object"}}`, nil},
		// The MCP spec's own example name (reference §1.3).
		{"dots", `{"name":"admin.tools.list","inputSchema":{"type":"object"}}`, []string{"/name"}},
	})
}
