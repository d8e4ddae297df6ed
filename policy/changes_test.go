package policy

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func rules(fs []contract.Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	return out
}

func TestChanges(t *testing.T) {
	defaults := map[string]contract.Severity{"drift/x": contract.Error, "docs/y": contract.Warning}
	base := Settings{Overrides: map[string]contract.Severity{"docs/y": contract.Info}, Ignores: []Ignore{{Rule: "docs/y", Server: "a"}},
		FailOn: "error", Profiles: []string{"portable"}, Snapshots: "mcp-snapshots", Servers: []string{"a", "b"}}
	for _, tc := range []struct {
		name string
		head func(s *Settings)
		want []string
		msg  string
	}{
		{"nothing changed", func(s *Settings) {}, []string{}, ""},
		{"defaults spelled out", func(s *Settings) { s.FailOn, s.Snapshots, s.Profiles = "", "mcp-snapshots/", nil }, []string{}, ""},
		{"rule off", func(s *Settings) {
			s.Overrides = map[string]contract.Severity{"drift/x": contract.Off, "docs/y": contract.Info}
		},
			[]string{RuleTurnedOff}, "turns off drift/x"},
		{"rule lowered", func(s *Settings) {
			s.Overrides = map[string]contract.Severity{"drift/x": contract.Warning, "docs/y": contract.Info}
		},
			[]string{RuleLowered}, "lowers drift/x from error to warning"},
		{"rule raised", func(s *Settings) { s.Overrides = map[string]contract.Severity{"docs/y": contract.Error} }, []string{}, ""},
		{"ignore added", func(s *Settings) { s.Ignores = append(s.Ignores, Ignore{Rule: "drift/x", Tool: "t"}) }, []string{IgnoreAdded}, "ignores drift/x on tool t"},
		{"ignore removed", func(s *Settings) { s.Ignores = nil }, []string{}, ""},
		{"fail-on", func(s *Settings) { s.FailOn = "never" }, []string{FailOnChanged}, "fail-on goes from error to never"},
		{"profiles", func(s *Settings) { s.Profiles = []string{"openai"} }, []string{ProfilesChanged}, "profiles go from [portable] to [openai]"},
		{"snapshots", func(s *Settings) { s.Snapshots = "contracts" }, []string{SnapshotsMoved}, "snapshots move from mcp-snapshots to contracts"},
		{"server dropped", func(s *Settings) { s.Servers = []string{"b"} }, []string{ServerDropped}, `drops server "a"`},
	} {
		head := base
		head.Overrides = map[string]contract.Severity{"docs/y": contract.Info}
		head.Ignores = append([]Ignore(nil), base.Ignores...)
		tc.head(&head)
		got := Changes(base, head, defaults)
		if !reflect.DeepEqual(rules(got), tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, rules(got), tc.want)
			continue
		}
		if tc.msg != "" && !strings.Contains(got[0].Message, "This pull request changes the rules: "+tc.msg) {
			t.Errorf("%s: message %q", tc.name, got[0].Message)
		}
	}
}

func TestHidden(t *testing.T) {
	breaking := contract.Finding{Rule: "drift/x", Severity: contract.Error, Category: contract.CategoryDrift, Server: "a", Tool: "t", Message: "m"}
	old := contract.Finding{Rule: "docs/y", Severity: contract.Error, Category: contract.CategoryLint, Server: "a", Tool: "u"}
	fromPR := func(f *contract.Finding) bool { return f.Rule == "drift/x" }
	base := Policy{Overrides: map[string]contract.Severity{}}
	for _, tc := range []struct {
		name   string
		head   Policy
		failOn contract.Severity
		want   int
		how    string
	}{
		{"same rules", base, contract.Error, 0, ""},
		{"turned off", Policy{Overrides: map[string]contract.Severity{"drift/x": contract.Off, "docs/y": contract.Off}}, contract.Error, 1, "turns its rule off"},
		{"ignored", Policy{Ignores: []Ignore{{Rule: "drift/x", Server: "a"}}}, contract.Error, 1, "ignores it"},
		{"lowered below fail-on", Policy{Overrides: map[string]contract.Severity{"drift/x": contract.Warning}}, contract.Error, 1, "lowers it to warning"},
		{"lowered, still failing", Policy{Overrides: map[string]contract.Severity{"drift/x": contract.Warning}}, contract.Warning, 0, ""},
		{"fail-on never", base, contract.Error + 1, 1, ""},
	} {
		got := Hidden([]contract.Finding{breaking, old}, base, tc.head, contract.Error, tc.failOn, fromPR)
		if len(got) != tc.want {
			t.Errorf("%s: %d hidden, want %d", tc.name, len(got), tc.want)
			continue
		}
		if tc.want == 1 && (got[0].Rule != HidesNewFinding || got[0].Severity != contract.Error || !strings.Contains(got[0].Message, tc.how) || got[0].Tool != "t") {
			t.Errorf("%s: %+v", tc.name, got[0])
		}
	}
}

func TestBaselineChanges(t *testing.T) {
	base := &Baseline{Entries: []BaselineEntry{{Rule: "security/a", Server: "s", Tool: "old"}}}
	head := &Baseline{Entries: []BaselineEntry{{Rule: "security/a", Server: "s", Tool: "old"}, {Rule: "security/a", Server: "s", Tool: "new", Line: 9}}}
	added := BaselineAdded(base, head)
	if len(added) != 1 || added[0].Tool != "new" {
		t.Fatalf("added %+v", added)
	}
	if n := len(BaselineAdded(nil, head)); n != 2 {
		t.Errorf("with no baseline at the base, %d entries added, want 2", n)
	}
	findings := []contract.Finding{
		{Rule: "security/a", Server: "s", Tool: "old", Category: contract.CategoryLint, Severity: contract.Error},
		{Rule: "security/a", Server: "s", Tool: "new", Category: contract.CategoryLint, Severity: contract.Error},
	}
	// Only the finding the base run lacks is the pull request's.
	fromPR := func(f *contract.Finding) bool { return f.Tool == "new" }
	got := BaselineChanges(added, BaselineFile, findings, fromPR)
	if !reflect.DeepEqual(rules(got), []string{BaselineEntryAdded, HidesNewFinding}) || got[1].Tool != "new" || !strings.Contains(got[1].Message, "adds it to the baseline") {
		t.Errorf("%+v", got)
	}
	if got := BaselineChanges(added, BaselineFile, findings, func(*contract.Finding) bool { return false }); !reflect.DeepEqual(rules(got), []string{BaselineEntryAdded}) {
		t.Errorf("an entry for old debt hides nothing new: %v", rules(got))
	}
}
