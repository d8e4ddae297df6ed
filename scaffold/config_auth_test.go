package scaffold

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/source"
)

// init maps a client's OAuth client to auth: client-credentials, the secret
// always a ${VAR}: Claude Code's (the secret is in the keychain) and Gemini
// CLI's (a literal secret in the file, which is not copied).
func TestConfigMapsOAuthClients(t *testing.T) {
	dir := t.TempDir()
	claude := filepath.Join(dir, ".mcp.json")
	os.WriteFile(claude, []byte(`{"mcpServers": {
  "staging": {"type": "http", "url": "https://staging.example.com/mcp", "oauth": {"clientId": "nightly-ci", "callbackPort": 8080, "scopes": "tools.read tools.list"}},
  "interactive": {"type": "http", "url": "https://i.example.com/mcp", "oauth": {"callbackPort": 8080}}
}}`), 0o644)
	gemini := filepath.Join(dir, "settings.json")
	os.WriteFile(gemini, []byte(`{"mcpServers": {
  "vendor": {"httpUrl": "https://vendor.example.com/mcp", "oauth": {"enabled": true, "clientId": "${VENDOR_ID}", "clientSecret": "gem-literal-secret-77",
             "tokenUrl": "https://login.vendor.example.com/oauth/token", "scopes": ["mcp"], "audiences": ["vendor-api", "other"]}},
  "off": {"httpUrl": "https://off.example.com/mcp", "oauth": {"enabled": false, "clientId": "x", "clientSecret": "y"}}
}}`), 0o644)
	var servers []Server
	var clientNotes []string
	for _, path := range []string{claude, gemini} {
		cc, err := source.ReadClientConfigAsWritten(path)
		if err != nil {
			t.Fatal(err)
		}
		clientNotes = append(clientNotes, cc.Notes...)
		for _, sc := range cc.Servers {
			servers = append(servers, Server{Config: sc, From: filepath.Base(path)})
		}
	}
	cfg, err := BuildConfig(Options{Servers: servers})
	if err != nil {
		t.Fatal(err)
	}
	text := string(cfg.YAML)
	if strings.Contains(text, "gem-literal-secret-77") {
		t.Errorf("the literal client secret was copied:\n%s", text)
	}
	if want := []string{"STAGING_CLIENT_SECRET", "VENDOR_CLIENT_SECRET", "VENDOR_ID"}; !reflect.DeepEqual(cfg.Variables, want) {
		t.Errorf("variables %v, want %v", cfg.Variables, want)
	}
	env := map[string]string{"STAGING_CLIENT_SECRET": "s1-secret", "VENDOR_CLIENT_SECRET": "s2-secret", "VENDOR_ID": "vendor-client"}
	parsed, err := source.ParseConfig(cfg.YAML, ".mcp-contract.yaml", func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	got := map[string]*source.ClientCredentials{}
	for _, s := range parsed.Servers {
		if s.Auth != nil {
			got[s.Name] = s.Auth.ClientCredentials
		}
	}
	want := map[string]*source.ClientCredentials{
		"staging": {ClientID: "nightly-ci", ClientSecret: "s1-secret", Scopes: []string{"tools.read", "tools.list"}},
		"vendor": {ClientID: "vendor-client", ClientSecret: "s2-secret", Scopes: []string{"mcp"},
			TokenURL: "https://login.vendor.example.com/oauth/token", Audience: "vendor-api"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("auth read back:\n got %+v\nwant %+v\n%s", got, want, text)
	}
	notes := strings.Join(append(clientNotes, cfg.Notes...), "\n")
	for _, w := range []string{`server "interactive" signs in with OAuth without a client id`, "names 2 OAuth audiences",
		`server "staging" in .mcp.json keeps its OAuth client secret outside the file: it is ${STAGING_CLIENT_SECRET} here`,
		`oauth.clientSecret of server "vendor" in settings.json holds a literal value`} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes lack %q:\n%s", w, notes)
		}
	}
}
