package procs

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The folder named is the topmost one the server's user cannot enter: the
// one to open first; a folder open to others lets it through.
func TestCheckEnterNamesTheTopmostClosedFolder(t *testing.T) {
	root := t.TempDir()
	if err := os.Chmod(filepath.Dir(root), 0o755); err != nil {
		t.Fatal(err)
	}
	outer, inner := filepath.Join(root, "outer"), filepath.Join(root, "outer", "inner")
	os.MkdirAll(filepath.Join(inner, "bin"), 0o755)
	os.Chmod(outer, 0o750)
	os.Chmod(inner, 0o700)
	j := &Jail{Uid: 1 << 28}
	err := j.CheckReach(filepath.Join(inner, "bin", "server"))
	if !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), "cannot enter "+outer+" (mode 0750)") || !strings.Contains(err.Error(), "chmod o+x "+outer+"`") {
		t.Errorf("err %v", err)
	}
	os.Chmod(outer, 0o751)
	os.Chmod(inner, 0o701)
	if err := j.CheckEnter(filepath.Join(inner, "bin")); err != nil {
		t.Errorf("open folders: %v", err)
	}
	var none *Jail
	if err := none.CheckEnter("/root"); err != nil {
		t.Errorf("no jail: %v", err)
	}
}

// Docker's default user namespace maps every id; a 65536-id one maps only
// the low range.
func TestMapped(t *testing.T) {
	data, err := os.ReadFile("/proc/self/uid_map")
	if err != nil {
		t.Skip(err)
	}
	if strings.Fields(string(data))[2] == "4294967295" && !mapped(highBase, highCount) {
		t.Errorf("a full map %q does not map %d", data, highBase)
	}
	if mapped(1<<32-10, 20) {
		t.Error("ids past 2^32 mapped")
	}
}

// A server that has just started is no stray to a sweep beside it: a server
// stopping while another starts (parallel fetches, one crashing) must not
// kill the other before its caller has tracked it.
func TestStartedServerIsNoStrayToAnotherServersSweep(t *testing.T) {
	starting := exec.Command("sleep", "30")
	if err := Start(starting, nil); err != nil {
		t.Fatal(err)
	}
	defer func() {
		Kill(starting.Process.Pid, nil)
		Track(starting.Process.Pid, false)
		starting.Wait()
	}()
	stopping := exec.Command("sleep", "30")
	if err := Start(stopping, nil); err != nil {
		t.Fatal(err)
	}
	Kill(stopping.Process.Pid, nil)
	Track(stopping.Process.Pid, false)
	stopping.Wait()
	// A killed child stays a zombie until it is waited for, so ask /proc.
	for _, p := range live() {
		if p.pid == starting.Process.Pid {
			return
		}
	}
	t.Fatal("the other server's stop killed the one just started")
}
