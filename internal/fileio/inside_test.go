package fileio

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// A checkout is the attacker's: nothing committed in it may send a write
// outside it.
func TestWriteInsideStaysInside(t *testing.T) {
	base := t.TempDir()
	root, outside := filepath.Join(base, "workspace"), filepath.Join(base, "outside")
	os.Mkdir(root, 0o755)
	os.Mkdir(outside, 0o755)
	victim := filepath.Join(outside, "victim")
	os.WriteFile(victim, []byte("precious"), 0o644)
	os.Symlink("../outside/victim", filepath.Join(root, "report.json"))
	os.Symlink("../outside", filepath.Join(root, "out"))
	os.Symlink(victim, filepath.Join(root, "abs.json"))
	for _, tc := range []struct{ path, want string }{
		{"report.json", "not a regular file"},
		{filepath.Join(root, "report.json"), "not a regular file"},
		{"abs.json", "not a regular file"},
		{"out/victim", "leads outside"},
		{"out/new/results.sarif", "leads outside"},
		{"../outside/victim", "outside"},
		{victim, "outside"},
	} {
		err := WriteInside(root, tc.path, writeString("pwned"))
		var fe *Error
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("WriteInside(%q): %v, want an error saying %q", tc.path, err, tc.want)
		}
	}
	if data, _ := os.ReadFile(victim); string(data) != "precious" {
		t.Errorf("a file outside was written: %q", data)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 1 {
		t.Errorf("files made outside: %v", entries)
	}
	// A symlink that stays inside is no escape.
	os.Mkdir(filepath.Join(root, "real"), 0o755)
	os.Symlink("real", filepath.Join(root, "alias"))
	if err := WriteInside(root, "alias/ok.json", writeString("ok")); err != nil {
		t.Errorf("through a symlink that stays inside: %v", err)
	}
}

// A path in folders that do not exist yet gets them made.
func TestWriteInsideMakesFolders(t *testing.T) {
	root := t.TempDir()
	if err := WriteInside(root, "reports/sarif/results.sarif", writeString("{}")); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(root, "reports", "sarif", "results.sarif")); err != nil || string(data) != "{}" {
		t.Errorf("read back %q, %v", data, err)
	}
	os.WriteFile(filepath.Join(root, "file"), nil, 0o644)
	if err := WriteInside(root, "file/x.json", writeString("{}")); err == nil || !strings.Contains(err.Error(), "cannot create its folder") {
		t.Errorf("a folder that is a file: %v", err)
	}
}

// Run as root in a workspace another user owns (the Action's container),
// what is written keeps that user as owner.
func TestWriteInsideGivesRootsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give files away")
	}
	root := t.TempDir()
	if err := os.Chown(root, 1001, 1002); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "old.json"), []byte("old"), 0o644)
	for _, p := range []string{"old.json", "new.json", "a/b/new.json"} {
		if err := WriteInside(root, p, writeString("x")); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"old.json", "new.json", "a", "a/b", "a/b/new.json"} {
		info, err := os.Lstat(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		if st := info.Sys().(*syscall.Stat_t); st.Uid != 1001 || st.Gid != 1002 {
			t.Errorf("%s is owned by %d:%d, want the workspace's 1001:1002", p, st.Uid, st.Gid)
		}
	}
}

// Under ConfineWrites, WriteOutput and WriteFile refuse what would leave
// the folder; without it, WriteOutput follows a symlink the user made.
func TestConfineWrites(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "workspace")
	os.Mkdir(root, 0o755)
	victim := filepath.Join(base, "victim")
	os.WriteFile(victim, []byte("precious"), 0o644)
	link := filepath.Join(root, "report.json")
	os.Symlink(victim, link)

	ConfineWrites(root)
	t.Cleanup(func() { ConfineWrites("") })
	if err := WriteOutput(link, writeString("pwned")); err == nil {
		t.Error("confined WriteOutput wrote through a symlink")
	}
	os.Mkdir(filepath.Join(root, "snaps"), 0o755)
	os.Symlink(base, filepath.Join(root, "snaps-link"))
	if err := WriteFile(filepath.Join(root, "snaps-link", "victim"), []byte("pwned")); err == nil {
		t.Error("confined WriteFile wrote through a linked folder")
	}
	if err := WriteFile(filepath.Join(root, "snaps", "srv.json"), []byte("{}")); err != nil {
		t.Errorf("confined WriteFile inside: %v", err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "precious" {
		t.Fatalf("a file outside was written: %q", data)
	}

	ConfineWrites("")
	if err := WriteOutput(link, writeString("followed")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "followed" {
		t.Errorf("unconfined WriteOutput did not follow the user's symlink: %q", data)
	}
}
