//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The hint of snapshot --check is the command to paste: for an ad hoc server
// that is its --stdio and --name, not a bare `snapshot` that would fetch
// nothing; drift over the same server says what it compared.
func TestSnapshotCheckHintRepeatsTheFlags(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	stdio := fixtureServer(t, root) + " -tools " + filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json")
	t.Chdir(t.TempDir())
	out, errOut, code := mcpContract(t, "snapshot", "--check", "--stdio", stdio, "--name", "memory")
	want := "missing: mcp-snapshots/memory.json\nrun: mcp-contract snapshot --stdio '" + stdio + "' --name memory\nand commit the result\n"
	if code != 1 || out != want {
		t.Errorf("exit %d, stdout\n%s\nwant\n%s\nstderr %s", code, out, want, errOut)
	}
	if _, errOut, code := mcpContract(t, "drift", "--stdio", stdio, "--name", "memory"); code != 2 ||
		!strings.Contains(errOut, "snapshot missing for server \"memory\": run `mcp-contract snapshot --stdio '"+stdio+"' --name memory`") {
		t.Errorf("drift without its snapshot: exit %d %q", code, errOut)
	}
	if _, errOut, code := mcpContract(t, "snapshot", "--stdio", stdio, "--name", "memory"); code != 0 {
		t.Fatalf("snapshot: exit %d %s", code, errOut)
	}
	out, _, code = mcpContract(t, "drift", "--stdio", stdio, "--name", "memory")
	if code != 0 || !strings.Contains(out, "Drift compared 1 server: memory (live against file:mcp-snapshots/memory.json).\n") {
		t.Errorf("drift: exit %d\n%s", code, out)
	}
}
