package lint

import (
	"strings"
	"testing"
)

func TestAnthropicToolNameInvalid(t *testing.T) {
	runProviderCases(t, "anthropic/tool-name-invalid", []providerCase{
		// testdata/corpus/servers/npm-server-everything.json.
		{"valid", `{"name":"gzip-file-as-resource","inputSchema":{"type":"object"}}`, nil},
		// home-assistant/core#147760: dotted names.
		{"dots", `{"name":"admin.tools.list","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"128 characters", `{"name":"` + strings.Repeat("a", 128) + `","inputSchema":{"type":"object"}}`, nil},
		// anthropics/claude-code#96152.
		{"129 characters", `{"name":"` + strings.Repeat("a", 129) + `","inputSchema":{"type":"object"}}`, []string{"/name"}},
	})
}
