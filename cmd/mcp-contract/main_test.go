package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// repoRoot makes paths in reports repo-relative, as users see them.
func repoRoot(t *testing.T) {
	t.Helper()
	t.Chdir("../..")
}

// mcpContract runs the CLI in-process, as main does.
func mcpContract(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	runnerReads(t, nil, out.String(), errOut.String())
	return out.String(), errOut.String(), code
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("cmd", "mcp-contract", "testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/mcp-contract -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the output (run go test ./cmd/mcp-contract -update and review the diff):\n%s", path, got)
	}
}

func TestReportGoldens(t *testing.T) {
	repoRoot(t)
	for _, format := range []string{"text", "json"} {
		out, errOut, code := mcpContract(t, "lint", "examples/banking", "--profile", "all", "--format", format)
		if code != 1 {
			t.Errorf("%s: exit %d, want 1 (the strict example breaks providers); stderr %s", format, code, errOut)
		}
		golden(t, "banking."+format, out)
	}
}

func TestJSONReportShape(t *testing.T) {
	repoRoot(t)
	out, _, _ := mcpContract(t, "lint", "examples/banking/legacy.json", "--format", "json", "--fail-on", "never")
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"schemaVersion", "tool", "servers", "findings", "summary"} {
		if _, ok := doc[key]; !ok {
			t.Errorf("report lacks %q", key)
		}
	}
	if _, ok := doc["findings"].([]any); !ok {
		t.Errorf("findings must always be an array, got %T", doc["findings"])
	}
}

