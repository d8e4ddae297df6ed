//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

const oneToolList = `{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object"}}]}`

// Every source of a server name goes through one check before the name can
// name a file, and every refusal is exit 2 naming the source and its line.
func TestHostileServerNames(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		args  []string
		want  string
	}{
		{"config climbs out", map[string]string{".mcp-contract.yaml": "version: 1\nservers:\n  ../../evil: {file: tools.json}\n"},
			[]string{"snapshot"}, `.mcp-contract.yaml:3:3: servers: server name "../../evil"`},
		{"config device name", map[string]string{".mcp-contract.yaml": "version: 1\nservers:\n  nul: {file: tools.json}\n"},
			[]string{"snapshot"}, `.mcp-contract.yaml:3:3: servers: server name "nul" is a reserved device name`},
		{"config server twice", map[string]string{".mcp-contract.yaml": "version: 1\nservers:\n  a: {file: tools.json}\n  a: {file: tools.json}\n"},
			[]string{"snapshot"}, `.mcp-contract.yaml:4:3: servers: "a" and "a" (line 3) would share one snapshot file`},
		{"config one file for two", map[string]string{".mcp-contract.yaml": "version: 1\nservers:\n  GitHub: {file: tools.json}\n  github: {file: tools.json}\n"},
			[]string{"snapshot"}, `.mcp-contract.yaml:4:3: servers: "github" and "GitHub" (line 3) would share one snapshot file`},
		{"config env key twice", map[string]string{".mcp-contract.yaml": "version: 1\nservers:\n  a: {command: [x], env: {K: '1', K: '2'}}\n"},
			[]string{"snapshot"}, `.mcp-contract.yaml:3:35: key "K" appears twice in servers.a.env`},
		{"client config slash", map[string]string{".mcp.json": "{\"mcpServers\": {\n  \"a/b\": {\"command\": \"x\"}}}"},
			[]string{"snapshot"}, `.mcp.json:2:3: mcpServers: server name "a/b" holds '/'`},
		{"client config control char", map[string]string{".mcp.json": "{\"mcpServers\": {\"a\\u001b[2Jb\": {\"command\": \"x\"}}}"},
			[]string{"snapshot"}, `.mcp.json:1:17: mcpServers: server name`},
		{"client config key twice", map[string]string{".vscode/mcp.json": "{\"servers\": {\n \"a\": {\"command\": \"x\"},\n \"a\": {\"command\": \"y\"}}}"},
			[]string{"snapshot"}, `.vscode/mcp.json:3:2: key "a" appears twice in one object`},
		{"client config nested key twice", map[string]string{".mcp.json": "{\"mcpServers\": {\"a\": {\"command\": \"x\", \"env\": {\"K\": \"1\", \"K\": \"2\"}}}}"},
			[]string{"snapshot"}, `.mcp.json:1:57: key "K" appears twice`},
		{"--name climbs out", nil, []string{"snapshot", "--stdio", "true", "--name", "../../evil"}, `--name: server name "../../evil"`},
		{"--name empty folder", nil, []string{"snapshot", "--stdio", "true", "--name", "."}, `--name: server name "."`},
		{"file base name", map[string]string{"CON.json": oneToolList}, []string{"lint", "CON.json"}, `CON.json: the file's base name is its server name: server name "CON"`},
		{"two files one server", map[string]string{"d/x.json": oneToolList, "d/x.snap": oneToolList}, []string{"lint", "d"}, `d/x.snap: server "x" is also given by d/x.json`},
		{"--server twice", map[string]string{".mcp-contract.yaml": "version: 1\nservers:\n  a: {file: tools.json}\n"},
			[]string{"snapshot", "--server", "a", "--server", "a"}, `--server "a" is given twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			os.WriteFile("tools.json", []byte(oneToolList), 0o644)
			for name, body := range tc.files {
				os.MkdirAll(filepath.Dir(name), 0o755)
				os.WriteFile(name, []byte(body), 0o644)
			}
			before := listTree(t, filepath.Dir(dir))
			var errOut string
			var code int
			extra := allocated(func() { _, errOut, code = mcpContract(t, tc.args...) })
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 with %q", code, errOut, tc.want)
			}
			if extra > 64<<20 {
				t.Errorf("the refusal allocated %d MB", extra>>20)
			}
			if after := listTree(t, filepath.Dir(dir)); after != before {
				t.Errorf("files changed:\nbefore %s\nafter  %s", before, after)
			}
		})
	}
}

// listTree names every file below root, to prove a refused run wrote nothing.
func listTree(t *testing.T, root string) string {
	t.Helper()
	var names []string
	filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		names = append(names, p)
		return nil
	})
	return strings.Join(names, " ")
}

func TestOutputTargets(t *testing.T) {
	repoRoot(t)
	stdout, _, code := mcpContract(t, "lint", "examples/banking", "--format", "json", "-o", "-", "--fail-on", "never")
	if code != 0 || !strings.HasPrefix(stdout, "{") {
		t.Errorf("-o - must write to stdout: exit %d, %.40q", code, stdout)
	}
	if _, err := os.Stat("-"); err == nil {
		os.Remove("-")
		t.Error("-o - created a file named -")
	}
	dev := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, int(1<<8|3)); err != nil {
		t.Skipf("cannot create a device node here (needs root): %v", err)
	}
	for _, cmd := range [][]string{{"lint", "examples/banking", "-o", dev, "--fail-on", "never"}, {"sanitize", "--profile", "gemini", "examples/banking/strict.json", "-o", dev}} {
		if _, errOut, code := mcpContract(t, cmd...); code != 0 {
			t.Fatalf("%v: exit %d %s", cmd, code, errOut)
		}
		if info, err := os.Lstat(dev); err != nil || info.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("%v replaced the device node: %v %v", cmd, info.Mode(), err)
		}
	}
}

// A snapshot file that is a symlink to somewhere else is never written
// through: the tool writes only regular files inside the snapshot folder.
func TestSnapshotNeverWritesThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("precious"), 0o644)
	os.WriteFile("tools.json", []byte(oneToolList), 0o644)
	os.WriteFile(".mcp-contract.yaml", []byte("version: 1\nservers:\n  vendor: {file: tools.json}\n"), 0o644)
	os.Mkdir("mcp-snapshots", 0o755)
	os.Symlink(victim, filepath.Join("mcp-snapshots", "vendor.json"))
	_, errOut, code := mcpContract(t, "snapshot")
	if code != 2 || !strings.Contains(errOut, "not a regular file") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	if data, _ := os.ReadFile(victim); string(data) != "precious" {
		t.Errorf("the symlink's target was overwritten: %q", data)
	}
}
