package policy

import (
	"reflect"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func finding(rule, server, tool string, sev contract.Severity) contract.Finding {
	return contract.Finding{Rule: rule, Server: server, Tool: tool, Severity: sev, Category: contract.CategoryLint}
}

func TestApply(t *testing.T) {
	in := []contract.Finding{
		finding("gemini/anyof-with-siblings", "local", "create_review", contract.Error),
		finding("gemini/anyof-with-siblings", "local", "other", contract.Error),
		finding("docs/prose-only-constraint", "local", "x", contract.Warning),
		finding("openai-strict/property-not-required", "local", "x", contract.Error),
	}
	p := Policy{
		Overrides: map[string]contract.Severity{
			"docs/prose-only-constraint":          contract.Info,
			"openai-strict/property-not-required": contract.Off,
		},
		Ignores: []Ignore{
			{Rule: "gemini/anyof-with-siblings", Server: "local", Tool: "create_review", Reason: "no Gemini users yet"},
			{Rule: "mcp/tool-name-invalid", Server: "gh-*", Reason: "vendor", File: ".mcp-contract.yaml", Line: 12},
			{Rule: "bedrock/root-type", Reason: "profile not run"},
		},
		Ran: func(rule string) bool { return rule != "bedrock/root-type" },
	}
	got := Apply(in, p)
	var rules []string
	for _, f := range got {
		rules = append(rules, f.Rule+"@"+f.Tool+":"+f.Severity.String())
	}
	want := []string{
		"gemini/anyof-with-siblings@other:error",
		"docs/prose-only-constraint@x:info",
		"config/stale-ignore@:warning",
	}
	if !reflect.DeepEqual(rules, want) {
		t.Fatalf("got %v, want %v", rules, want)
	}
	stale := got[2]
	if stale.File != ".mcp-contract.yaml" || stale.Line != 12 || stale.Server != "gh-*" {
		t.Errorf("stale finding not located at the entry: %+v", stale)
	}
}

func TestIgnorePatterns(t *testing.T) {
	f := finding("mcp/tool-name-invalid", "gh-prod", "a.b", contract.Warning)
	for _, tc := range []struct {
		ig   Ignore
		want bool
	}{
		{Ignore{Rule: "mcp/tool-name-invalid"}, true},
		{Ignore{Rule: "mcp/tool-name-invalid", Server: "gh-*"}, true},
		{Ignore{Rule: "mcp/tool-name-invalid", Server: "gl-*"}, false},
		{Ignore{Rule: "mcp/tool-name-invalid", Tool: "a.b"}, true},
		{Ignore{Rule: "mcp/other"}, false},
	} {
		if got := tc.ig.matches(f); got != tc.want {
			t.Errorf("%+v matches = %v, want %v", tc.ig, got, tc.want)
		}
	}
}

// An ignore naming either side of a collision silences it.
func TestIgnoreEitherSideOfACollision(t *testing.T) {
	clash := contract.Finding{Rule: "collision/duplicate-name", Server: "b", Tool: "get", Severity: contract.Error,
		Related: []contract.Location{{Server: "a", Tool: "get"}}}
	for _, tc := range []struct {
		ig   Ignore
		kept int
	}{
		{Ignore{Rule: "collision/duplicate-name", Server: "b", Reason: "r"}, 0},
		{Ignore{Rule: "collision/duplicate-name", Server: "a", Tool: "get", Reason: "r"}, 0},
		{Ignore{Rule: "collision/duplicate-name", Server: "c", Reason: "r"}, 1},
		{Ignore{Rule: "collision/similar-name", Server: "a", Reason: "r"}, 1},
	} {
		got := Apply([]contract.Finding{clash}, Policy{Ignores: []Ignore{tc.ig}, Ran: func(string) bool { return false }})
		if len(got) != tc.kept {
			t.Errorf("%+v: kept %d findings, want %d", tc.ig, len(got), tc.kept)
		}
	}
}
