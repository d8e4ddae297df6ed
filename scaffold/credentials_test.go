package scaffold

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/source"
)

// Credentials a client config holds outside settings named as credentials:
// in header arguments, URL passwords, paths and signatures, DSNs in env
// values, and tokens known by their shape. None is written; each is a
// variable, and with the variables exported the config loads to the very
// argv, env, URL and headers the client config had.
func TestInitWritesNoLiteralCredential(t *testing.T) {
	jwt := "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
	secrets := []string{jwt, "abc123secret", "hunter2pass", "r3dispass", "dbpw123", "pw1234", "mysqlpw99", "appsecret-42",
		"xoxb-1234567890-abcdefghij", "ghp_0123456789abcdefABCDEF0123456789abcd", "7f3a9c2e41b84d0fa1c2e3f4a5b6c7d8", "Zx9sigvalue77",
		"tok123456", "sk-proj-abcdefghijklmnop", "p@ss-word", "ghp_dockerABCDEFGHIJ0123456789abcdefgh", "dXNlcjpwYXNzd29yZA==", "AKIAIOSFODNN7EXAMPLE",
		"Tt0ken1nPath2025xyz9"}
	servers := []*source.ServerConfig{
		{Name: "remote", Command: []string{"npx"}, Args: []string{"-y", "mcp-remote", "https://mcp.example.com/sse", "--header", "Authorization: Bearer " + jwt,
			"--header=X-Api-Key:abc123secret", "--header", "X-Custom: plain-value"}},
		{Name: "pg", Command: []string{"npx"}, Args: []string{"-y", "@modelcontextprotocol/server-postgres", "postgresql://admin:hunter2pass@db.example.com:5432/prod"}},
		{Name: "redis", Command: []string{"uvx"}, Args: []string{"mcp-redis", "--url", "redis://:r3dispass@localhost:6379/0"}},
		{Name: "db", Command: []string{"node", "server.js"}, Env: map[string]string{
			"DATABASE_URL": "postgres://u:dbpw123@h.example/db", "DB_PASS": "pw1234", "MYSQL_PWD": "mysqlpw99", "APP_SECRET": "appsecret-42",
			"SLACK_BOT_TOKEN": "xoxb-1234567890-abcdefghij", "GH": "ghp_0123456789abcdefABCDEF0123456789abcd", "LOG_LEVEL": "debug", "AWS_ID": "AKIAIOSFODNN7EXAMPLE"}},
		{Name: "hook", URL: "https://mcp.example.com/v1/7f3a9c2e41b84d0fa1c2e3f4a5b6c7d8/sse?sig=Zx9sigvalue77&v=2", Headers: map[string]string{
			"Proxy-Authorization": "Basic dXNlcjpwYXNzd29yZA==", "X-Trace": "on"}},
		{Name: "path", URL: "https://mcp.example.org/Tt0ken1nPath2025xyz9/mcp"},
		{Name: "flags", Command: []string{"my-server"}, Args: []string{"--token", "tok123456", "--api-key=sk-proj-abcdefghijklmnop", "--password", "p@ss-word", "--port", "8080"}},
		{Name: "docker", Command: []string{"docker"}, Args: []string{"run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN=ghp_dockerABCDEFGHIJ0123456789abcdefgh", "ghcr.io/github/github-mcp-server"}},
	}
	var list []Server
	for _, s := range servers {
		list = append(list, Server{Config: s, From: "mcp.json"})
	}
	cfg, err := BuildConfig(Options{Servers: list})
	if err != nil {
		t.Fatal(err)
	}
	text := string(cfg.YAML) + strings.Join(cfg.Notes, "\n") + strings.Join(cfg.Variables, " ")
	for _, s := range secrets {
		if strings.Contains(text, s) {
			t.Errorf("the config or its notes hold the credential %q", s)
		}
	}
	for _, kept := range []string{"plain-value", "X-Trace: on", "LOG_LEVEL: debug", "8080", "db.example.com:5432/prod", "&v=2"} {
		if !strings.Contains(string(cfg.YAML), kept) {
			t.Errorf("%q is no credential and should stay:\n%s", kept, cfg.YAML)
		}
	}
	if len(cfg.values) != len(secrets) {
		t.Errorf("%d variables for %d credentials: %v", len(cfg.values), len(secrets), cfg.Variables)
	}
	parsed, err := source.ParseConfig(cfg.YAML, ".mcp-contract.yaml", func(k string) (string, bool) { v, ok := cfg.values[k]; return v, ok })
	if err != nil {
		t.Fatalf("%v\n%s", err, cfg.YAML)
	}
	byName := map[string]*source.ServerConfig{}
	for _, s := range parsed.Servers {
		byName[s.Name] = s
	}
	for _, want := range servers {
		got := byName[want.Name]
		if got == nil {
			t.Errorf("server %s is missing", want.Name)
			continue
		}
		argv := func(s *source.ServerConfig) []string { return append(append([]string{}, s.Command...), s.Args...) }
		if !reflect.DeepEqual(argv(got), argv(want)) || len(want.Env) > 0 && !reflect.DeepEqual(got.Env, want.Env) ||
			got.URL != want.URL || len(want.Headers) > 0 && !reflect.DeepEqual(got.Headers, want.Headers) {
			t.Errorf("server %s loads differently:\n got %q %v %q %v\nwant %q %v %q %v", want.Name, argv(got), got.Env, got.URL, got.Headers, argv(want), want.Env, want.URL, want.Headers)
		}
	}
}
