package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/mcp-contract/mcp-contract/report"
)

// The annotations' diff is the pull request's "+" lines since its base, so
// that report.GitHub spends its slots on what the reviewer sees first.
func TestPullRequestDiffIsTheChangeSinceTheBase(t *testing.T) {
	repo := t.TempDir()
	git(t, repo, "init", "-q")
	file := filepath.Join(repo, "tools", "weather.json")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("a\nb\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, repo, "add", "-A")
	git(t, repo, "commit", "-qm", "base")
	base := git(t, repo, "rev-parse", "HEAD")
	if err := os.WriteFile(file, []byte("a\nB\nc\nd\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, repo, "commit", "-qam", "pr")
	t.Chdir(repo)

	want := report.Diff{"tools/weather.json": {{First: 2, Last: 2}, {First: 4, Last: 4}}}
	if got := pullRequestDiff(ghaction.Event{PR: 7, BaseSHA: base}); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := pullRequestDiff(ghaction.Event{BaseSHA: base}); got != nil {
		t.Errorf("outside a pull request: %v, want no preference", got)
	}
	if got := pullRequestDiff(ghaction.Event{PR: 7, BaseSHA: "0123456789abcdef0123456789abcdef01234567"}); got != nil {
		t.Errorf("a base not in the clone: %v, want no preference", got)
	}
}
