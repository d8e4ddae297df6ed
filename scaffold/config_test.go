package scaffold

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/source"
)

// The config init writes, read back with the environment holding what the
// client config held literally, describes the very servers the client
// config does: nothing lost, nothing changed, and no credential in the file.
func TestConfigRoundTripsAClientConfig(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("MY_T", "from-the-environment")
	os.WriteFile(".mcp.json", []byte(`{"mcpServers": {
  "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": {"Authorization": "Bearer ghp_literal123456", "X-Trace": "on"}},
  "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "${workspaceFolder}", "--api-key", "sk-abc123", "--token=tok-456"],
            "env": {"DEBUG": "1", "BRAVE_API_KEY": "xyz123", "T": "${env:MY_T}"}},
  "my.server": {"url": "https://x.example.com/mcp?api_key=zzz789&v=2", "type": "sse"},
  "odd": {"command": "node", "args": ["line one\nline: two # not a comment", "&anchor *alias !tag {a: b} [c]", "'\"", "ünïcødé", ""]}
}}`), 0o644)
	found, err := source.ClientConfigsAsWritten(".")
	if err != nil || len(found) != 1 {
		t.Fatalf("%v %v", found, err)
	}
	var servers []Server
	for _, sc := range found[0].Servers {
		servers = append(servers, Server{Config: sc, From: ".mcp.json"})
	}
	cfg, err := BuildConfig(Options{Servers: servers, SchemaURL: "https://example.invalid/s.json"})
	if err != nil {
		t.Fatal(err)
	}
	text := string(cfg.YAML)
	for _, secret := range []string{"ghp_literal123456", "sk-abc123", "tok-456", "zzz789", "xyz123", "from-the-environment"} {
		if strings.Contains(text, secret) {
			t.Errorf("the config holds the credential %q:\n%s", secret, text)
		}
	}
	if !strings.HasPrefix(text, "# yaml-language-server: $schema=https://example.invalid/s.json\n") {
		t.Errorf("no schema line first:\n%s", text)
	}
	wantVars := []string{"BRAVE_API_KEY", "FILES_API_KEY", "FILES_TOKEN", "GITHUB_TOKEN", "MY_SERVER_API_KEY", "MY_T"}
	if !reflect.DeepEqual(cfg.Variables, wantVars) {
		t.Errorf("variables %v, want %v", cfg.Variables, wantVars)
	}
	literals := map[string]string{"GITHUB_TOKEN": "ghp_literal123456", "FILES_API_KEY": "sk-abc123", "FILES_TOKEN": "tok-456",
		"BRAVE_API_KEY": "xyz123", "MY_SERVER_API_KEY": "zzz789", "MY_T": "from-the-environment"}
	parsed, err := source.ParseConfig(cfg.YAML, ".mcp-contract.yaml", func(k string) (string, bool) { v, ok := literals[k]; return v, ok })
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	client, _, _, err := source.ClientConfigServers(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(parsed.Servers) != len(client) {
		t.Fatalf("%d servers, want %d", len(parsed.Servers), len(client))
	}
	for i, got := range parsed.Servers {
		want := client[i]
		argv := func(s *source.ServerConfig) []string { return append(append([]string{}, s.Command...), s.Args...) }
		cwd := func(s *source.ServerConfig) string { return strings.TrimPrefix(filepath.Clean("./"+s.Cwd), ".") }
		if got.Name != want.Name || !reflect.DeepEqual(argv(got), argv(want)) || !reflect.DeepEqual(got.Env, want.Env) || cwd(got) != cwd(want) ||
			got.URL != want.URL || !reflect.DeepEqual(got.Headers, want.Headers) || got.Transport != want.Transport {
			t.Errorf("server %d:\n got %+v\nwant %+v", i, *got, *want)
		}
	}
	if len(cfg.Notes) != 5 {
		t.Errorf("want a note per replaced credential, got:\n%s", strings.Join(cfg.Notes, "\n"))
	}
}

func TestConfigKeepsTheFirstOfTwoServersNamedAlike(t *testing.T) {
	a := &source.ServerConfig{Name: "gh", URL: "https://a.example/mcp"}
	b := &source.ServerConfig{Name: "gh", Command: []string{"gh-mcp"}}
	cfg, err := BuildConfig(Options{Servers: []Server{{a, ".mcp.json"}, {b, ".cursor/mcp.json"}}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(cfg.YAML), "gh-mcp") || len(cfg.Notes) != 1 || !strings.Contains(cfg.Notes[0], ".cursor/mcp.json is left out: .mcp.json already defines it") {
		t.Errorf("notes %q\n%s", cfg.Notes, cfg.YAML)
	}
	if _, err := BuildConfig(Options{}); err == nil {
		t.Error("a config without servers is no start")
	}
	if _, err := BuildConfig(Options{Servers: []Server{{&source.ServerConfig{Name: "../x", File: "x.json"}, "--name"}}}); err == nil {
		t.Error("a server name that climbs out of the snapshot folder was written")
	}
}

func TestSuggestName(t *testing.T) {
	for _, tc := range []struct {
		sc   source.ServerConfig
		want string
	}{
		{source.ServerConfig{Command: []string{"npx", "-y", "@modelcontextprotocol/server-everything@2025.1.1"}}, "server-everything"},
		{source.ServerConfig{Command: []string{"uvx", "mcp-server-fetch"}}, "mcp-server-fetch"},
		{source.ServerConfig{Command: []string{"go", "run", "./cmd/weather"}}, "weather"},
		{source.ServerConfig{Command: []string{"/usr/local/bin/my-server", "--port", "3"}}, "my-server"},
		{source.ServerConfig{Command: []string{"node", "dist/index.js"}}, "stdio"},
		{source.ServerConfig{URL: "https://staging.example.com/mcp"}, "staging"},
		{source.ServerConfig{URL: "https://api.githubcopilot.com/mcp/"}, "githubcopilot"},
		{source.ServerConfig{URL: "http://127.0.0.1:8080/mcp"}, "http"},
		{source.ServerConfig{Command: []string{"npx", "con"}}, "stdio"},
		{source.ServerConfig{Command: []string{"./.hidden."}}, "hidden"},
	} {
		if got := SuggestName(&tc.sc); got != tc.want {
			t.Errorf("%v %s: %q, want %q", tc.sc.Command, tc.sc.URL, got, tc.want)
		}
	}
}
