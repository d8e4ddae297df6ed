//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// snapshotTree maps every file below dir to its content.
func snapshotTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			data, _ := os.ReadFile(p)
			files[p] = string(data)
		}
		return nil
	})
	return files
}

// alive reports whether pid is a process that has not ended (a zombie has).
func alive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z"
}

// groupMembers lists the live processes of process group pgid.
func groupMembers(pgid int) []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// After "pid (comm)": state, ppid, pgrp.
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(fields) > 2 && fields[2] == strconv.Itoa(pgid) && fields[0] != "Z" {
			pids = append(pids, pid)
		}
	}
	return pids
}

// SIGTERM during a snapshot, as CI sends it on cancel (and SIGINT, as ^C
// does): the server (which ignores both and has a child that does too) and
// its whole process group are gone, no temp file is left, the committed
// snapshot is byte-identical and the exit code is 143 (130).
func TestSnapshotSignals(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	fixture := fixtureServer(t, root)
	bin := builtBinary(t)
	// Twice: the second signal ends the run at once, through the last
	// resort (source.KillAll, fileio.RemoveTemps) rather than the fetch's
	// own stop.
	for _, tc := range []struct {
		sig   syscall.Signal
		name  string
		code  int
		times int
	}{{syscall.SIGTERM, "SIGTERM", 143, 1}, {syscall.SIGINT, "SIGINT", 130, 1}, {syscall.SIGTERM, "SIGTERM", 143, 2}} {
		t.Run(fmt.Sprintf("%s/%d", tc.name, tc.times), func(t *testing.T) {
			interruptSnapshot(t, root, fixture, bin, tc.sig, tc.name, tc.code, tc.times)
		})
	}
}

func interruptSnapshot(t *testing.T, root, fixture, bin string, sig syscall.Signal, name string, code, times int) {
	tools := filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json")
	dir := t.TempDir()
	pidFile := filepath.Join(openDir(t), "pids")
	os.WriteFile(filepath.Join(dir, ".mcp-contract.yaml"), []byte("version: 1\nservers:\n  slow: {command: ["+
		fixture+", -tools, "+tools+", -mode, trap-signals, -pid-file, "+pidFile+"]}\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "mcp-snapshots"), 0o755)
	os.WriteFile(filepath.Join(dir, "mcp-snapshots", "slow.json"), []byte("{\n  \"tools\": []\n}\n"), 0o644)
	before := snapshotTree(t, dir)

	var stderr bytes.Buffer
	cmd := exec.Command(bin, "snapshot", "--timeout", "5m")
	cmd.Dir, cmd.Stderr = dir, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var server, child int
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if data, err := os.ReadFile(pidFile); err == nil && strings.HasSuffix(string(data), "\n") {
			fields := strings.Fields(string(data))
			server, _ = strconv.Atoi(fields[0])
			child, _ = strconv.Atoi(fields[1])
			break
		}
	}
	if server == 0 {
		cmd.Process.Kill()
		t.Fatalf("the fixture server never started; stderr: %s", stderr.String())
	}
	t.Cleanup(func() { syscall.Kill(-server, syscall.SIGKILL) })
	for i := range times {
		if i > 0 {
			// Two signals sent at once merge into one pending signal.
			time.Sleep(200 * time.Millisecond)
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != code {
		t.Errorf("exit: %v, want code %d; stderr: %s", err, code, stderr.String())
	}
	// One line; with two signals the run and the last resort may each say it.
	if times > 1 && !strings.Contains(stderr.String(), "did not wind down, so every server it started was killed") {
		t.Errorf("the second signal did not end the run at once: %q", stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted by "+name) || strings.Count(stderr.String(), "\n") > times {
		t.Errorf("stderr must be one line saying why: %q", stderr.String())
	}
	// SIGKILL went to the whole group before the run exited; on a loaded
	// machine the kernel may take a moment to carry it out, never longer.
	var left []int
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		left = groupMembers(server)
		for _, pid := range []int{server, child} {
			if alive(pid) && !slices.Contains(left, pid) {
				left = append(left, pid)
			}
		}
		if len(left) == 0 {
			break
		}
	}
	if len(left) > 0 {
		t.Errorf("processes of the server's group survive the run: %v", left)
	}
	after := snapshotTree(t, dir)
	if len(after) != len(before) {
		t.Errorf("files before %v, after %v", keys(before), keys(after))
	}
	for name, data := range before {
		if after[name] != data {
			t.Errorf("%s changed", name)
		}
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
