package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// driftOf reads the drift coverage of a JSON report.
func driftOf(t *testing.T, out string) *contract.DriftCoverage {
	t.Helper()
	var doc struct{ Drift *contract.DriftCoverage }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not a JSON report: %v\n%s", err, out)
	}
	if doc.Drift == nil {
		t.Fatalf("the report has no drift coverage:\n%s", out)
	}
	// What was compared is this file's subject; the digests of each side
	// are TestDriftDigests'.
	for i := range doc.Drift.Compared {
		d := &doc.Drift.Compared[i]
		if !strings.HasPrefix(d.Digest, "sha256:") || !strings.HasPrefix(d.AgainstDigest, "sha256:") {
			t.Errorf("compared %s without both digests: %+v", d.Server, *d)
		}
		d.Digest, d.AgainstDigest, d.AgainstTools = "", "", 0
	}
	return doc.Drift
}

const bankTools = `{"tools":[{"name":"get_balance","description":"Read the balance of an account.","inputSchema":{"type":"object","properties":{"account":{"type":"string","description":"Account id."}},"required":["account"],"additionalProperties":false}}]}`

// A folder holding only snapshots once made drift compare them with
// themselves and pass: nothing was compared, so nothing may pass.
func TestDriftWithOnlySnapshotsComparesNothing(t *testing.T) {
	t.Chdir(t.TempDir())
	os.Mkdir("mcp-snapshots", 0o755)
	os.WriteFile("mcp-snapshots/bank.json", []byte(bankTools), 0o644)

	out, errOut, code := mcpContract(t, "drift")
	if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("drift: exit %d, stdout %q, stderr %q; want exit 2 and one line", code, out, errOut)
	}
	for _, need := range []string{"nothing to compare", ".mcp-contract.yaml", "--stdio or --url", "OLD NEW", "--against git:REF"} {
		if !strings.Contains(errOut, need) {
			t.Errorf("the error does not say %q: %s", need, errOut)
		}
	}

	out, _, code = mcpContract(t, "check", "--profile", "openai")
	if code != 0 || !strings.Contains(out, "Drift did not run: no server is configured") {
		t.Errorf("check: exit %d; it must say drift did not run:\n%s", code, out)
	}
	out, _, _ = mcpContract(t, "check", "--profile", "openai", "--format", "json")
	if cov := driftOf(t, out); len(cov.Compared) != 0 || !strings.Contains(cov.NotRun, "no --against git:REF") {
		t.Errorf("check --format json: drift %+v", cov)
	}
	// lint has no drift step and says nothing about it.
	if out, _, _ := mcpContract(t, "lint", "--profile", "openai", "--format", "json"); strings.Contains(out, `"drift"`) {
		t.Errorf("lint reports drift coverage:\n%s", out)
	}
}

