package source

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// A snapshot committed as a symlink is followed inside the commit's tree
// (through chains of links), never skipped: skipping dropped its server from
// the comparison without a word. A link leaving the repository, dangling or
// looping is refused, naming it.
func TestLoadGitRefSymlinks(t *testing.T) {
	dir := history(t)
	snaps := filepath.Join(dir, "mcp-snapshots")
	write(t, filepath.Join(dir, "shared", "vendor.json"), v1)
	os.Symlink("../shared/vendor.json", filepath.Join(snaps, "vendor.json"))
	os.Symlink("vendor.json", filepath.Join(snaps, "chained.json"))
	runGit(t, dir, "add", ".")
	runGit(t, dir, "commit", "-q", "-m", "linked snapshots")
	cats, err := LoadGitRef(dir, "HEAD", "mcp-snapshots")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range cats {
		if len(c.Tools) > 0 {
			got[c.Server] = c.Tools[0].Name
		}
	}
	if got["vendor"] != "old_tool" || got["chained"] != "old_tool" || got["github"] != "new_tool" {
		t.Errorf("servers read through links: %v", got)
	}

	for _, tc := range []struct{ link, target, want string }{
		{"outside.json", "/etc/passwd", "outside the repository"},
		{"climbs.json", "../../outside.json", "outside the repository"},
		{"dangling.json", "missing.json", "does not exist at HEAD"},
		{"folder.json", "../shared", "not a file at HEAD"},
		{"loop.json", "loop.json", "chain of more than"},
	} {
		t.Run(tc.link, func(t *testing.T) {
			link := filepath.Join(snaps, tc.link)
			os.Symlink(tc.target, link)
			runGit(t, dir, "add", ".")
			runGit(t, dir, "commit", "-q", "-m", tc.link)
			_, err := LoadGitRef(dir, "HEAD", "mcp-snapshots")
			var ie *contract.InputError
			if !errors.As(err, &ie) || ie.File != "git:HEAD:mcp-snapshots/"+tc.link || !strings.Contains(ie.Msg, tc.want) {
				t.Errorf("got %v, want an error at the link saying %q", err, tc.want)
			}
			os.Remove(link)
			runGit(t, dir, "add", "-A")
			runGit(t, dir, "commit", "-q", "-m", "drop "+tc.link)
		})
	}
}

// HEAD~N past the first commit says how deep the history is, not merely
// that the ref was not found.
func TestLoadGitRefHistoryTooShort(t *testing.T) {
	dir := history(t)
	_, err := LoadGitRef(dir, "HEAD~5", "mcp-snapshots")
	if err == nil || !strings.Contains(err.Error(), `git ref "HEAD~5" goes 5 commits back from HEAD, but the history there has only 1 commit before it`) ||
		!strings.Contains(err.Error(), "at most git:HEAD~1") {
		t.Errorf("got %v", err)
	}
	if _, err := LoadGitRef(dir, "HEAD~1", "mcp-snapshots"); err != nil {
		t.Errorf("HEAD~1 exists: %v", err)
	}
}
