package lint

import "testing"

func TestAnthropicRootCombinator(t *testing.T) {
	runProviderCases(t, "anthropic/root-combinator", []providerCase{
		// langchain-ai/langchain#39271.
		{"anyOf beside type", `{"name":"t","inputSchema":{"type":"object","properties":{"content":{"type":"string"},"source_url":{"type":"string"}},"anyOf":[{"required":["content"]},{"required":["source_url"]}]}}`,
			[]string{"/inputSchema/anyOf"}},
		// MoonshotAI/kimi-code#2328.
		{"oneOf root", `{"name":"t","inputSchema":{"oneOf":[{"required":["video_input_id"]},{"required":["youtube_url"]}]}}`,
			[]string{"/inputSchema/oneOf"}},
		// testdata/corpus/servers/github-mcp-server.json update_issue_labels (cut): nested oneOf is accepted.
		{"nested", `{"name":"update_issue_labels","inputSchema":{"properties":{"labels":{"items":{"oneOf":[{"type":"string"},{"type":"object"}]},"type":"array"}},"type":"object"}}`, nil},
	})
}
