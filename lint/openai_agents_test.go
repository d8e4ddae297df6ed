package lint

import (
	"strings"
	"testing"
)

// Every case is what @openai/agents-core 0.20.0's mcpToFunctionTool(…, true)
// does with the tool: lint/clients_test.go checks the same rule against the
// SDK itself on the corpus and the probes.
func TestOpenAIAgentsStrictFallback(t *testing.T) {
	runProviderCases(t, "openai-agents/strict-fallback", []providerCase{
		{"empty inputSchema: the SDK closes it", `{"name":"t","inputSchema":{}}`, nil},
		{"properties, no additionalProperties: the SDK closes it", `{"name":"t","inputSchema":{"type":"object","properties":{"q":{"type":"string"},"o":{"type":"object","properties":{"a":{"type":"integer"}}}}}}`, nil},
		{"closed root without properties", `{"name":"t","inputSchema":{"type":"object","properties":{},"additionalProperties":false}}`, nil},
		// testdata/corpus/servers/npm-server-everything.json get-env (cut).
		{"open root without properties", `{"name":"get-env","inputSchema":{"type":"object","properties":{}}}`, []string{"/inputSchema"}},
		// testdata/clients/probes.json probe_open_map.
		{"open map", `{"name":"t","inputSchema":{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"}}},"required":["labels"]}}`, []string{"/inputSchema/properties/labels"}},
		{"nested object without properties", `{"name":"t","inputSchema":{"type":"object","properties":{"filter":{"type":"object"}}}}`, []string{"/inputSchema/properties/filter"}},
		// testdata/clients/probes.json probe_anyof_with_type.
		{"anyOf beside type", `{"name":"t","inputSchema":{"type":"object","properties":{"id":{"type":"string","anyOf":[{"pattern":"^a"}]}},"required":["id"]}}`, []string{"/inputSchema/properties/id/type"}},
		{"oneOf", `{"name":"t","inputSchema":{"type":"object","properties":{"v":{"oneOf":[{"type":"string"},{"type":"number"}]}},"required":["v"]}}`, []string{"/inputSchema/properties/v/oneOf"}},
		{"anyOf branch with an optional property", `{"name":"t","inputSchema":{"type":"object","properties":{"v":{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false},{"type":"null"}]}},"required":["v"]}}`, []string{"/inputSchema/properties/v/anyOf/0"}},
		{"$ref beside a constraint", `{"name":"t","inputSchema":{"type":"object","$defs":{"s":{"type":"string"}},"properties":{"v":{"$ref":"#/$defs/s","minLength":1}},"required":["v"]}}`, []string{"/inputSchema/properties/v/minLength"}},
		{"external $ref", `{"name":"t","inputSchema":{"type":"object","properties":{"v":{"$ref":"https://example.com/s.json"}},"required":["v"]}}`, []string{"/inputSchema/properties/v/$ref"}},
		{"typeless open object", `{"name":"t","inputSchema":{"type":"object","properties":{"v":{"properties":{"a":{"type":"string"}}}},"required":["v"]}}`, []string{"/inputSchema/properties/v"}},
	})
}

func TestOpenAIAgentsToolName(t *testing.T) {
	fs := expectPointers(t, "openai-agents/tool-name-renamed", `{"name":"get-env.v2","inputSchema":{}}`, "/name")
	if !strings.Contains(fs[0].Message, `"get_env_v2"`) {
		t.Errorf("message %q does not name what the SDK sends", fs[0].Message)
	}
	expectPointers(t, "openai-agents/tool-name-renamed", `{"name":"get_env","inputSchema":{}}`)
	expectPointers(t, "openai-agents/tool-name-too-long", `{"name":"`+strings.Repeat("x", 64)+`","inputSchema":{}}`)
	expectPointers(t, "openai-agents/tool-name-too-long", `{"name":"`+strings.Repeat("x", 65)+`","inputSchema":{}}`, "/name")
}

// The openai-agents profile reports what the SDK passes through and not
// what it rewrites: a tool with optional properties and no
// additionalProperties is clean, a bad format or uniqueItems is not.
func TestOpenAIAgentsPassThrough(t *testing.T) {
	tool := `{"name":"t","inputSchema":{"type":"object","properties":{"u":{"type":"string","format":"uri-reference"},"l":{"type":"array","items":{"type":"string"},"uniqueItems":true}}}}`
	expectPointers(t, "openai-agents/unsupported-format", tool, "/inputSchema/properties/u/format")
	expectPointers(t, "openai-agents/unsupported-keyword", tool, "/inputSchema/properties/l/uniqueItems")
	expectPointers(t, "openai-agents/unsupported-keyword", `{"name":"t","inputSchema":{"type":"object","properties":{"v":{"oneOf":[{"type":"string"}]}}}}`)
	for _, id := range []string{"openai-agents/strict-fallback", "openai-agents/unsupported-keyword", "openai-agents/array-missing-items"} {
		expectPointers(t, id, `{"name":"t","inputSchema":{"type":"object","properties":{"q":{"type":"string"},"n":{"type":"integer"}}}}`)
	}
	if fs := lintTool(t, "openai-agents/array-missing-items", tool, Options{}); len(fs) != 0 {
		t.Errorf("array-missing-items on a tool with items: %+v", fs)
	}
	if fs := lintTool(t, "openai-agents/unsupported-format", tool, Options{}); len(fs) == 1 && !strings.Contains(fs[0].Fix, "--profile openai-strict") {
		t.Errorf("fix %q should point at sanitize's openai-strict repair", fs[0].Fix)
	}
}
