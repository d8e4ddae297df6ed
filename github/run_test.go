package github

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
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
	if got := PullRequestDiff(Event{PR: 7, BaseSHA: base}); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := PullRequestDiff(Event{BaseSHA: base}); got != nil {
		t.Errorf("outside a pull request: %v, want no preference", got)
	}
	if got := PullRequestDiff(Event{PR: 7, BaseSHA: "0123456789abcdef0123456789abcdef01234567"}); got != nil {
		t.Errorf("a base not in the clone: %v, want no preference", got)
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// Annotations and SARIF need paths from the repository root, whatever the
// working directory and however the finding's file was named.
func TestRelativize(t *testing.T) {
	ws := t.TempDir()
	sub := filepath.Join(ws, "svc")
	os.MkdirAll(filepath.Join(sub, "snaps"), 0o755)
	os.WriteFile(filepath.Join(sub, "snaps", "kept.json"), nil, 0o644)
	r := &contract.Result{Findings: []contract.Finding{
		{File: "snaps/a.json", Line: 3, Column: 4},
		{File: filepath.Join(sub, "snaps", "b.json"), Line: 5, Column: 6},
		{File: "git:0123abc:svc/snaps/kept.json", Line: 7, Column: 8},
		{File: "git:0123abc:svc/snaps/gone.json", Line: 9, Column: 1},
		{File: filepath.Join(filepath.Dir(ws), "elsewhere.json"), Line: 2, Column: 2,
			Related: []contract.Location{{File: "../svc/snaps/c.json", Line: 1, Column: 1}}},
	}}
	Relativize(r, ws, sub)
	want := []struct {
		file      string
		line, col int
	}{
		{"svc/snaps/a.json", 3, 4},
		{"svc/snaps/b.json", 5, 6},
		{"svc/snaps/kept.json", 0, 0},
		{"", 0, 0},
		{"", 0, 0},
	}
	for i, w := range want {
		f := r.Findings[i]
		if f.File != w.file || f.Line != w.line || f.Column != w.col {
			t.Errorf("finding %d: %s:%d:%d, want %s:%d:%d", i, f.File, f.Line, f.Column, w.file, w.line, w.col)
		}
	}
	if rel := r.Findings[4].Related[0]; rel.File != "svc/snaps/c.json" || rel.Line != 1 {
		t.Errorf("related %+v", rel)
	}
}
