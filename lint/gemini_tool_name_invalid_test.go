package lint

import (
	"strings"
	"testing"
)

func TestGeminiToolNameInvalid(t *testing.T) {
	runProviderCases(t, "gemini/tool-name-invalid", []providerCase{
		// testdata/corpus/servers/npm-kazuph-mcp-fetch.json.
		{"camel case", `{"name":"imageFetch","inputSchema":{"type":"object"}}`, nil},
		// The MCP spec's example name: dots are fine for Gemini.
		{"dots", `{"name":"admin.tools.list","inputSchema":{"type":"object"}}`, nil},
		{"leading digit", `{"name":"2fa_verify","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"64 characters", `{"name":"` + strings.Repeat("a", 64) + `","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"63 characters", `{"name":"` + strings.Repeat("a", 63) + `","inputSchema":{"type":"object"}}`, nil},
		{"space", `{"name":"Google Search","inputSchema":{"type":"object"}}`, []string{"/name"}},
	})
}