// check says which servers it compared and how, and which it could not.
func TestCheckSaysWhatDriftCompared(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("bank.json", []byte(bankTools), 0o644)
	os.WriteFile("vendor.json", []byte(bankTools), 0o644)
	// One tool list served twice: separate groups, so collisions stay out of it.
	os.WriteFile(".mcp-contract.yaml", []byte("version: 1\nservers:\n  bank: {file: bank.json}\n  vendor: {file: vendor.json}\n"+
		"collisions: {groups: {bank: [bank], vendor: [vendor]}}\n"), 0o644)

	out, _, code := mcpContract(t, "snapshot", "--check", "--server", "bank", "--dir", "snaps")
	if code != 1 || strings.Contains(out, "out of date") || !strings.Contains(out, "missing: snaps/bank.json\n") ||
		!strings.Contains(out, "run: mcp-contract snapshot --server bank --dir snaps\n") {
		t.Errorf("snapshot --check without a snapshot: exit %d\n%s", code, out)
	}
	if out, _, code := mcpContract(t, "snapshot", "--server", "bank"); code != 0 || out != "mcp-snapshots/bank.json: written (1 tool)\n" {
		t.Fatalf("snapshot: exit %d\n%s", code, out)
	}
	if _, errOut, code := mcpContract(t, "drift"); code != 2 || !strings.Contains(errOut, `snapshot missing for server "vendor": run `+"`mcp-contract snapshot --server vendor`") {
		t.Errorf("drift with a missing snapshot: exit %d %q", code, errOut)
	}

	out, _, code = mcpContract(t, "check", "--profile", "openai", "--format", "json")
	want := &contract.DriftCoverage{
		Compared: []contract.DriftServer{{Server: "bank", How: "config", Against: "file:mcp-snapshots/bank.json"}},
		Skipped:  []contract.DriftServer{{Server: "vendor", How: "config", Reason: "snapshot missing: mcp-snapshots/vendor.json"}},
	}
	if got := driftOf(t, out); code != 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("check: exit %d, drift %+v, want %+v", code, got, want)
	}
	out, _, _ = mcpContract(t, "check", "--profile", "openai")
	if !strings.Contains(out, "Drift compared 1 server: bank (config against file:mcp-snapshots/bank.json); not compared: vendor (config, snapshot missing: mcp-snapshots/vendor.json).\n") {
		t.Errorf("check text does not say what drift compared:\n%s", out)
	}

	// Recorded calls: the one for bank is replayed, the one for a server
	// nobody compared is named.
	os.Mkdir("mcp-calls", 0o755)
	os.WriteFile("mcp-calls/bank.json", []byte(`{"server":"bank","tool":"get_balance","arguments":{"account":"A1"}}`), 0o644)
	os.WriteFile("mcp-calls/gone.json", []byte(`{"server":"ledger","tool":"get_balance","arguments":{}}`), 0o644)
	out, _, _ = mcpContract(t, "check", "--profile", "openai", "--format", "json")
	if got := driftOf(t, out); got.Calls != 1 || !reflect.DeepEqual(got.CallsSkipped, []string{`mcp-calls/gone.json: server "ledger" was not compared`}) {
		t.Errorf("recorded calls: %+v", got)
	}
	out, _, _ = mcpContract(t, "check", "--profile", "openai")
	if !strings.Contains(out, `; 1 recorded call replayed; recorded calls not replayed: mcp-calls/gone.json: server "ledger" was not compared.`) {
		t.Errorf("check text does not say which calls were replayed:\n%s", out)
	}
	os.RemoveAll("mcp-calls")

	// Tool files on the command line are linted; drift needs servers or a ref.
	out, _, _ = mcpContract(t, "check", "bank.json", "--profile", "openai", "--format", "json")
	if cov := driftOf(t, out); len(cov.Compared) != 0 || !strings.Contains(cov.NotRun, "tool files were given") {
		t.Errorf("check FILE: drift %+v", cov)
	}

	os.WriteFile("bank.json", []byte(strings.Replace(bankTools, "Read the balance", "Read the whole balance", 1)), 0o644)
	if out, _, code := mcpContract(t, "snapshot", "--check"); code != 1 || !strings.Contains(out, "missing: mcp-snapshots/vendor.json\nout of date: mcp-snapshots/bank.json\nrun: mcp-contract snapshot\n") {
		t.Errorf("snapshot --check with one missing and one stale: exit %d\n%s", code, out)
	}

	// Two files: one server, compared as a file.
	out, _, _ = mcpContract(t, "drift", "mcp-snapshots/bank.json", "bank.json", "--format", "json")
	if got := driftOf(t, out).Compared; len(got) != 1 || got[0] != (contract.DriftServer{Server: "bank", How: "file", Against: "file:mcp-snapshots/bank.json"}) {
		t.Errorf("drift OLD NEW compared %+v", got)
	}
}

// --against names the ref for every server it compared.
func TestCheckAgainstGitRefSaysTheRef(t *testing.T) {
	t.Chdir(t.TempDir())
	os.Mkdir("mcp-snapshots", 0o755)
	os.WriteFile("mcp-snapshots/bank.json", []byte(bankTools), 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-qm", "snapshots"}} {
		cmd := exec.Command("git", args...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	out, errOut, code := mcpContract(t, "check", "--against", "git:HEAD", "--profile", "openai", "--format", "json")
	want := []contract.DriftServer{{Server: "bank", How: "git:HEAD", Against: "git:HEAD:" + filepath.Join("mcp-snapshots", "bank.json")}}
	if got := driftOf(t, out); code != 0 || !reflect.DeepEqual(got.Compared, want) || got.NotRun != "" {
		t.Errorf("check --against: exit %d %s, drift %+v, want compared %+v", code, errOut, got, want)
	}
}
