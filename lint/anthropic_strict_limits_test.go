package lint

import (
	"fmt"
	"strings"
	"testing"
)

// providerCatalogOf returns a tools/list with n copies of tool (its name numbered).
func providerCatalogOf(n int, tool string) string {
	tools := make([]string, n)
	for i := range tools {
		tools[i] = fmt.Sprintf(tool, i)
	}
	return `{"tools":[` + strings.Join(tools, ",") + `]}`
}

// testdata/corpus/servers/npm-tavily-mcp.json tavily_extract (cut): five optional parameters per tool.
const providerTavilyLike = `{"name":"extract_%d","inputSchema":{"type":"object","properties":{"urls":{"type":"array","items":{"type":"string"}},"extract_depth":{"type":"string"},"include_images":{"type":"boolean"},"format":{"type":"string"},"include_favicon":{"type":"boolean"},"query":{"type":"string"}},"required":["urls"]}}`

// testdata/corpus/servers/github-mcp-server.json update_issue_type (cut): one nullable union per tool.
const providerUnionLike = `{"name":"update_issue_type_%d","inputSchema":{"properties":{"issue_type":{"anyOf":[{"minLength":1,"type":"string"},{"type":"null"}]}},"required":["issue_type"],"type":"object"}}`

func TestAnthropicStrictLimitOptionalParameters(t *testing.T) {
	const id = "anthropic-strict/limit-optional-parameters"
	runProviderCases(t, id, []providerCase{
		{"20 optional", providerCatalogOf(4, providerTavilyLike), nil},
		{"25 optional", providerCatalogOf(5, providerTavilyLike), []string{""}},
	})
	fs := lintTool(t, id, providerCatalogOf(5, providerTavilyLike), Options{})
	if len(fs) != 1 || fs[0].Tool != "" || !strings.Contains(fs[0].Message, "25 optional parameters") || !strings.Contains(fs[0].Message, "extract_0 (5)") {
		t.Errorf("want one catalog finding counting 25 and naming the largest tools, got %+v", fs)
	}
}

func TestAnthropicStrictLimitUnionParameters(t *testing.T) {
	runProviderCases(t, "anthropic-strict/limit-union-parameters", []providerCase{
		{"16 unions", providerCatalogOf(16, providerUnionLike), nil},
		{"17 unions", providerCatalogOf(17, providerUnionLike), []string{""}},
	})
}

func TestAnthropicStrictLimitTools(t *testing.T) {
	runProviderCases(t, "anthropic-strict/limit-tools", []providerCase{
		{"20 tools", providerCatalogOf(20, providerUnionLike), nil},
		{"21 tools", providerCatalogOf(21, providerUnionLike), []string{""}},
	})
}
