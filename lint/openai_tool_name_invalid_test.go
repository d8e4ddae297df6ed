package lint

import (
	"strings"
	"testing"
)

func TestOpenAIToolNameInvalid(t *testing.T) {
	const id = "openai/tool-name-invalid"
	runProviderCases(t, id, []providerCase{
		// testdata/corpus/servers/github-mcp-server.json add_issue_comment: a valid snake_case name.
		{"snake case", `{"name":"add_issue_comment","inputSchema":{"type":"object"}}`, nil},
		// testdata/corpus/servers/npm-upstash-context7-mcp.json: dashes are allowed.
		{"dashes", `{"name":"resolve-library-id","inputSchema":{"type":"object"}}`, nil},
		// openai/codex#8174, via the reference §1.3.
		{"dot", `{"name":"calendar.respondToEvent","inputSchema":{"type":"object"}}`, []string{"/name"}},
		// LLMKube#1525: a slash separator.
		{"slash", `{"name":"github/create_issue","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"65 characters", `{"name":"` + strings.Repeat("a", 65) + `","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"64 characters", `{"name":"` + strings.Repeat("a", 64) + `","inputSchema":{"type":"object"}}`, nil},
		{"empty", `{"name":"","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"not a string is the mcp profile's finding", `{"name":7,"inputSchema":{"type":"object"}}`, nil},
	})
	fs := expectPointers(t, id, `{"name":"admin.tools list","inputSchema":{"type":"object"}}`, "/name")
	if len(fs) == 1 && !strings.Contains(fs[0].Message, `'.', ' '`) {
		t.Errorf("message should name both bad characters: %q", fs[0].Message)
	}
}
