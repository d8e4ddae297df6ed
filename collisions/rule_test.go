package collisions

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// The ids issue 10 names are binding.
func TestBindingRules(t *testing.T) {
	want := map[string]contract.Severity{
		"collision/duplicate-name": contract.Error, "collision/similar-name": contract.Warning,
		"collision/prefixed-name-too-long": contract.Error, "collision/prefixed-name-invalid": contract.Error,
		"collision/after-rewrite": contract.Error,
	}
	rules := Rules()
	if len(rules) != len(want) {
		t.Errorf("%d rules, want %d", len(rules), len(want))
	}
	for _, r := range rules {
		sev, ok := want[r.ID]
		if !ok || r.Severity != sev || r.Group != RuleGroup || r.Summary == "" || !strings.Contains(r.Help, "Fix:") || !strings.Contains(r.Help, "What is checked:") {
			t.Errorf("%s: %+v", r.ID, r)
		}
	}
}

func TestDisabledRulesDoNotRun(t *testing.T) {
	cs := []*contract.Catalog{catalog(t, "a", "get_file"), catalog(t, "b", "get_file", "get-file")}
	if fs := Check(cs, Options{}); len(fs) != 2 {
		t.Fatalf("want duplicate and similar, got %+v", fs)
	}
	fs := Check(cs, Options{Disabled: map[string]bool{"collision/duplicate-name": true}})
	if len(fs) != 1 || fs[0].Rule != "collision/similar-name" {
		t.Errorf("got %+v", fs)
	}
}

func TestUngrouped(t *testing.T) {
	cs := []*contract.Catalog{catalog(t, "a", "x"), catalog(t, "b", "x"), catalog(t, "c", "x")}
	if got := Ungrouped(cs, nil); got != nil {
		t.Errorf("no groups: %v", got)
	}
	if got := Ungrouped(cs, []Group{{"g", []string{"a", "c"}}}); len(got) != 1 || got[0] != "b" {
		t.Errorf("got %v", got)
	}
}
