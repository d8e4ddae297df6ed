package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The checkout is the pull request's: a committed symlink at the report's
// or the SARIF's path must not make the Action, root in its container,
// replace a file outside the workspace.
func TestActionWritesStayInTheWorkspace(t *testing.T) {
	api := &restAPI{nextID: 1}
	srv := api.serve(t)
	pr := newPRRepo(t)
	outside := filepath.Join(filepath.Dir(pr.repo), "outside-"+filepath.Base(pr.repo))
	os.Mkdir(outside, 0o755)
	t.Cleanup(func() { os.RemoveAll(outside) })
	victim := filepath.Join(outside, "victim")
	os.WriteFile(victim, []byte("precious"), 0o644)
	rel, err := filepath.Rel(pr.repo, outside)
	if err != nil {
		t.Fatal(err)
	}
	os.Symlink(filepath.Join(rel, "victim"), filepath.Join(pr.repo, "mcp-contract-report.json"))
	os.Symlink(rel, filepath.Join(pr.repo, "sarif-out"))
	git(t, pr.repo, "add", ".")
	git(t, pr.repo, "commit", "-q", "-m", "links")
	event := pr.event("Codertocat/Hello-World")

	r := runAction(t, pr.repo, pr.runner, event, srv.URL, pr.headSHA, "INPUT_SARIF=sarif-out/victim")
	if data, _ := os.ReadFile(victim); string(data) != "precious" {
		t.Fatalf("the Action wrote outside the workspace: %q\nstdout:\n%s\nstderr:\n%s", data, r.stdout, r.stderr)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 1 {
		t.Errorf("files made outside the workspace: %v", entries)
	}
	if r.code != 2 || !strings.Contains(r.stderr, "mcp-contract-report.json: cannot write: the path exists and is not a regular file (L---------); remove it first") {
		t.Errorf("report behind a symlink: exit %d, stderr:\n%s", r.code, r.stderr)
	}

	// With the report's link gone, the SARIF's linked folder is still refused.
	os.Remove(filepath.Join(pr.repo, "mcp-contract-report.json"))
	r = runAction(t, pr.repo, pr.runner, event, srv.URL, pr.headSHA, "INPUT_SARIF=sarif-out/victim")
	if data, _ := os.ReadFile(victim); string(data) != "precious" {
		t.Fatalf("SARIF written outside the workspace: %q", data)
	}
	if r.code != 1 || !strings.Contains(r.stdout, "::warning title=mcp-contract::cannot write SARIF: ") || !strings.Contains(r.stdout, "leads outside") ||
		strings.Contains(r.outputs, "sarif<<") {
		t.Errorf("SARIF through a linked folder: exit %d\nstdout:\n%s\noutputs:\n%s", r.code, r.stdout, r.outputs)
	}
}

// A sarif: path in folders that do not exist yet gets them made, and what
// the Action writes keeps the workspace owner's uid and gid (the runner's
// user owns the checkout; the container runs as root).
func TestActionMakesTheSARIFFolderAndKeepsTheOwner(t *testing.T) {
	api := &restAPI{nextID: 1}
	srv := api.serve(t)
	pr := newPRRepo(t)
	asRoot := os.Geteuid() == 0
	if asRoot {
		chownTree(t, pr.repo, 1001, 127)
	}
	r := runAction(t, pr.repo, pr.runner, pr.event("Codertocat/Hello-World"), srv.URL, pr.headSHA, "INPUT_SARIF=reports/code-scanning/mcp.sarif")
	if r.code != 1 || !strings.Contains(r.outputs, "sarif<<") || strings.Contains(r.stdout, "cannot write SARIF") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s\noutputs:\n%s", r.code, r.stdout, r.stderr, r.outputs)
	}
	sarif, err := os.ReadFile(filepath.Join(pr.repo, "reports", "code-scanning", "mcp.sarif"))
	if err != nil || !strings.Contains(string(sarif), `"version": "2.1.0"`) {
		t.Fatalf("SARIF not written: %v\n%.200s", err, sarif)
	}
	if !asRoot {
		t.Log("not root: ownership not checked")
		return
	}
	for _, p := range []string{"mcp-contract-report.json", "reports", "reports/code-scanning", "reports/code-scanning/mcp.sarif"} {
		info, err := os.Lstat(filepath.Join(pr.repo, p))
		if err != nil {
			t.Fatal(err)
		}
		if st := info.Sys().(*syscall.Stat_t); st.Uid != 1001 || st.Gid != 127 {
			t.Errorf("%s is owned by %d:%d, want the workspace owner's 1001:127", p, st.Uid, st.Gid)
		}
	}
}

func chownTree(t *testing.T, dir string, uid, gid int) {
	t.Helper()
	err := filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid)
	})
	if err != nil {
		t.Fatal(err)
	}
}
