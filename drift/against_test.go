package drift

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/source"
)

// The --against git:REF flow end to end at the library level: the snapshot
// committed at HEAD (corpus case gh-assign_copilot-param-renamed-camel-to-snake,
// before) against the work tree (after), in a real repository.
func TestAgainstGitRef(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git binary to build the test repository")
	}
	corpus := "../testdata/corpus/drift/gh-assign_copilot-param-renamed-camel-to-snake"
	before, err := os.ReadFile(filepath.Join(corpus, "before.json"))
	if err != nil {
		t.Fatal(err)
	}
	after, err := os.ReadFile(filepath.Join(corpus, "after.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	snap := filepath.Join(dir, "mcp-snapshots", "github.json")
	if err := os.MkdirAll(filepath.Dir(snap), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(snap, before, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-q", "-m", "snapshot"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	if err := os.WriteFile(snap, after, 0o644); err != nil {
		t.Fatal(err)
	}
	old, err := source.LoadGitRef(dir, "HEAD", "mcp-snapshots")
	if err != nil {
		t.Fatal(err)
	}
	new, err := source.Load(filepath.Join(dir, "mcp-snapshots"))
	if err != nil {
		t.Fatal(err)
	}
	findings := CompareAll(old, new, Options{})
	var got []string
	for _, f := range findings {
		file := f.File
		if !strings.HasPrefix(file, "git:") {
			file = filepath.Base(file)
		}
		got = append(got, f.Rule+" "+file)
	}
	want := []string{
		"drift/input-property-removed git:HEAD:mcp-snapshots/github.json",
		"drift/input-required-property-added github.json",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}

	// The removal moves to the work tree's file, on the parent the
	// property left (the line the pull request shows); its pointer stays.
	removed := findings[0]
	LocateInWorkTree(findings, new)
	f := findings[0]
	tool := new[0].Tool(f.Tool)
	parent, _ := tool.Node.Lookup("/inputSchema/properties")
	file, line, col := tool.Position(parent)
	if f.File != file || f.File != snap || f.Line != line || f.Column != col || line == 0 || f.Pointer != removed.Pointer {
		t.Errorf("removal at %s:%d:%d %s, want %s:%d:%d %s", f.File, f.Line, f.Column, f.Pointer, snap, line, col, removed.Pointer)
	}
}
