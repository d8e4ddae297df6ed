package drift

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func writeCalls(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mcp-calls")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadCalls(t *testing.T) {
	dir := writeCalls(t, map[string]string{
		"b.json":     `{"server":"github","tool":"get_me","arguments":{}}`,
		"a.json":     `{"server":"github","tool":"list_issues","arguments":{"owner":"o","repo":"r"}}`,
		"notes.txt":  `not a call`,
		"empty.json": `{"tool":"ping"}`,
	})
	if err := os.Mkdir(filepath.Join(dir, "folder.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	calls, err := LoadCalls(dir)
	if err != nil {
		t.Fatal(err)
	}
	if none, err := LoadCalls(filepath.Join(dir, "missing")); none != nil || err != nil {
		t.Errorf("a missing folder: got %v, %v; want no calls", none, err)
	}
	var got []string
	for _, c := range calls {
		got = append(got, filepath.Base(c.File)+" "+c.Server+" "+c.Tool+" "+string(c.Arguments))
	}
	want := []string{`a.json github list_issues {"owner":"o","repo":"r"}`, "b.json github get_me {}", "empty.json  ping "}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestLoadCallsRejectsMalformedFiles(t *testing.T) {
	for content, want := range map[string]string{
		`{"server":"s","tool":"t","arguments":{}`:         "unexpected EOF",
		`{"server":"s","tool":"t","args":{}}`:             `unknown field "args"`,
		`{"server":"s","arguments":{}}`:                   `needs a "tool"`,
		`[{"server":"s","tool":"t","arguments":{}}]`:      "must be",
		`{"server":"s","tool":"t","arguments":{"a":tru}}`: "invalid",
	} {
		_, err := LoadCalls(writeCalls(t, map[string]string{"x.json": content}))
		var ie *contract.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "x.json") {
			t.Errorf("%s: got %v, want an input error naming x.json and containing %q", content, err, want)
		}
	}
}

// The parameter rename of github-mcp-server commit 2cc6911 (corpus case
// gh-assign_copilot-param-renamed-camel-to-snake), replayed against a call
// an agent made before it.
func TestRecordedCallsAgainstTheCorpusRename(t *testing.T) {
	dir := "../testdata/corpus/drift/gh-assign_copilot-param-renamed-camel-to-snake"
	old, new := loadCase(t, dir, "before.json"), loadCase(t, dir, "after.json")
	server := old.Server
	calls, err := LoadCalls(writeCalls(t, map[string]string{
		"old-shape.json":  `{"server":"` + server + `","tool":"assign_copilot_to_issue","arguments":{"owner":"o","repo":"r","issueNumber":7}}`,
		"new-shape.json":  `{"server":"` + server + `","tool":"assign_copilot_to_issue","arguments":{"owner":"o","repo":"r","issue_number":7}}`,
		"any-server.json": `{"tool":"assign_copilot_to_issue","arguments":{"owner":"o","repo":"r","issue_number":"seven"}}`,
		"other.json":      `{"server":"elsewhere","tool":"assign_copilot_to_issue","arguments":{}}`,
	}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range Compare(old, new, Options{Calls: calls}) {
		if f.Rule != recordedCallRejected.ID {
			continue
		}
		got = append(got, f.Message[strings.Index(f.Message, "mcp-calls/")+len("mcp-calls/"):])
		if f.Pointer != "/inputSchema" || filepath.Base(f.File) != "after.json" || f.Line == 0 || f.Patch == nil || f.Severity != contract.Error {
			t.Errorf("incomplete finding %+v", f)
		}
	}
	want := []string{
		"any-server.json is rejected at arguments/issue_number: got string, want number",
		"old-shape.json is rejected at arguments: 'issue_number' is a required property",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestRecordedCallToARemovedTool(t *testing.T) {
	old := catalog(t, "old.json", `[{"name":"gone","inputSchema":{"type":"object"}}]`)
	new := catalog(t, "new.json", `[]`)
	calls := []Call{{Server: "test", Tool: "gone", File: "mcp-calls/gone.json"}, {Server: "test", Tool: "never", File: "mcp-calls/never.json"}}
	got := summary(Compare(old, new, Options{Calls: calls}))
	want := []string{"drift/recorded-call-rejected ", "drift/recorded-call-rejected ", "drift/tool-removed "}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Calls that no compared server can replay are named, not counted as passing.
func TestCallCoverage(t *testing.T) {
	mk := func(server, toolsJSON string) *contract.Catalog {
		c := catalog(t, server+".json", toolsJSON)
		c.Server = server
		return c
	}
	gh := `[{"name":"get_me","inputSchema":{"type":"object"}}]`
	old := []*contract.Catalog{mk("github", gh), {Server: "down", Error: "timeout"}}
	new := []*contract.Catalog{mk("github", gh), {Server: "down", Error: "timeout"}}
	calls := []Call{
		{Server: "github", Tool: "get_me", File: "a.json"},
		{Tool: "get_me", File: "b.json"},
		{Server: "gitlab", Tool: "get_me", File: "c.json"},
		{Tool: "list_projects", File: "d.json"},
		{Server: "down", Tool: "x", File: "e.json"},
	}
	replayed, skipped := CallCoverage(calls, old, new, false)
	want := []string{`c.json: server "gitlab" was not compared`, `d.json: no compared server has tool "list_projects"`, `e.json: server "down" was not compared`}
	if replayed != 2 || !reflect.DeepEqual(skipped, want) {
		t.Errorf("replayed %d, skipped %q; want 2 and %q", replayed, skipped, want)
	}
	// OLD NEW files are one server whatever their names.
	if replayed, skipped := CallCoverage(calls[:1], []*contract.Catalog{mk("v1", gh)}, []*contract.Catalog{mk("v2", gh)}, true); replayed != 0 || len(skipped) != 1 {
		t.Errorf("a call naming a server is not replayed against files named otherwise: %d %q", replayed, skipped)
	}
}
