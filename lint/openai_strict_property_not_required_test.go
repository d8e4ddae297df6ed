package lint

import (
	"strings"
	"testing"
)

func TestOpenAIStrictPropertyNotRequired(t *testing.T) {
	const id = "openai-strict/property-not-required"
	runProviderCases(t, id, []providerCase{
		// testdata/corpus/servers/npm-tavily-mcp.json tavily_extract (cut): only urls is required.
		{"optional root properties", `{"name":"tavily_extract","inputSchema":{"type":"object","properties":{"urls":{"type":"array","items":{"type":"string"}},"extract_depth":{"type":"string","enum":["basic","advanced"]},"format":{"type":"string","enum":["markdown","text"]}},"required":["urls"]}}`,
			[]string{"/inputSchema"}},
		// testdata/corpus/servers/github-mcp-server.json update_issue_labels (cut): the oneOf object branch has optional keys.
		{"nested branch", `{"name":"update_issue_labels","inputSchema":{"properties":{"labels":{"items":{"oneOf":[{"type":"string"},{"properties":{"name":{"type":"string"},"rationale":{"type":"string"}},"required":["name"],"type":"object"}]},"type":"array"}},"required":["labels"],"type":"object"}}`,
			[]string{"/inputSchema/properties/labels/items/oneOf/1"}},
		// testdata/corpus/servers/npm-mcp-server-sqlite-npx.json list_tables: nothing to require.
		{"no properties", `{"name":"list_tables","inputSchema":{"type":"object","properties":{}}}`, nil},
		{"all required", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}}`, nil},
		// gemini-cli#1458: a required name without a property.
		{"unknown required", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string"}},"required":["a","model"]}}`, []string{"/inputSchema"}},
	})
	fs := lintTool(t, id, `{"name":"t","inputSchema":{"type":"object","properties":{"a":{},"b":{},"c":{}},"required":["b","z"]}}`, Options{})
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "not in required: a, c") || !strings.Contains(fs[0].Message, "required but not a property: z") {
		t.Errorf("want one finding naming a, c and z, got %+v", fs)
	}
}
