package source

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

func uniqueSorted(list []string) []string {
	out := slices.Clone(list)
	slices.Sort(out)
	return slices.Compact(out)
}

func TestLiteralSecrets(t *testing.T) {
	for _, tc := range []struct {
		name string
		sc   ServerConfig
		want []string
	}{
		{"an Authorization literal and its credential", ServerConfig{Headers: map[string]string{"Authorization": "Bearer lit-token-1", "X-Api-Key": "k-lit-2"}},
			[]string{"Bearer lit-token-1", "k-lit-2", "lit-token-1"}},
		{"env values named as credentials only", ServerConfig{Env: map[string]string{"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_1234", "DB_PASSWORD": "pw-23456", "GH_AUTH": "a-345678", "NODE_ENV": "production", "AUTHOR": "me-45678"}},
			[]string{"a-345678", "ghp_1234", "pw-23456"}},
		{"values too plain to be credentials", ServerConfig{Env: map[string]string{"MAX_TOKENS": "40960000", "AUTH_MODE": "oauth"}}, nil},
		{"url password and credential query values", ServerConfig{URL: "https://user:p%40ss@h.example/mcp?api_key=q-123456&page=2&access_token=q%2B234567"},
			[]string{"p%40ss", "p@ss", "q%2B234567", "q+234567", "q-123456"}},
		{"nothing secret", ServerConfig{Command: []string{"node", "server.js"}, Env: map[string]string{"LOG_LEVEL": "debug"}}, nil},
	} {
		if got := uniqueSorted(literalSecrets(&tc.sc)); !reflect.DeepEqual(got, uniqueSorted(tc.want)) {
			t.Errorf("%s: got %q, want %q", tc.name, got, uniqueSorted(tc.want))
		}
	}
}

func TestMaskToolsRecordsWhere(t *testing.T) {
	c, err := Parse([]byte(`{"tools":[{"name":"t","description":"uses tok-SECRET-1 here","inputSchema":{"type":"object","properties":{"tok-SECRET-1":{"type":"string","enum":["a","xtok-SECRET-1"]}}}},{"name":"clean","inputSchema":{"type":"object"}}]}`), "f.json", "s", "file:f.json")
	if err != nil {
		t.Fatal(err)
	}
	maskTools(c, safetext.NewMasker("tok-SECRET-1"))
	tool := c.Tools[0]
	want := []string{"/description", "/inputSchema/properties/***", "/inputSchema/properties/***/enum/1"}
	if !reflect.DeepEqual(tool.Masked, want) {
		t.Errorf("masked at %q, want %q", tool.Masked, want)
	}
	if d := tool.Node.Get("description").Text; d != "uses *** here" {
		t.Errorf("description %q", d)
	}
	if c.Tools[1].Masked != nil {
		t.Errorf("a clean tool was masked at %q", c.Tools[1].Masked)
	}
}
