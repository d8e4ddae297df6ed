// Package testenv finds what tests need from outside Go: the reference MCP
// servers pinned in testdata/npm.
package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// NpmServer returns the entry point of a server pinned in
// testdata/npm/package.json (pkg is e.g. "server-everything"), below the
// repository root root. Without CI, a developer who has not run
// `npm ci --prefix testdata/npm` gets a skip; in CI a missing server fails.
func NpmServer(t testing.TB, root, pkg string) string {
	t.Helper()
	entry, err := filepath.Abs(filepath.Join(root, "testdata", "npm", "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js"))
	if err != nil {
		t.Fatal(err)
	}
	_, statErr := os.Stat(entry)
	_, nodeErr := exec.LookPath("node")
	if statErr != nil || nodeErr != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("%s not installed (run npm ci --prefix testdata/npm)", pkg)
		}
		t.Fatalf("%s or node missing in CI: %v %v", pkg, statErr, nodeErr)
	}
	return entry
}

// NpmDir returns testdata/npm below root when the npm module (e.g.
// "oauth2-mock-server") is installed there and node runs, for a test that
// runs a script of that folder; it skips or fails as NpmServer does.
func NpmDir(t testing.TB, root, module string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join(root, "testdata", "npm"))
	if err != nil {
		t.Fatal(err)
	}
	_, statErr := os.Stat(filepath.Join(dir, "node_modules", module, "package.json"))
	_, nodeErr := exec.LookPath("node")
	if statErr != nil || nodeErr != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("%s not installed (run npm ci --prefix testdata/npm)", module)
		}
		t.Fatalf("%s or node missing in CI: %v %v", module, statErr, nodeErr)
	}
	return dir
}
