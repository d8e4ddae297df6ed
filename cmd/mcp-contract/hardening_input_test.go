//go:build unix

package main

import (
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// allocated runs fn and returns the bytes it allocated: an upper bound on
// the memory a refusal may cost (issue 9: within 64 MB).
func allocated(fn func()) uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	fn()
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc - before
}

// hostileFile makes path one of the things that is not a regular file, or
// a regular file over every limit (sparse, so it costs no disk).
func hostileFile(t *testing.T, kind, path string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o755)
	var err error
	switch kind {
	case "fifo":
		err = syscall.Mkfifo(path, 0o600)
	case "device":
		err = os.Symlink("/dev/zero", path)
	case "socket":
		var l net.Listener
		if l, err = net.Listen("unix", path); err == nil {
			t.Cleanup(func() { l.Close() })
		}
	case "fifo-link":
		fifo := filepath.Join(t.TempDir(), "fifo")
		if err = syscall.Mkfifo(fifo, 0o600); err == nil {
			err = os.Symlink(fifo, path)
		}
	case "huge":
		var f *os.File
		if f, err = os.Create(path); err == nil {
			err = f.Truncate(300 << 20)
			f.Close()
		}
	}
	if err != nil {
		t.Skipf("cannot make a %s here: %v", kind, err)
	}
}

// Every input is read through one reader that takes only regular files up
// to a limit: a FIFO would hang the run, /dev/zero would fill the memory.
// Each refusal is exit 2 naming the file, and costs under 64 MB.
func TestHostileInputFiles(t *testing.T) {
	const tools = `{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object"}}]}`
	inputs := []struct {
		name   string
		path   string // the hostile file
		setup  map[string]string
		args   []string
		skipIn string // a kind this input cannot be (a folder is listed first)
	}{
		{"source file", "x.json", nil, []string{"lint", "x.json"}, ""},
		{"file in a source folder", "d/x.json", map[string]string{"d/a.json": tools}, []string{"lint", "d"}, ""},
		{"config", "c.yaml", nil, []string{"lint", "--config", "c.yaml", "tools.json"}, ""},
		{"default config", ".mcp-contract.yaml", nil, []string{"lint", "tools.json"}, ""},
		{"client config", ".mcp.json", nil, []string{"snapshot"}, ""},
		{"--args @FILE", "args.json", nil, []string{"validate", "--tool", "t", "--args", "@args.json", "tools.json"}, ""},
		{"recorded call", "mcp-calls/c.json", map[string]string{"old.json": tools}, []string{"drift", "old.json", "tools.json"}, ""},
		{"snapshot in a folder", "snaps/x.json", map[string]string{"snaps/a.json": tools}, []string{"drift", "snaps", "snaps"}, ""},
		{"configured server file", "vendor.json", map[string]string{".mcp-contract.yaml": "version: 1\nservers:\n  vendor: {file: vendor.json}\n"}, []string{"snapshot"}, ""},
		{"committed snapshot", "mcp-snapshots/vendor.json", map[string]string{".mcp-contract.yaml": "version: 1\nservers:\n  vendor: {file: tools.json}\n"}, []string{"snapshot"}, ""},
	}
	kinds := map[string]string{
		"fifo":      "named pipe",
		"fifo-link": "named pipe",
		"device":    "is a device",
		"socket":    "is a socket",
		"huge":      "over the",
	}
	for _, in := range inputs {
		for kind, want := range kinds {
			t.Run(in.name+"/"+kind, func(t *testing.T) {
				dir := t.TempDir()
				t.Chdir(dir)
				os.WriteFile("tools.json", []byte(tools), 0o644)
				for name, body := range in.setup {
					os.MkdirAll(filepath.Dir(name), 0o755)
					os.WriteFile(name, []byte(body), 0o644)
				}
				hostileFile(t, kind, in.path)
				var errOut string
				var code int
				extra := allocated(func() { _, errOut, code = mcpContract(t, in.args...) })
				if code != 2 || !strings.Contains(errOut, in.path) || !strings.Contains(errOut, want) {
					t.Errorf("exit %d, stderr %q; want exit 2 naming %s and saying %q", code, errOut, in.path, want)
				}
				if extra > 64<<20 {
					t.Errorf("the refusal allocated %d MB", extra>>20)
				}
			})
		}
	}
}
