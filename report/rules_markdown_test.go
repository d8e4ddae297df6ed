package report

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestRulesMarkdown(t *testing.T) {
	rules := []contract.RuleInfo{
		{ID: "mcp/tool-name-invalid", Group: "mcp", Severity: contract.Warning, Summary: "tool name is not 1-128 characters",
			Help: "Why: MCP says so, and \"/\" broke\nLLMKube#1525; OpenAI rejects \".\" (openai/codex#8174).\n\nWhat is checked: \"name\" matches ^[A-Za-z0-9_.-]{1,128}$.\n\nFix: rename to `<letters>`, see https://example.com/a_b."},
		{ID: "drift/tool-removed", Group: "drift", Severity: contract.Error, Summary: "a tool is gone", Help: "Callers of it fail with <unknown tool>."},
		{ID: "schema/too-complex", Group: "schema", Severity: contract.Warning, Summary: "too big",
			Help: "Why: clients bound it.\n\nLimits:\n  depth   > 64 levels (the root is level 1;\n            a value inside is deeper)\n  size    > 50000 values\nThe corpus nests 12.\n\nFix: flatten it."},
	}
	var b strings.Builder
	if err := RulesMarkdown(&b, rules); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"| `drift` | [`drift/tool-removed`](#drifttool-removed) |\n| `mcp` | [`mcp/tool-name-invalid`](#mcptool-name-invalid) |\n",
		"\n## drift\n\n### drift/tool-removed\n\nProfile `drift`, default severity **error**. a tool is gone\n\n**Why.** Callers of it fail with &lt;unknown tool&gt;.\n\n## mcp\n",
		"**Why.** MCP says so, and \"/\" broke LLMKube#1525; OpenAI rejects \".\" (openai/codex#8174).\n",
		"**What is checked.** \"name\" matches ^[A-Za-z0-9_.-]{1,128}$.\n",
		"**Fix.** rename to `<letters>`, see https://example.com/a_b.\n",
		"**Why.** clients bound it.\n\nLimits:\n\n- depth &gt; 64 levels (the root is level 1; a value inside is deeper)\n- size &gt; 50000 values\n\nThe corpus nests 12.\n\n**Fix.** flatten it.\n",
		"**Sources:** [openai/codex#8174](https://github.com/openai/codex/issues/8174), <https://example.com/a_b>.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "LLMKube#1525](") {
		t.Error("a bare name#N is not a repository's issue and gets no link")
	}
}

func TestRuleAnchor(t *testing.T) {
	for id, want := range map[string]string{
		"gemini/anyof-with-siblings": "geminianyof-with-siblings",
		"openai-strict/limit_x.y":    "openai-strictlimit_xy",
	} {
		if got := RuleAnchor(id); got != want {
			t.Errorf("RuleAnchor(%q) = %q, want %q", id, got, want)
		}
	}
}
