//go:build linux

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/testenv"
)

// The snapshot contract end to end, as a user runs it, on real servers
// nobody here wrote: fetch, fetch again (identical bytes), --check clean.
func TestSnapshotReferenceServers(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	everything := testenv.NpmServer(t, root, "server-everything")
	filesystem := testenv.NpmServer(t, root, "server-filesystem")
	dir := openDir(t)
	t.Chdir(dir)
	os.Mkdir("allowed", 0o755)
	config := "version: 1\nservers:\n" +
		"  everything: {command: [node, " + everything + ", stdio]}\n" +
		"  filesystem: {command: [node, " + filesystem + ", " + filepath.Join(dir, "allowed") + "]}\n"
	os.WriteFile(".mcp-contract.yaml", []byte(config), 0o644)

	out, errOut, code := mcpContract(t, "snapshot")
	if code != 0 {
		t.Fatalf("snapshot: exit %d\n%s%s", code, out, errOut)
	}
	if !strings.Contains(out, "mcp-snapshots/everything.json: written (19 tools)") || !strings.Contains(out, "mcp-snapshots/filesystem.json: written") {
		t.Errorf("snapshot said:\n%s", out)
	}
	first := map[string][]byte{}
	for _, name := range []string{"everything", "filesystem"} {
		first[name], _ = os.ReadFile(filepath.Join("mcp-snapshots", name+".json"))
	}
	out, _, code = mcpContract(t, "snapshot")
	if code != 0 || strings.Count(out, ": unchanged") != 2 {
		t.Errorf("second snapshot: exit %d\n%s", code, out)
	}
	for name, before := range first {
		if after, _ := os.ReadFile(filepath.Join("mcp-snapshots", name+".json")); !bytes.Equal(before, after) {
			t.Errorf("%s: a second fetch of an unchanged server changed the snapshot", name)
		}
	}
	if out, _, code := mcpContract(t, "snapshot", "--check"); code != 0 || !strings.Contains(out, "2 snapshots up to date") {
		t.Errorf("snapshot --check: exit %d\n%s", code, out)
	}
	if out, errOut, code := mcpContract(t, "drift", "--fail-on", "info"); code != 0 {
		t.Errorf("drift against an unchanged server: exit %d\n%s%s", code, out, errOut)
	}
}

// Every way a server can misbehave ends with exit 3, one line on stderr,
// within the timeout, and leaves the committed snapshot as it was.
func TestSnapshotMisbehavingServers(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	bin := fixtureServer(t, root)
	tools := filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json")
	dir := t.TempDir()
	t.Chdir(dir)
	os.Mkdir("mcp-snapshots", 0o755)
	committed := []byte("{\n  \"tools\": []\n}\n")
	for _, mode := range []string{"crash", "garbage", "hang", "endless-cursor", "loop-cursor", "huge", "deep"} {
		t.Run(mode, func(t *testing.T) {
			os.WriteFile("mcp-snapshots/bad.json", committed, 0o644)
			start := time.Now()
			_, errOut, code := mcpContract(t, "snapshot", "--name", "bad", "--timeout", "3s", "--start-timeout", "3s",
				"--stdio", bin+" -tools "+tools+" -mode "+mode+" -huge-bytes 20000000")
			if code != 3 {
				t.Errorf("exit %d, want 3; stderr %q", code, errOut)
			}
			if strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, `mcp-contract: server "bad": `) {
				t.Errorf("want one line naming the server, got %q", errOut)
			}
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("took %s with --timeout 3s", took)
			}
			if got, _ := os.ReadFile("mcp-snapshots/bad.json"); !bytes.Equal(got, committed) {
				t.Errorf("a failed fetch touched the snapshot: %q", got)
			}
		})
	}
}
