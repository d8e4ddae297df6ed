package lint

import (
	"strings"
	"testing"
)

func TestMCPToolNameInvalid(t *testing.T) {
	cases := []struct {
		name, tool string
		want       []string
	}{
		// Corpus names: npm-server-everything "get-annotated-message",
		// github-mcp-server "list_issues"; spec examples "admin.tools.list", "DATA_EXPORT_v2".
		{"hyphens", `{"name":"get-annotated-message","inputSchema":{"type":"object"}}`, nil},
		{"underscores", `{"name":"list_issues","inputSchema":{"type":"object"}}`, nil},
		{"dots", `{"name":"admin.tools.list","inputSchema":{"type":"object"}}`, nil},
		{"mixed case", `{"name":"DATA_EXPORT_v2","inputSchema":{"type":"object"}}`, nil},
		// LLMKube#1525: "/" separators.
		{"slash", `{"name":"github/list_issues","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"space", `{"name":"list issues","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"empty", `{"name":"","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"129 chars", `{"name":"` + strings.Repeat("a", 129) + `","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"128 chars", `{"name":"` + strings.Repeat("a", 128) + `","inputSchema":{"type":"object"}}`, nil},
		{"not a string", `{"name":7,"inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"missing", `[{"description":"no name","inputSchema":{"type":"object"}}]`, []string{""}},
		{"non-ASCII", `{"name":"résumé","inputSchema":{"type":"object"}}`, []string{"/name"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "mcp/tool-name-invalid", c.tool, c.want...)
		})
	}
}
