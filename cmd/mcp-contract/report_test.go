package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A fleet splits its servers over matrix jobs and merges their reports: the
// merged report must say exactly what one run over every server says. The
// budget rules judge the servers of one run as one client session, which a
// fleet of independent servers is not, so the config lifts the budgets out
// of reach in both runs; every other rule judges one server at a time.
func TestReportMergeEqualsOneRun(t *testing.T) {
	repoRoot(t)
	files, _ := filepath.Glob("testdata/corpus/servers/*.json")
	if len(files) != 16 {
		t.Fatalf("want the 16 corpus servers, found %d", len(files))
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "fleet.yaml")
	os.WriteFile(cfg, []byte("version: 1\nbudget: {max-tools: 1000000, max-catalog-tokens: 100000000}\n"), 0o644)
	lintTo := func(out string, sources []string) {
		t.Helper()
		args := append([]string{"lint", "--config", cfg, "--profile", "all", "--format", "json", "-o", out}, sources...)
		if _, errOut, code := mcpContract(t, args...); code != 1 {
			t.Fatalf("lint %v: exit %d, stderr %s", sources, code, errOut)
		}
	}
	whole := filepath.Join(dir, "whole.json")
	lintTo(whole, files)
	var parts []string
	for i := 0; i < 4; i++ {
		part := filepath.Join(dir, fmt.Sprintf("group-%d.json", i))
		lintTo(part, files[i*4:(i+1)*4])
		parts = append(parts, part)
	}
	merged := filepath.Join(dir, "merged.json")
	_, errOut, code := mcpContract(t, append([]string{"report", "--merge", "--format", "json", "-o", merged}, parts...)...)
	if code != 1 {
		t.Fatalf("report --merge: exit %d, stderr %s", code, errOut)
	}
	want, _ := os.ReadFile(whole)
	got, _ := os.ReadFile(merged)
	if len(want) < 100000 || !strings.Contains(string(want), `"tools": 318`) {
		t.Fatalf("the one run over all servers is not the corpus (%d bytes)", len(want))
	}
	if string(got) != string(want) {
		t.Errorf("merging 4 reports of 4 servers differs from one run over the 16 (%d vs %d bytes)", len(got), len(want))
	}

	// Merged or not, the text report is the same too.
	wholeText, _, _ := mcpContract(t, "report", whole)
	mergedText, _, _ := mcpContract(t, append([]string{"report", "--merge"}, parts...)...)
	if wholeText != mergedText || !strings.Contains(wholeText, "github-mcp-server") {
		t.Errorf("text of the merged report differs from the text of one run")
	}
}

// A saved report renders again unchanged: drift findings keep their patch
// and change, servers their token counts.
func TestReportRoundTrip(t *testing.T) {
	repoRoot(t)
	dir := t.TempDir()
	saved := filepath.Join(dir, "drift.json")
	pair := "testdata/corpus/drift/gh-assign_copilot-param-renamed-camel-to-snake/"
	old, new := pair+"before.json", pair+"after.json"
	_, errOut, code := mcpContract(t, "drift", old, new, "--format", "json", "-o", saved)
	if code != 1 {
		t.Fatalf("drift: exit %d, %s", code, errOut)
	}
	want, _ := os.ReadFile(saved)
	got, errOut, code := mcpContract(t, "report", saved, "--format", "json")
	if code != 1 || got != string(want) || !strings.Contains(got, `"patch"`) {
		t.Errorf("exit %d, stderr %q; round trip differs:\n%s", code, errOut, got)
	}
	if _, _, code := mcpContract(t, "report", saved, "--fail-on", "never"); code != 0 {
		t.Errorf("--fail-on never: exit %d", code)
	}
}

func TestReportMergeRefuses(t *testing.T) {
	repoRoot(t)
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		return p
	}
	a := write("a.json", `{"schemaVersion": 1, "servers": [{"name": "gh", "origin": "file:gh.json", "tools": 3}], "findings": []}`)
	b := write("b.json", `{"schemaVersion": 1, "servers": [{"name": "gh", "origin": "http:https://gh.example", "tools": 3}], "findings": []}`)
	v2 := write("v2.json", `{"schemaVersion": 2, "servers": [], "findings": []}`)
	badType := write("badtype.json", `{"schemaVersion": 1, "findings": [{"rule": "x", "severity": 3}]}`)
	bad := write("bad.json", "{\"schemaVersion\": 1,\n \"findings\": [}")
	never := write("never.json", `{"schemaVersion": 1, "findings": [{"rule": "x", "severity": "never"}]}`)
	notReport := write("tools.json", `{"tools": []}`)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{a, b}, "add --merge"},
		{[]string{"--merge", a, b}, a + " and " + b + ` both report server "gh", differently`},
		{[]string{v2}, "schemaVersion 2 is not 1"},
		{[]string{bad}, "bad.json:2:15: malformed JSON"},
		{[]string{badType}, "findings.severity must be string, found number"},
		{[]string{never}, "findings/0: severity must be error, warning or info"},
		{[]string{notReport}, "not an mcp-contract JSON report"},
		{[]string{filepath.Join(dir, "missing.json")}, "missing.json: no such file"},
		{nil, "requires at least 1 arg"},
	} {
		_, errOut, code := mcpContract(t, append([]string{"report"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("report %v: exit %d, stderr %q lacks %q", tc.args, code, errOut, tc.want)
		}
	}
	// The same report twice is the same run repeated: merged, nothing doubles.
	if out, errOut, code := mcpContract(t, "report", "--merge", a, a, "--format", "json"); code != 0 || strings.Count(out, `"name": "gh"`) != 1 {
		t.Errorf("exit %d (%s): %s", code, errOut, out)
	}
}