// Every real tool list lints without an input error, and what it finds is
// pinned, so a rule change shows up as a reviewed diff.
func TestCorpusCounts(t *testing.T) {
	repoRoot(t)
	files, _ := filepath.Glob("testdata/corpus/servers/*.json")
	if len(files) < 10 {
		t.Fatalf("corpus missing: %v", files)
	}
	var sb strings.Builder
	for _, file := range files {
		out, errOut, code := mcpContract(t, "lint", file, "--profile", "all", "--format", "json")
		if code != 0 && code != 1 {
			t.Errorf("%s: exit %d (%s)", file, code, errOut)
			continue
		}
		var doc struct {
			Findings []struct{ Rule, Severity string }
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		counts := map[string]int{}
		for _, f := range doc.Findings {
			counts[f.Rule+" ("+f.Severity+")"]++
		}
		keys := make([]string, 0, len(counts))
		for k := range counts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Fprintf(&sb, "%s: %d findings, exit %d\n", filepath.Base(file), len(doc.Findings), code)
		for _, k := range keys {
			fmt.Fprintf(&sb, "  %5d  %s\n", counts[k], k)
		}
	}
	golden(t, "corpus-counts.txt", sb.String())
}

func TestExitCodes(t *testing.T) {
	repoRoot(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{\n  \"tools\": [\n    {\"name\": \"a\",}\n  ]\n}\n"), 0o644)
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"malformed JSON names file:line:col", []string{"lint", bad}, 2, bad + ":3:18: malformed JSON: expected a string key, found character '}'"},
		{"missing file", []string{"lint", filepath.Join(dir, "nope.json")}, 2, "nope.json: no such file or folder"},
		{"unknown profile", []string{"lint", "examples/banking", "--profile", "gpt"}, 2, `unknown profile "gpt"`},
		{"unknown format", []string{"lint", "examples/banking", "--format", "xml"}, 2, `--format "xml"`},
		{"bad fail-on", []string{"lint", "examples/banking", "--fail-on", "sometimes"}, 2, `--fail-on "sometimes"`},
		{"unknown flag", []string{"lint", "--frobnicate"}, 2, "unknown flag"},
		{"fail-on never", []string{"lint", "examples/banking", "--profile", "all", "--fail-on", "never"}, 0, ""},
		{"unknown rule", []string{"explain", "gemini/nope"}, 2, `unknown rule "gemini/nope"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := mcpContract(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, errOut)
			}
			if tc.stderr != "" && !strings.Contains(errOut, tc.stderr) {
				t.Errorf("stderr %q lacks %q", errOut, tc.stderr)
			}
			if strings.Count(errOut, "\n") > 1 {
				t.Errorf("errors must be one line, got %q", errOut)
			}
		})
	}
}

func TestOutputFile(t *testing.T) {
	repoRoot(t)
	out := filepath.Join(t.TempDir(), "report.json")
	stdout, _, _ := mcpContract(t, "lint", "examples/banking", "--format", "json", "-o", out, "--fail-on", "never")
	if stdout != "" {
		t.Errorf("with -o nothing goes to stdout, got %q", stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil || !json.Valid(data) {
		t.Fatalf("report file: %v, valid=%v", err, json.Valid(data))
	}
	_, errOut, code := mcpContract(t, "lint", "examples/banking", "-o", filepath.Join(t.TempDir(), "no", "such", "dir", "r.txt"))
	if code != 2 || !strings.Contains(errOut, "cannot write: no such file or folder") {
		t.Errorf("unwritable -o: exit %d, %q", code, errOut)
	}
}

func TestConfig(t *testing.T) {
	repoRoot(t)
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		return p
	}
	tool := write("tools.json", `{"tools":[{"name":"a.b","inputSchema":{"type":"object"}}]}`)
	for _, tc := range []struct {
		name, body string
		code       int
		want       string
	}{
		{"unknown key has its line", "version: 1\nservers:\n  x: {file: " + tool + "}\nprofile: [all]\n", 2, ":4:1: unknown key \"profile\""},
		{"unknown server key", "version: 1\nservers:\n  x: {file: " + tool + ", cmd: [a]}\n", 2, `unknown key "cmd" in servers.x`},
		{"missing env var", "version: 1\nservers:\n  x: {url: \"https://h/${MCPC_TEST_UNSET_VAR}\"}\n", 2, "needs environment variable MCPC_TEST_UNSET_VAR"},
		{"ignore needs a reason", "version: 1\nignore:\n  - {rule: mcp/tool-name-invalid}\n", 2, "needs a reason"},
		{"unknown rule in rules", "version: 1\nservers:\n  x: {file: " + tool + "}\nrules: {mcp/nope: off}\n", 2, `unknown rule id "mcp/nope"`},
		{"stale ignore is reported", "version: 1\nservers:\n  x: {file: " + tool + "}\nignore:\n  - {rule: mcp/missing-description, tool: gone, reason: legacy}\n", 1, "config/stale-ignore"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := write("c.yaml", tc.body)
			out, errOut, code := mcpContract(t, "lint", "--config", cfg, "--fail-on", "error")
			if code != tc.code {
				t.Errorf("exit %d, want %d (stdout %q stderr %q)", code, tc.code, out, errOut)
			}
			if !strings.Contains(out+errOut, tc.want) {
				t.Errorf("output lacks %q:\n%s%s", tc.want, out, errOut)
			}
		})
	}
}

func TestRulesAndExplain(t *testing.T) {
	out, _, code := mcpContract(t, "rules")
	if code != 0 || !strings.Contains(out, "config/stale-ignore") {
		t.Fatalf("rules: exit %d\n%s", code, out)
	}
	out, _, code = mcpContract(t, "explain", "config/stale-ignore")
	if code != 0 || !strings.Contains(out, "stale baseline") {
		t.Fatalf("explain: exit %d\n%s", code, out)
	}
}

// A hostile 5,000-level schema (10,000 JSON levels through "properties") is
// linted, not refused, and reported as too complex. Speed lives in the lint
// package's benchmarks; this only pins that it works at all.
func TestFiveThousandLevelSchema(t *testing.T) {
	schema := strings.Repeat(`{"type":"object","properties":{"a":`, 5000) + `{"type":"string"}` + strings.Repeat("}}", 5000)
	file := filepath.Join(t.TempDir(), "deep.json")
	os.WriteFile(file, []byte(`{"tools":[{"name":"deep","description":"Deep.","inputSchema":`+schema+`}]}`), 0o644)
	out, errOut, code := mcpContract(t, "lint", file, "--profile", "all", "--format", "json")
	if code != 1 || !strings.Contains(out, `"rule": "schema/too-complex"`) {
		t.Errorf("exit %d, stderr %q; report lacks schema/too-complex", code, errOut)
	}
}

// The grouped text report of every real tool list, read in review: each
// fact once per server with the tools it hits, then the per-rule table.
func TestCorpusTextGolden(t *testing.T) {
	repoRoot(t)
	out, errOut, code := mcpContract(t, "lint", "testdata/corpus/servers", "--profile", "all")
	if code != 1 {
		t.Errorf("exit %d, want 1; stderr %s", code, errOut)
	}
	golden(t, "corpus.text", out)
}

// Grouping is for people: the JSON report keeps every finding, and the text
// report accounts for each of them, by count and, with --expand, by place.
func TestJSONReportKeepsEveryFinding(t *testing.T) {
	repoRoot(t)
	args := []string{"lint", "testdata/corpus/servers", "--profile", "all", "--fail-on", "never"}
	jsonOut, _, _ := mcpContract(t, append(args, "--format", "json")...)
	var doc struct {
		Findings []struct {
			Rule, Severity, Server, Tool, Pointer, File string
			Line, Column                                int
		}
		Summary struct{ Error, Warning, Info int }
	}
	if err := json.Unmarshal([]byte(jsonOut), &doc); err != nil {
		t.Fatal(err)
	}
	perFile := 0
	files, _ := filepath.Glob("testdata/corpus/servers/*.json")
	for _, file := range files {
		out, _, _ := mcpContract(t, "lint", file, "--profile", "all", "--format", "json")
		var one struct{ Findings []json.RawMessage }
		json.Unmarshal([]byte(out), &one)
		perFile += len(one.Findings)
	}
	if n := len(doc.Findings); n != perFile || n != doc.Summary.Error+doc.Summary.Warning+doc.Summary.Info || n < 1000 {
		t.Fatalf("JSON holds %d findings, summary %+v, the files linted one by one %d", n, doc.Summary, perFile)
	}

	text, _, _ := mcpContract(t, args...)
	if want := fmt.Sprintf("%d findings said as ", len(doc.Findings)); !strings.Contains(text, want) {
		t.Errorf("text report does not account for %d findings:\n%s", len(doc.Findings), text[max(0, len(text)-400):])
	}
	expanded, _, _ := mcpContract(t, append(args, "--expand")...)
	places := map[string]int{}
	for _, line := range strings.Split(expanded, "\n") {
		places[strings.TrimSpace(line)]++
	}
	for _, f := range doc.Findings {
		place := fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Column)
		if f.Line == 0 {
			place = f.File
		}
		for _, part := range []string{f.Tool, f.Pointer} {
			if part != "" {
				place += " " + part
			}
		}
		if places[place] == 0 {
			t.Errorf("--expand does not list %s %s", place, f.Rule)
			continue
		}
		places[place]--
	}
}
