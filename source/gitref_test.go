package source

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// git runs the real git binary: tests build real repositories with it, while
// LoadGitRef itself reads them in pure Go.
func runGit(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

const (
	v1 = "{\n  \"tools\": [\n    {\n      \"name\": \"old_tool\",\n      \"inputSchema\": {\"type\": \"object\"}\n    }\n  ]\n}\n"
	v2 = "{\n  \"tools\": [\n    {\"name\": \"new_tool\", \"inputSchema\": {\"type\": \"object\"}}\n  ]\n}\n"
)

// history makes a repository whose snapshot folder holds v1 at the first
// commit (tagged v1) and v2 at the second.
func history(t *testing.T) string {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git binary to build test repositories")
	}
	dir := t.TempDir()
	runGit(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "mcp-snapshots", "github.json"), v1)
	write(t, filepath.Join(dir, "mcp-snapshots", "tools", "a.snap"), `{"name":"a","inputSchema":{"type":"object"}}`)
	runGit(t, dir, "add", ".")
	runGit(t, dir, "commit", "-q", "-m", "v1")
	runGit(t, dir, "tag", "-a", "v1", "-m", "release v1")
	write(t, filepath.Join(dir, "mcp-snapshots", "github.json"), v2)
	runGit(t, dir, "commit", "-q", "-am", "v2")
	return dir
}

func TestLoadGitRefReadsTheFolderAtRef(t *testing.T) {
	dir := history(t)
	for _, ref := range []string{"HEAD~1", "v1", "main~1"} {
		cats, err := LoadGitRef(dir, ref, "mcp-snapshots")
		if err != nil {
			t.Fatalf("%s: %v", ref, err)
		}
		if len(cats) != 1 || cats[0].Server != "github" || len(cats[0].Tools) != 1 {
			t.Fatalf("%s: got %+v", ref, cats)
		}
		tool := cats[0].Tools[0]
		if tool.Name != "old_tool" {
			t.Errorf("%s: read %q, want the tool as it was at the ref", ref, tool.Name)
		}
		file, line, col := tool.Position(tool.Node.Get("name"))
		if want := "git:" + ref + ":mcp-snapshots/github.json"; file != want || line != 4 || col != 15 {
			t.Errorf("%s: tool positioned at %s:%d:%d, want %s:4:15", ref, file, line, col, want)
		}
	}
	cats, err := LoadGitRef(dir, "HEAD", "mcp-snapshots")
	if err != nil || cats[0].Tools[0].Name != "new_tool" {
		t.Fatalf("HEAD: %v %+v", err, cats)
	}
}

func TestLoadGitRefFromASubfolder(t *testing.T) {
	dir := history(t)
	sub := filepath.Join(dir, "mcp-snapshots")
	// A folder of one-tool files is one server named after the folder, as LoadDir reads it.
	cats, err := LoadGitRef(sub, "HEAD~1", "tools")
	if err != nil {
		t.Fatal(err)
	}
	if len(cats) != 1 || cats[0].Server != "tools" || cats[0].Tools[0].File != "git:HEAD~1:mcp-snapshots/tools/a.snap" {
		t.Fatalf("got %+v", cats[0])
	}
}

func TestLoadGitRefErrors(t *testing.T) {
	dir := history(t)
	cases := []struct{ repo, ref, folder, want string }{
		{dir, "no-such-branch", "mcp-snapshots", `git ref "no-such-branch" not found`},
		{dir, "HEAD~1", "../elsewhere", "outside the git repository"},
		{t.TempDir(), "HEAD", "mcp-snapshots", "cannot read a git repository here"},
	}
	for _, c := range cases {
		_, err := LoadGitRef(c.repo, c.ref, c.folder)
		var ie *contract.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("LoadGitRef(%s, %s): got %v, want an input error containing %q", c.ref, c.folder, err, c.want)
		}
	}
}

// The pull request that adds the first snapshots: nothing at the base.
func TestLoadGitRefFolderNotYetThere(t *testing.T) {
	cats, err := LoadGitRef(history(t), "HEAD~1", "missing")
	if err != nil || len(cats) != 0 {
		t.Errorf("got %v, %v; want no catalogs and no error", cats, err)
	}
}

// A repository's first commit: HEAD names a branch with no commit yet, so
// there is nothing before (the pre-commit drift hook runs --against
// git:HEAD then); a branch named outright is still an error.
func TestLoadGitRefUnbornHead(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git binary to build test repositories")
	}
	dir := t.TempDir()
	runGit(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "mcp-snapshots", "github.json"), v1)
	runGit(t, dir, "add", ".")
	if cats, err := LoadGitRef(dir, "HEAD", "mcp-snapshots"); err != nil || len(cats) != 0 {
		t.Errorf("HEAD before the first commit: %v, %v; want no catalogs and no error", cats, err)
	}
	if _, err := LoadGitRef(dir, "main", "mcp-snapshots"); err == nil {
		t.Error("a branch with no commit, named outright, must be an error")
	}
}

func TestLoadGitRefInAShallowClone(t *testing.T) {
	src := history(t)
	clone := filepath.Join(t.TempDir(), "clone")
	runGit(t, filepath.Dir(clone), "clone", "-q", "--depth", "1", "file://"+src, clone)
	if _, err := LoadGitRef(clone, "HEAD", "mcp-snapshots"); err != nil {
		t.Fatalf("HEAD is in the clone: %v", err)
	}
	for _, ref := range []string{"HEAD~1", "v1"} {
		_, err := LoadGitRef(clone, ref, "mcp-snapshots")
		var ie *contract.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), "shallow") || !strings.Contains(err.Error(), "fetch-depth: 0") {
			t.Errorf("%s: got %v, want an input error saying the clone is shallow and suggesting fetch-depth: 0", ref, err)
		}
	}
}

func TestLoadGitFile(t *testing.T) {
	dir := history(t)
	c, err := LoadGitFile(dir, "HEAD~1", "mcp-snapshots/github.json", "weather")
	if err != nil {
		t.Fatal(err)
	}
	if c.Server != "weather" || c.Origin != "git:HEAD~1:mcp-snapshots/github.json" || len(c.Tools) != 1 || c.Tools[0].Name != "old_tool" {
		t.Fatalf("got %+v", c)
	}
	if file, line, _ := c.Tools[0].Position(c.Tools[0].Node.Get("name")); file != "git:HEAD~1:mcp-snapshots/github.json" || line != 4 {
		t.Errorf("positioned at %s:%d", file, line)
	}
	// From a subfolder, the path is relative to it, as a config's file: is.
	if c, err := LoadGitFile(filepath.Join(dir, "mcp-snapshots"), "HEAD", "github.json", "g"); err != nil || c.Tools[0].Name != "new_tool" {
		t.Fatalf("HEAD from a subfolder: %v %+v", err, c)
	}
	// A file the change adds is no error: it had no findings at the ref.
	write(t, filepath.Join(dir, "tools", "new.json"), v2)
	if c, err := LoadGitFile(dir, "HEAD", "tools/new.json", "new"); err != nil || c != nil {
		t.Fatalf("a file absent at the ref: %v %+v", err, c)
	}
	if _, err := LoadGitFile(dir, "nope", "mcp-snapshots/github.json", "g"); err == nil || !strings.Contains(err.Error(), `"nope" not found`) {
		t.Fatalf("unknown ref: %v", err)
	}
	if _, err := LoadGitFile(dir, "HEAD", "../outside.json", "g"); err == nil {
		t.Fatal("a file outside the repository was read")
	}
}
