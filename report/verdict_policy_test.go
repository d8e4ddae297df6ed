package report

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// The policy/* findings are said apart from the tools' findings: what the
// pull request changes in its rules on a line of its own, and a finding
// it hides from itself first among the reasons it fails, whatever the
// fail-on, unless the allow label lets it through.
func TestVerdictSaysRuleChanges(t *testing.T) {
	yes := true
	r := &contract.Result{Servers: []contract.ServerInfo{{Name: "s", Tools: 1}}, Findings: []contract.Finding{
		{Rule: "policy/rule-turned-off", Severity: contract.Info, Category: contract.CategoryLint, New: &yes, Message: rulesPrefix + "turns off drift/x"},
		{Rule: hidesNewFinding, Severity: contract.Error, Category: contract.CategoryLint, Server: "s", Tool: "t", New: &yes, Message: "m"},
	}}
	v := judge(r, contract.Error+1, "", func(s string) string { return s }, func(s string) string { return s }, "old")
	if v.rules != "turns off drift/x" || !v.failing || len(v.why) != 1 || !strings.Contains(v.why[0], "hides from itself") || len(v.also) != 0 {
		t.Errorf("%+v", v)
	}
	v = judge(r, contract.Error, "allow-breaking", func(s string) string { return s }, func(s string) string { return s }, "old")
	if v.failing || len(v.why) != 0 || len(v.allowed) != 1 {
		t.Errorf("with the label: %+v", v)
	}
	var b strings.Builder
	Text(&b, r, TextOptions{FailOn: contract.Error})
	if !strings.Contains(b.String(), "\nThis pull request changes the rules: turns off drift/x\n") {
		t.Errorf("text report:\n%s", b.String())
	}
}
