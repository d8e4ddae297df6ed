package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/mcp-contract/mcp-contract/source"
)

// capRun lints two servers of many tools without descriptions under a
// config that overrides one rule, ignores another on one tool, and has an
// ignore that matches nothing, with the given cap.
func capRun(t *testing.T, dir string, max int) *Result {
	t.Helper()
	var servers []string
	for _, name := range []string{"alpha", "beta"} {
		var tools []string
		for i := range 40 {
			tools = append(tools, fmt.Sprintf(`{"name":"t%02d","inputSchema":{"type":"object"}}`, i))
		}
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, []byte(`{"tools":[`+strings.Join(tools, ",")+`]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		servers = append(servers, fmt.Sprintf("  %s: {file: %s}", name, path))
	}
	cfgPath := filepath.Join(dir, "config.yaml")
	cfg := "version: 1\nprofiles: [openai]\nservers:\n" + strings.Join(servers, "\n") + "\nrules:\n  mcp/missing-description: error\n" +
		"ignore:\n  - {rule: openai/object-missing-properties, server: alpha, tool: t00, reason: first}\n" +
		"  - {rule: openai/object-missing-properties, server: beta, tool: t0*, reason: the first ten}\n" +
		"  - {rule: mcp/missing-description, tool: gone, reason: stale}\n"
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	loaded, err := source.LoadConfig(cfgPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), &Options{Config: loaded, ConfigPath: cfgPath, MaxFindingsPerRule: max})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// The cap keeps what the policy keeps: the first N findings of each rule
// on each server that remain after overrides and ignores, and counts the
// rest, so totals, the exit code and stale ignores are those of a run
// that lists everything.
func TestCapKeepsTheFirstFindingsThePolicyKeeps(t *testing.T) {
	t.Chdir(t.TempDir())
	dir := t.TempDir()
	all, capped := capRun(t, dir, 0), capRun(t, dir, 5)
	if len(all.Omitted) != 0 {
		t.Fatalf("uncapped run omitted %+v", all.Omitted)
	}
	if !reflect.DeepEqual(all.Count(), capped.Count()) || all.Fails() != capped.Fails() || !capped.Fails() {
		t.Errorf("counts %v (fails %v) capped, %v (fails %v) uncapped", capped.Count(), capped.Fails(), all.Count(), all.Fails())
	}
	byKey := func(fs []contract.Finding) map[string][]contract.Finding {
		m := map[string][]contract.Finding{}
		for _, f := range fs {
			m[f.Rule+" "+f.Server] = append(m[f.Rule+" "+f.Server], f)
		}
		return m
	}
	full, kept := byKey(all.Findings), byKey(capped.Findings)
	omitted := map[string]int{}
	for _, o := range capped.Omitted {
		omitted[o.Rule+" "+o.Server] += o.Count
	}
	for key, fs := range full {
		want := fs[:min(5, len(fs))]
		if !reflect.DeepEqual(kept[key], want) {
			t.Errorf("%s: kept %d findings, want the first %d of the uncapped run", key, len(kept[key]), len(want))
		}
		if got := len(kept[key]) + omitted[key]; got != len(fs) {
			t.Errorf("%s: %d kept + %d omitted, want %d", key, len(kept[key]), omitted[key], len(fs))
		}
	}
	// The ignores came first: beta's first kept finding of the ignored
	// rule is t10, and the override raised every missing description.
	if f := kept["openai/object-missing-properties beta"]; len(f) == 0 || f[0].Tool != "t10" {
		t.Errorf("beta's kept findings %+v, want them to start at t10", f)
	}
	for _, f := range kept["mcp/missing-description alpha"] {
		if f.Severity != contract.Error {
			t.Errorf("override not applied before the cap: %+v", f)
		}
	}
	if len(kept["config/stale-ignore "]) != 1 {
		t.Errorf("stale ignores %+v, want only the one for tool gone", kept["config/stale-ignore "])
	}
	if capped.OmittedCount() == 0 {
		t.Error("nothing omitted at a cap of 5 per rule per server")
	}
}

// With a committed baseline, which findings are new is known only after
// lint: the list is capped then, and the counts say how many of those left
// out the baseline had, so the exit code still ignores old debt.
func TestCapWithABaselineCountsTheExistingOnes(t *testing.T) {
	t.Chdir(t.TempDir())
	dir := t.TempDir()
	before := capRun(t, dir, 0)
	var debt []contract.Finding
	for _, f := range before.Findings {
		if f.Rule != "config/stale-ignore" {
			debt = append(debt, f)
		}
	}
	if err := os.WriteFile(".mcp-contract-baseline.json", policy.EncodeBaseline(debt), 0o644); err != nil {
		t.Fatal(err)
	}
	all, capped := capRun(t, dir, 0), capRun(t, dir, 5)
	if all.Fails() || capped.Fails() {
		t.Errorf("every finding is in the baseline, yet fails: uncapped %v, capped %v", all.Fails(), capped.Fails())
	}
	if !reflect.DeepEqual(all.Count(), capped.Count()) || all.ExistingCount() != capped.ExistingCount() {
		t.Errorf("capped counts %v (%d existing), uncapped %v (%d existing)", capped.Count(), capped.ExistingCount(), all.Count(), all.ExistingCount())
	}
	if capped.OmittedCount() == 0 || len(capped.Findings) >= len(all.Findings) {
		t.Errorf("the list was not capped: %d findings, %d omitted", len(capped.Findings), capped.OmittedCount())
	}
}
