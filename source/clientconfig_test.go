package source

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The shapes follow each client's documented examples: Claude Code's
// .mcp.json (type, command, args, env, url, headers) and VS Code's
// .vscode/mcp.json (servers, type, cwd, ${workspaceFolder}).
func TestClientConfigClaudeCode(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GH_TOKEN", "ghp_secret")
	writeFile(t, filepath.Join(dir, ".mcp.json"), `{
  "mcpServers": {
    "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": {"Authorization": "Bearer ${GH_TOKEN}"}},
    "legacy": {"type": "sse", "url": "http://127.0.0.1:9/sse"},
    "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "${workspaceFolder}"], "env": {"TOKEN": "${env:GH_TOKEN}"}},
    "off": {"command": "x", "disabled": true}
  }
}`)
	// A later client's file is not read once an earlier one exists.
	writeFile(t, filepath.Join(dir, ".cursor", "mcp.json"), `{"mcpServers": {"other": {"command": "y"}}}`)
	servers, file, secrets, err := ClientConfigServers(dir)
	if err != nil {
		t.Fatal(err)
	}
	if file != filepath.Join(dir, ".mcp.json") {
		t.Errorf("file %q", file)
	}
	want := []*ServerConfig{
		{Name: "github", URL: "https://api.githubcopilot.com/mcp/", Headers: map[string]string{"Authorization": "Bearer ghp_secret"}, Line: 3},
		{Name: "legacy", URL: "http://127.0.0.1:9/sse", Transport: "sse", Line: 4},
		{Name: "files", Command: []string{"npx"}, Args: []string{"-y", "@modelcontextprotocol/server-filesystem", dir}, Env: map[string]string{"TOKEN": "ghp_secret"}, Cwd: dir, Line: 5},
	}
	if !reflect.DeepEqual(servers, want) {
		for _, s := range servers {
			t.Errorf("got %+v", *s)
		}
	}
	if !reflect.DeepEqual(uniqueSorted(secrets), []string{"Bearer ghp_secret", "ghp_secret"}) {
		t.Errorf("secrets %q", secrets)
	}
}

func TestClientConfigVSCode(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".vscode", "mcp.json"), `{
  "inputs": [],
  "servers": {
    "local": {"type": "stdio", "command": "./bin/server", "args": ["--stdio"], "cwd": "tools"}
  }
}`)
	servers, file, _, err := ClientConfigServers(dir)
	if err != nil {
		t.Fatal(err)
	}
	if file != filepath.Join(dir, ".vscode", "mcp.json") || len(servers) != 1 {
		t.Fatalf("file %q servers %d", file, len(servers))
	}
	if s := servers[0]; s.Name != "local" || s.Cwd != filepath.Join(dir, "tools") || !reflect.DeepEqual(s.Command, []string{"./bin/server"}) {
		t.Errorf("got %+v", *s)
	}
}

func TestClientConfigErrors(t *testing.T) {
	cases := []struct{ file, content, want string }{
		{".mcp.json", `{"mcpServers": {"a": {"command": "x", "env": {"K": "${NOT_SET_ANYWHERE_42}"}}}}`, ":1:52: server \"a\": environment variable NOT_SET_ANYWHERE_42 is not set"},
		{"mcp.json", `{"mcpServers": {"a": {"url": "${input:token}"}}}`, "VS Code prompt"},
		{".cursor/mcp.json", `{"mcpServers": {"a": {"command": "x", "url": "http://h"}}}`, "both \"command\" and \"url\""},
		{".mcp.json", `{"mcpServers": {"a": {"args": ["x"]}}}`, "neither \"command\" nor \"url\""},
		{".mcp.json", `{"mcpServers": {"a": {"command": "x", "args": "x"}}}`, "\"args\" must be an array"},
		{".mcp.json", `{"servers": {}}`, "no \"mcpServers\" object"},
		{".mcp.json", `{"mcpServers": `, "malformed JSON"},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, tc.file), tc.content)
		_, _, _, err := ClientConfigServers(dir)
		var ie *contract.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: got %v, want an InputError saying %q", tc.file, tc.content, err, tc.want)
		}
	}
}

func TestClientConfigNone(t *testing.T) {
	servers, file, _, err := ClientConfigServers(t.TempDir())
	if servers != nil || file != "" || err != nil {
		t.Errorf("got %v %q %v", servers, file, err)
	}
}

func TestAdHocServer(t *testing.T) {
	t.Setenv("API_KEY", "k-123")
	sc, secrets, err := AdHocServer("", "https://h.example/mcp?key=${API_KEY}", []string{"Authorization: Bearer ${env:API_KEY}", "X-Trace:  on "})
	if err != nil {
		t.Fatal(err)
	}
	if sc.URL != "https://h.example/mcp?key=k-123" || sc.Headers["Authorization"] != "Bearer k-123" || sc.Headers["X-Trace"] != "on" {
		t.Errorf("got %+v", *sc)
	}
	if !reflect.DeepEqual(uniqueSorted(secrets), []string{"Bearer k-123", "k-123", "on"}) {
		t.Errorf("secrets %q", secrets)
	}
	sc, _, err = AdHocServer(`npx -y "@scope/server x" --dir 'a b' it\'s "q\"\n"`, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"npx", "-y", "@scope/server x", "--dir", "a b", "it's", `q"\n`}; !reflect.DeepEqual(sc.Command, want) {
		t.Errorf("argv %q, want %q", sc.Command, want)
	}
	for _, bad := range []struct {
		stdio, url string
		headers    []string
		want       string
	}{
		{"a", "http://h", nil, "give one"},
		{"", "", nil, "give --stdio"},
		{`node "x`, "", nil, "unterminated \" quote"},
		{"  ", "", nil, "empty command"},
		{"", "http://h", []string{"NoColon"}, "\"Name: value\""},
		{"", "http://h/${NOT_SET_ANYWHERE_42}", nil, "NOT_SET_ANYWHERE_42 is not set"},
	} {
		_, _, err := AdHocServer(bad.stdio, bad.url, bad.headers)
		var ie *contract.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q %q %q: got %v, want %q", bad.stdio, bad.url, bad.headers, err, bad.want)
		}
	}
}

// init reads every client's file, values as written: no variable is read,
// so none needs to be set and no secret leaves the environment.
func TestClientConfigsAsWritten(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".mcp.json"), `{"mcpServers": {"gh": {"url": "https://x.example/mcp", "headers": {"Authorization": "Bearer ${env:UNSET_FOR_THIS_TEST}"}}}}`)
	writeFile(t, filepath.Join(dir, ".cursor", "mcp.json"), `{"mcpServers": {"fs": {"command": "npx", "args": ["${workspaceFolder}"], "cwd": "sub"}, "off": {"command": "x", "disabled": true}}}`)
	got, err := ClientConfigsAsWritten(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []ClientConfig{
		{File: filepath.Join(dir, ".mcp.json"), Servers: []*ServerConfig{{Name: "gh", URL: "https://x.example/mcp", Headers: map[string]string{"Authorization": "Bearer ${env:UNSET_FOR_THIS_TEST}"}, Line: 1}}},
		{File: filepath.Join(dir, ".cursor", "mcp.json"), Servers: []*ServerConfig{{Name: "fs", Command: []string{"npx"}, Args: []string{"${workspaceFolder}"}, Cwd: "sub", Line: 1}}},
	}
	if !reflect.DeepEqual(got, want) {
		for _, cf := range got {
			for _, s := range cf.Servers {
				t.Errorf("%s: %+v", cf.File, *s)
			}
		}
	}
}
