//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var fleetBin struct {
	once sync.Once
	path string
	err  error
}

// fleetBinary builds mcp-contract once per test binary, with the flags of
// an ordinary build so that the build cache serves it.
func fleetBinary(t *testing.T) string {
	t.Helper()
	fleetBin.once.Do(func() {
		dir, err := os.MkdirTemp("", "mcp-contract-fleet")
		if err != nil {
			fleetBin.err = err
			return
		}
		fleetBin.path = filepath.Join(dir, "mcp-contract")
		if out, err := exec.Command("go", "build", "-o", fleetBin.path, ".").CombinedOutput(); err != nil {
			fleetBin.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if fleetBin.err != nil {
		t.Fatal(fleetBin.err)
	}
	return fleetBin.path
}

// runBinary runs the built mcp-contract in the working directory with env
// added to the test's own, and returns its outputs and exit code.
func runBinary(t *testing.T, bin string, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), errOut.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), 0
}

// fleetDir makes a working folder whose config has one server that answers,
// one whose host does not resolve and one that crashes after a line on
// stderr, and returns the built binary.
func fleetDir(t *testing.T) string {
	t.Helper()
	bin := fleetBinary(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	server := fixtureServer(t, root)
	tools := filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json")
	t.Chdir(t.TempDir())
	config := "version: 1\nservers:\n" +
		"  memory: {command: [" + server + ", -tools, " + tools + "]}\n" +
		"  github: {url: \"http://github.invalid/mcp\"}\n" +
		"  slack: {command: [" + server + ", -tools, " + tools + ", -mode, crash]}\n"
	if err := os.WriteFile(".mcp-contract.yaml", []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return bin
}

// A snapshot stopped by unreachable servers says that it wrote nothing and
// how to write the others; with --keep-going it writes them and names each
// server it could not reach.
func TestSnapshotKeepGoing(t *testing.T) {
	bin := fleetDir(t)
	_, errOut, code := runBinary(t, bin, nil, "snapshot")
	if code != 3 {
		t.Fatalf("snapshot: exit %d, want 3\n%s", code, errOut)
	}
	if _, err := os.Stat("mcp-snapshots"); !os.IsNotExist(err) {
		t.Errorf("a stopped snapshot wrote files: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], `mcp-contract: server "github": `) || !strings.HasPrefix(lines[1], `mcp-contract: server "slack": `) {
		t.Fatalf("want one line per unreachable server, then the summary; got\n%s", errOut)
	}
	for _, want := range []string{"2 of 3 servers unreachable: github, slack", "nothing was written", "--keep-going", "mcp-contract snapshot --server memory"} {
		if !strings.Contains(lines[2], want) {
			t.Errorf("summary %q does not say %q", lines[2], want)
		}
	}
	if !strings.Contains(lines[1], "crashing at start") {
		t.Errorf("the crashed server's stderr is not quoted: %s", lines[1])
	}

	out, errOut, code := runBinary(t, bin, nil, "snapshot", "--keep-going")
	if code != 3 {
		t.Fatalf("snapshot --keep-going: exit %d, want 3\n%s%s", code, out, errOut)
	}
	if out != "mcp-snapshots/memory.json: written (9 tools)\n" {
		t.Errorf("stdout %q", out)
	}
	entries, _ := os.ReadDir("mcp-snapshots")
	if len(entries) != 1 || entries[0].Name() != "memory.json" {
		t.Errorf("snapshot folder holds %v, want memory.json alone", entries)
	}
	if !strings.Contains(errOut, `server "github"`) || !strings.Contains(errOut, `server "slack"`) ||
		!strings.Contains(errOut, "2 of 3 servers unreachable: github, slack; the snapshots of the others were written") {
		t.Errorf("stderr:\n%s", errOut)
	}
}

// Every format's report of a run with unreachable servers counts them, and
// stderr names each.
func TestCheckKeepGoingCountsUnreachable(t *testing.T) {
	bin := fleetDir(t)
	for format, want := range map[string]string{
		"text":     "in 3 servers (2 unreachable: github, slack), 9 tools",
		"markdown": `in 3 servers (2 unreachable: github, slack), 9 tools`,
		"sarif":    `"text": "server slack unreachable: `,
		"github":   "::error title=server slack::server slack: ",
	} {
		out, errOut, code := runBinary(t, bin, nil, "check", "--keep-going", "--format", format)
		if code != 3 {
			t.Errorf("%s: exit %d, want 3", format, code)
		}
		if !strings.Contains(out, want) {
			t.Errorf("%s: the report does not say %q:\n%s", format, want, out)
		}
		if strings.Count(errOut, "mcp-contract: server ") != 2 || !strings.Contains(errOut, "2 of 3 servers unreachable: github, slack") {
			t.Errorf("%s: stderr does not name both servers:\n%s", format, errOut)
		}
	}
	out, _, _ := runBinary(t, bin, nil, "check", "--keep-going", "--format", "json")
	var doc struct {
		Servers []struct{ Name, Error string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, s := range doc.Servers {
		if s.Error != "" {
			failed++
		}
	}
	if failed != 2 {
		t.Errorf("json: %d servers with an error, want 2", failed)
	}
}
