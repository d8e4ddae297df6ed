package lint

import "testing"

func TestOpenAIStrictRootNotObject(t *testing.T) {
	runProviderCases(t, "openai-strict/root-not-object", []providerCase{
		// testdata/corpus/servers/npm-mcp-server-sqlite-npx.json list_tables.
		{"object", `{"name":"list_tables","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{}}}`, nil},
		// langchain-ai/langchain#39271 (reference §2.4): a root anyOf beside type object.
		{"root anyOf", `{"name":"t","inputSchema":{"type":"object","properties":{"content":{"type":"string"},"source_url":{"type":"string"}},"anyOf":[{"required":["content"]},{"required":["source_url"]}]}}`,
			[]string{"/inputSchema/anyOf"}},
		// MoonshotAI/kimi-code#2328: no type at the root at all.
		{"no type", `{"name":"t","inputSchema":{"oneOf":[{"required":["video_input_id"]},{"required":["youtube_url"]}]}}`, []string{"/inputSchema"}},
		{"nullable root", `{"name":"t","inputSchema":{"type":["object","null"],"properties":{}}}`, []string{"/inputSchema/type"}},
		{"boolean root", `{"name":"t","inputSchema":true}`, []string{"/inputSchema"}},
		{"no inputSchema is the mcp profile's finding", `{"tools":[{"name":"t"}]}`, nil},
	})
}
