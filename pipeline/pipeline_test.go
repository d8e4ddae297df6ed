package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/mcp-contract/mcp-contract/source"
)

// toolFile writes a tools/list result with one tool whose schema names a
// type JSON Schema does not have, and returns its path.
func toolFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tools.json")
	data := `{"tools":[{"name":"get_weather","description":"x","inputSchema":{"type":"object","properties":{"city":{"type":"strin"}}}}]}`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A caller gives Options and gets a Result back; what the run has to say
// reaches it through Note, nothing is printed.
func TestRunLintsSourcesIntoAResult(t *testing.T) {
	for _, check := range []bool{false, true} {
		var notes []string
		res, err := Run(context.Background(), &Options{Sources: []string{toolFile(t)}, Drift: check, Note: func(l string) { notes = append(notes, l) }})
		if err != nil {
			t.Fatalf("check=%v: %v", check, err)
		}
		if len(res.Servers) != 1 || res.Servers[0].Tools != 1 {
			t.Fatalf("check=%v: servers %+v, want one with one tool", check, res.Servers)
		}
		if len(res.Findings) == 0 {
			t.Errorf("check=%v: no findings for a type \"strin\"", check)
		}
		if res.FailOn != contract.Error || res.Ran == nil || res.CollisionsRan || res.Unreachable != nil {
			t.Errorf("check=%v: failOn %v, ran set %v, collisions %v, unreachable %v", check, res.FailOn, res.Ran != nil, res.CollisionsRan, res.Unreachable)
		}
		if res.Ran("drift/tool-removed") {
			t.Errorf("check=%v: drift did not run on tool files, yet Ran says it did", check)
		}
		// check says why drift did not run; lint has no drift step at all.
		if got := res.Drift != nil && res.Drift.NotRun != ""; got != check {
			t.Errorf("check=%v: drift coverage %+v", check, res.Drift)
		}
		if len(notes) != 0 {
			t.Errorf("check=%v: notes %q for one tool file", check, notes)
		}
	}
}

func TestRunRejectsOptionsAsInputErrors(t *testing.T) {
	for _, o := range []*Options{
		{Sources: []string{"x.json"}, MCPVersion: "1999-01-01"},
		{Sources: []string{"x.json"}, Profiles: []string{"no-such-profile"}},
	} {
		_, err := Run(context.Background(), o)
		var ie *contract.InputError
		if !errors.As(err, &ie) {
			t.Errorf("%+v: error %v, want an input error", o, err)
		}
	}
	_, err := Run(context.Background(), &Options{Sources: []string{toolFile(t)}, FailOn: "loud"})
	if err == nil || !strings.Contains(err.Error(), `--fail-on "loud"`) {
		t.Errorf("fail-on loud: %v", err)
	}
}

func TestFails(t *testing.T) {
	no, yes := false, true
	breaking := contract.Finding{Severity: contract.Error, Change: contract.ChangeBreaking, New: &yes}
	existing := contract.Finding{Severity: contract.Error, New: &no}
	warning := contract.Finding{Severity: contract.Warning}
	for _, tc := range []struct {
		name                          string
		findings                      []contract.Finding
		failOn                        contract.Severity
		failOnExisting, allowBreaking bool
		want                          bool
	}{
		{"nothing", nil, contract.Error, false, false, false},
		{"below fail-on", []contract.Finding{warning}, contract.Error, false, false, false},
		{"at fail-on", []contract.Finding{warning}, contract.Warning, false, false, true},
		{"existing", []contract.Finding{existing}, contract.Error, false, false, false},
		{"existing, fail-on-existing", []contract.Finding{existing}, contract.Error, true, false, true},
		{"breaking", []contract.Finding{breaking}, contract.Error, false, false, true},
		{"breaking, allowed", []contract.Finding{breaking}, contract.Error, false, true, false},
	} {
		r := &Result{Result: &contract.Result{Findings: tc.findings}, FailOn: tc.failOn, failOnExisting: tc.failOnExisting, allowBreaking: tc.allowBreaking}
		if got := r.Fails(); got != tc.want {
			t.Errorf("%s: Fails() = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestFailLevel(t *testing.T) {
	for _, tc := range []struct {
		flag string
		cfg  *source.Config
		want contract.Severity
	}{
		{"", nil, contract.Error},
		{"warning", nil, contract.Warning},
		{"", &source.Config{FailOn: "info"}, contract.Info},
		{"error", &source.Config{FailOn: "info"}, contract.Error},
	} {
		got, err := FailLevel(tc.flag, tc.cfg)
		if err != nil || got != tc.want {
			t.Errorf("FailLevel(%q, %+v) = %v, %v; want %v", tc.flag, tc.cfg, got, err, tc.want)
		}
	}
	if _, err := FailLevel("off", nil); err == nil {
		t.Error("--fail-on off is accepted; off is a rule severity, not a level")
	}
}

// The command a finding suggests can be pasted as it is, and never holds
// a header's value or a secret.
func TestSnapshotCommandLine(t *testing.T) {
	masker := safetext.NewMasker("s3cret-token")
	for _, tc := range []struct {
		o       Options
		dir     string
		servers []string
		want    string
	}{
		{Options{}, "mcp-snapshots", []string{"a", "b c"}, "mcp-contract snapshot --server a --server 'b c'"},
		{Options{ConfigPath: "ci/it's.yaml"}, "snaps", nil, `mcp-contract snapshot --config 'ci/it'\''s.yaml' --dir snaps`},
		{Options{URL: "http://127.0.0.1:1/mcp?key=s3cret-token", Headers: []string{"Authorization: Bearer s3cret-token"}, Name: "api"}, "mcp-snapshots", []string{"ignored"},
			"mcp-contract snapshot --url 'http://127.0.0.1:1/mcp?key=***' --header 'Authorization: …' --name api"},
	} {
		tc.o.Masker = masker
		if got := SnapshotCommandLine(&tc.o, tc.dir, tc.servers...); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

// The allow label is written on what it lets through, so the JSON report
// says who allowed a break as SARIF and the page do; a finding it does not
// let through stays unmarked.
func TestMarkAllowed(t *testing.T) {
	yes := true
	result := &contract.Result{
		Findings: []contract.Finding{
			{Rule: "drift/required-added", Category: contract.CategoryDrift, Change: contract.ChangeBreaking, Severity: contract.Error, New: &yes},
			{Rule: policy.HidesNewFinding, Category: contract.CategoryLint, Severity: contract.Error, New: &yes},
			{Rule: "drift/description-changed", Category: contract.CategoryDrift, Change: "review", Severity: contract.Warning},
			{Rule: "gemini/ref", Category: contract.CategoryLint, Severity: contract.Error, New: &yes},
		},
		Omitted: []contract.Omitted{{Rule: policy.HidesNewFinding, Server: "s", Severity: contract.Error, Count: 3}, {Rule: "gemini/ref", Server: "s", Severity: contract.Error, Count: 2}},
	}
	markAllowed(result, "ok-to-break")
	var got []string
	for _, f := range result.Findings {
		got = append(got, f.Rule+"="+f.AllowedBy)
	}
	for _, o := range result.Omitted {
		got = append(got, "omitted "+o.Rule+"="+o.AllowedBy)
	}
	want := []string{"drift/required-added=ok-to-break", policy.HidesNewFinding + "=ok-to-break", "drift/description-changed=", "gemini/ref=",
		"omitted " + policy.HidesNewFinding + "=ok-to-break", "omitted gemini/ref="}
	if !slices.Equal(got, want) {
		t.Errorf("marked %q, want %q", got, want)
	}
}
