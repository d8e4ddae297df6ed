package lint

import "testing"

func TestAnthropicStrictToolNameInvalid(t *testing.T) {
	runProviderCases(t, "anthropic-strict/tool-name-invalid", []providerCase{
		// testdata/corpus/servers/npm-server-everything.json.
		{"valid", `{"name":"trigger-url-elicitation","inputSchema":{"type":"object"}}`, nil},
		// openai/codex#8174's name, refused by Anthropic too (reference §1.3).
		{"dots", `{"name":"calendar.respondToEvent","inputSchema":{"type":"object"}}`, []string{"/name"}},
	})
}
