package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// stampedVersion is the version TestMain stamps into the binary, as the
// release workflow stamps a release's.
const stampedVersion = "v9.8.7"

// checkoutDir is the repository's folder.
var checkoutDir string

// binDir holds the binaries TestMain builds for the package's end-to-end
// tests: mcp-contract itself (the runner runs the container's entrypoint,
// signals are about the process) and our fixture MCP server.
var binDir string

// TestMain builds both binaries once, then keeps the package's tests out of
// the user's own cache folder. The build comes first and with no flag that
// changes what is compiled (no -trimpath, no -a): it then reuses the
// packages `go test` just compiled. Built with -trimpath, or after
// XDG_CACHE_HOME points at an empty folder (Go's build cache lives there
// unless GOCACHE is set), it compiled go-git, go-github and the MCP SDK
// again inside one test, past go test's 10-minute timeout on a loaded
// 2-core machine.
func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	var err error
	if checkoutDir, err = filepath.Abs(filepath.Join("..", "..")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	binDir, err = os.MkdirTemp("", "mcp-contract-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(binDir)
	// As root every server runs as a user of its own (internal/procs),
	// which must reach the fixture server's binary.
	if err := os.Chmod(binDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	build := exec.Command("go", "build", "-ldflags=-X main.version="+stampedVersion, "-o", binDir+string(filepath.Separator),
		".", filepath.Join("..", "..", "internal", "fixtureserver", "cmd", "fixtureserver"))
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building mcp-contract and the fixture server:", err)
		return 1
	}
	cache, err := os.MkdirTemp("", "mcp-contract-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(cache)
	// A build a test runs later keeps the user's build cache: under the
	// empty folder it would compile the standard library again, minutes on
	// a busy machine.
	if os.Getenv("GOCACHE") == "" {
		if user, err := os.UserCacheDir(); err == nil {
			os.Setenv("GOCACHE", filepath.Join(user, "go-build"))
		}
	}
	os.Setenv("XDG_CACHE_HOME", cache)
	return m.Run()
}

// builtBinary is mcp-contract as TestMain built it.
func builtBinary(*testing.T) string {
	return filepath.Join(binDir, "mcp-contract")
}

// fixtureServer is our misbehaving MCP server as TestMain built it. It keeps
// the signature of the per-test builder it replaced, which a dozen tests
// call.
func fixtureServer(*testing.T, string) string {
	return filepath.Join(binDir, "fixtureserver")
}

// openDir is a temporary folder every user can reach: the servers run as
// other users, and t.TempDir's parent is private to us.
func openDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
