package report

import (
	"reflect"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// fnd builds a lint finding with the fields grouping compares.
func fnd(server, tool, pointer, rule string, sev contract.Severity, message, fix string) contract.Finding {
	return contract.Finding{Server: server, Tool: tool, Pointer: pointer, Rule: rule, Severity: sev,
		Category: contract.CategoryLint, Message: message, Fix: fix}
}

// groupView is what a test asserts about a group: its key and where it hits.
type groupView struct {
	Server, Rule string
	Severity     contract.Severity
	Message      string
	Tools        []string
	Pointer      string
	Members      int
}

func view(groups []Group) []groupView {
	var out []groupView
	for i := range groups {
		g := &groups[i]
		out = append(out, groupView{g.Server, g.Rule, g.Severity, g.Message, g.Tools(), g.Pointer(), len(g.Findings)})
	}
	return out
}

func TestGroupFindings(t *testing.T) {
	const (
		schemaMsg = `keyword "$schema" is not supported`
		gemFix    = "run `mcp-contract sanitize --profile gemini`"
	)
	E, W, I := contract.Error, contract.Warning, contract.Info
	tests := []struct {
		name string
		in   []contract.Finding
		want []groupView
	}{
		{name: "nothing", in: nil, want: nil},
		{
			name: "one fact on every tool is one group naming the tools",
			in: []contract.Finding{
				fnd("everything", "echo", "/inputSchema/$schema", "gemini/unsupported-keyword", E, schemaMsg, gemFix),
				fnd("everything", "get-env", "/inputSchema/$schema", "gemini/unsupported-keyword", E, schemaMsg, gemFix),
				fnd("everything", "get-sum", "/inputSchema/$schema", "gemini/unsupported-keyword", E, schemaMsg, gemFix),
			},
			want: []groupView{{"everything", "gemini/unsupported-keyword", E, schemaMsg, []string{"echo", "get-env", "get-sum"}, "/inputSchema/$schema", 3}},
		},
		{
			name: "two places in one tool name the tool once and share no pointer",
			in: []contract.Finding{
				fnd("s", "t", "/inputSchema/properties/a/default", "gemini-jsonschema/unsupported-keyword", W, `keyword "default" is not supported`, ""),
				fnd("s", "t", "/inputSchema/properties/b/default", "gemini-jsonschema/unsupported-keyword", W, `keyword "default" is not supported`, ""),
			},
			want: []groupView{{"s", "gemini-jsonschema/unsupported-keyword", W, `keyword "default" is not supported`, []string{"t"}, "", 2}},
		},
		{
			name: "messages that differ in a name are different facts",
			in: []contract.Finding{
				fnd("s", "a", "/inputSchema", "openai-strict/property-not-required", E, "not in required: page", ""),
				fnd("s", "b", "/inputSchema", "openai-strict/property-not-required", E, "not in required: repo", ""),
				fnd("s", "c", "/inputSchema", "openai-strict/property-not-required", E, "not in required: page", ""),
			},
			want: []groupView{
				{"s", "openai-strict/property-not-required", E, "not in required: page", []string{"a", "c"}, "/inputSchema", 2},
				{"s", "openai-strict/property-not-required", E, "not in required: repo", []string{"b"}, "/inputSchema", 1},
			},
		},
		{
			name: "the same message with another fix or rule is another fact",
			in: []contract.Finding{
				fnd("s", "a", "/inputSchema/$schema", "gemini/unsupported-keyword", E, schemaMsg, gemFix),
				fnd("s", "a", "/inputSchema/$schema", "gemini-jsonschema/unsupported-keyword", W, schemaMsg, "other fix"),
				fnd("s", "b", "/inputSchema/$schema", "gemini/unsupported-keyword", E, schemaMsg, "a third fix"),
			},
			want: []groupView{
				{"s", "gemini/unsupported-keyword", E, schemaMsg, []string{"a"}, "/inputSchema/$schema", 1},
				{"s", "gemini/unsupported-keyword", E, schemaMsg, []string{"b"}, "/inputSchema/$schema", 1},
				{"s", "gemini-jsonschema/unsupported-keyword", W, schemaMsg, []string{"a"}, "/inputSchema/$schema", 1},
			},
		},
		{
			name: "servers keep their order, each says its facts once, errors first",
			in: []contract.Finding{
				fnd("zeta", "a", "/inputSchema", "docs/x", I, "m", ""),
				fnd("zeta", "a", "/inputSchema", "docs/y", W, "m", ""),
				fnd("zeta", "b", "/inputSchema/$schema", "gemini/unsupported-keyword", E, schemaMsg, gemFix),
				fnd("alpha", "a", "/inputSchema/$schema", "gemini/unsupported-keyword", E, schemaMsg, gemFix),
				fnd("zeta", "c", "/inputSchema/$schema", "gemini/unsupported-keyword", E, schemaMsg, gemFix),
			},
			want: []groupView{
				{"zeta", "gemini/unsupported-keyword", E, schemaMsg, []string{"b", "c"}, "/inputSchema/$schema", 2},
				{"zeta", "docs/y", W, "m", []string{"a"}, "/inputSchema", 1},
				{"zeta", "docs/x", I, "m", []string{"a"}, "/inputSchema", 1},
				{"alpha", "gemini/unsupported-keyword", E, schemaMsg, []string{"a"}, "/inputSchema/$schema", 1},
			},
		},
		{
			name: "a rule's facts come together, rules in order of first appearance",
			in: []contract.Finding{
				fnd("s", "a", "/inputSchema", "openai-strict/property-not-required", E, "not in required: page", "fix"),
				fnd("s", "a", "/inputSchema/$schema", "gemini/unsupported-keyword", E, schemaMsg, gemFix),
				fnd("s", "b", "/inputSchema", "openai-strict/property-not-required", E, "not in required: repo", "fix"),
				fnd("s", "b", "/inputSchema/$schema", "gemini/unsupported-keyword", E, schemaMsg, gemFix),
			},
			want: []groupView{
				{"s", "openai-strict/property-not-required", E, "not in required: page", []string{"a"}, "/inputSchema", 1},
				{"s", "openai-strict/property-not-required", E, "not in required: repo", []string{"b"}, "/inputSchema", 1},
				{"s", "gemini/unsupported-keyword", E, schemaMsg, []string{"a", "b"}, "/inputSchema/$schema", 2},
			},
		},
		{
			name: "a finding about the whole server hits no tool",
			in: []contract.Finding{
				fnd("s", "", "", "budget/max-tools", W, "41 tools (budget 40)", ""),
				fnd("", "", "", "config/stale-ignore", W, "ignore matches nothing", ""),
			},
			want: []groupView{
				{"s", "budget/max-tools", W, "41 tools (budget 40)", nil, "", 1},
				{"", "config/stale-ignore", W, "ignore matches nothing", nil, "", 1},
			},
		},
		{
			name: "a drift change kind is part of the fact",
			in: []contract.Finding{
				{Server: "s", Tool: "a", Rule: "drift/description-changed", Severity: W, Category: contract.CategoryDrift, Change: contract.ChangeReview, Message: "description changed"},
				{Server: "s", Tool: "b", Rule: "drift/description-changed", Severity: W, Category: contract.CategoryDrift, Change: contract.ChangeBreaking, Message: "description changed"},
			},
			want: []groupView{
				{"s", "drift/description-changed", W, "description changed", []string{"a"}, "", 1},
				{"s", "drift/description-changed", W, "description changed", []string{"b"}, "", 1},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := view(GroupFindings(tt.in))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

// Grouping keeps every finding whole: the members of all groups are the
// input, each once, with its own position.
func TestGroupFindingsLosesNothing(t *testing.T) {
	in := []contract.Finding{
		fnd("s", "a", "/inputSchema/$schema", "gemini/unsupported-keyword", contract.Error, "m", "f"),
		fnd("s", "b", "/inputSchema/$schema", "gemini/unsupported-keyword", contract.Error, "m", "f"),
		fnd("s", "b", "/inputSchema/x", "docs/y", contract.Warning, "n", ""),
	}
	in[0].Line, in[1].Line = 8, 35
	in[1].Related = []contract.Location{{Server: "t", Tool: "b"}}
	seen := 0
	for _, g := range GroupFindings(in) {
		for _, f := range g.Findings {
			found := false
			for _, want := range in {
				found = found || reflect.DeepEqual(f, want)
			}
			if !found {
				t.Errorf("member %+v is not an input finding", f)
			}
			seen++
		}
	}
	if seen != len(in) {
		t.Errorf("groups hold %d findings, want %d", seen, len(in))
	}
}

func TestCountRules(t *testing.T) {
	E, W := contract.Error, contract.Warning
	in := []contract.Finding{
		fnd("s", "a", "/inputSchema/$schema", "gemini/unsupported-keyword", E, "m", ""),
		fnd("s", "a", "/inputSchema/x/default", "gemini/unsupported-keyword", E, "n", ""),
		fnd("s", "b", "/inputSchema/$schema", "gemini/unsupported-keyword", E, "m", ""),
		fnd("t", "a", "/inputSchema/$schema", "gemini/unsupported-keyword", E, "m", ""),
		fnd("s", "a", "/inputSchema", "docs/y", W, "m", ""),
		fnd("s", "b", "/inputSchema", "docs/y", W, "m", ""),
		fnd("s", "", "", "budget/max-tools", W, "m", ""),
		fnd("s", "a", "/inputSchema", "anthropic-strict/x", E, "m", ""),
		fnd("s", "b", "/inputSchema", "anthropic-strict/x", W, "m", ""), // overridden for one tool
	}
	want := []RuleCount{
		{Rule: "gemini/unsupported-keyword", Severity: E, Findings: 4, Servers: 2, Tools: 3},
		{Rule: "docs/y", Severity: W, Findings: 2, Servers: 1, Tools: 2},
		{Rule: "anthropic-strict/x", Severity: E, Findings: 1, Servers: 1, Tools: 1},
		{Rule: "anthropic-strict/x", Severity: W, Findings: 1, Servers: 1, Tools: 1},
		{Rule: "budget/max-tools", Severity: W, Findings: 1, Servers: 1, Tools: 0},
	}
	if got := CountRules(in); !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%+v\nwant\n%+v", got, want)
	}
}
