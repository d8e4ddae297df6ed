package source

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseAuth(t *testing.T) {
	yml := `version: 1
servers:
  staging:
    url: https://staging.example.com/mcp
    auth:
      client-credentials:
        client-id: ${ID}
        client-secret: ${SECRET}
        scope: "tools.read tools.list"
        token-url: ${TOKEN_URL}
        resource: https://staging.example.com/
        audience: staging-api
`
	cfg, err := ParseConfig([]byte(yml), "c.yaml", env(map[string]string{"ID": "nightly", "SECRET": "s3cret-value", "TOKEN_URL": "https://login.example.com/token"}))
	if err != nil {
		t.Fatal(err)
	}
	cc := cfg.Servers[0].Auth.ClientCredentials
	want := &ClientCredentials{ClientID: "nightly", ClientSecret: "s3cret-value", Scopes: []string{"tools.read", "tools.list"},
		TokenURL: "https://login.example.com/token", Resource: "https://staging.example.com/", Audience: "staging-api"}
	if !reflect.DeepEqual(cc, want) {
		t.Errorf("got %+v\nwant %+v", cc, want)
	}
	for _, s := range []string{"nightly", "s3cret-value"} {
		if !contains(cfg.Secrets, s) {
			t.Errorf("%q is not a secret: %v", s, cfg.Secrets)
		}
	}
}

func TestParseAuthLiteralSecretIsMasked(t *testing.T) {
	yml := "version: 1\nservers:\n  s: {url: \"https://h/mcp\", auth: {client-credentials: {client-id: a, client-secret: literal-secret-1}}}\n"
	cfg, err := ParseConfig([]byte(yml), "c.yaml", env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if !contains(cfg.Secrets, "literal-secret-1") {
		t.Errorf("a literal client secret is not masked: %v", cfg.Secrets)
	}
}

func TestParseAuthErrors(t *testing.T) {
	for _, tc := range []struct{ server, want string }{
		{`{command: [x], auth: {client-credentials: {client-id: a, client-secret: b}}}`, "c.yaml:3:6: servers.s.auth needs url"},
		{`{url: "https://h/mcp", auth: {}}`, "servers.s.auth needs client-credentials"},
		{`{url: "https://h/mcp", auth: {bearer: x}}`, `unknown key "bearer" in servers.s.auth (known: client-credentials)`},
		{`{url: "https://h/mcp", auth: {client-credentials: {client-id: a}}}`, "servers.s.auth.client-credentials needs client-id and one of client-secret or private-key"},
		{`{url: "https://h/mcp", auth: {client-credentials: {client-id: a, client-secret: b, private-key: c}}}`, "needs client-id and one of client-secret or private-key"},
		{`{url: "https://h/mcp", auth: {client-credentials: {client-id: a, client-secret: b, token-url: "http://login.example.com/token"}}}`,
			"servers.s.auth.client-credentials.token-url: only https (or http to this machine) is accepted"},
		{`{url: "https://h/mcp", auth: {client-credentials: {client-id: a, client-secret: b, grant: x}}}`, `unknown key "grant"`},
	} {
		_, err := ParseConfig([]byte("version: 1\nservers:\n  s: "+tc.server+"\n"), "c.yaml", env(nil))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.server, err, tc.want)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
