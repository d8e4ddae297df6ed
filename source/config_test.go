package source

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// The example of design.md §6, verbatim.
const designExample = `version: 1
servers:
  local:   {command: ["go", "run", "./cmd/server"], env: {TOKEN: "${TOKEN}"}}
  staging: {url: "https://staging.example.com/mcp", headers: {Authorization: "Bearer ${STAGING_TOKEN}"}}
  vendor:  {file: "third_party/vendor-tools.json"}
snapshots: mcp-snapshots
profiles: [portable, openai-strict]
fail-on: error
rules: {docs/prose-only-constraint: warning, openai-strict/property-not-required: off}
ignore:
  - {rule: gemini/anyof-with-siblings, server: local, tool: create_review, reason: "no Gemini users yet"}
budget: {max-tools: 40, max-catalog-tokens: 20000}
`

func env(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
}

func TestParseDesignExample(t *testing.T) {
	cfg, err := ParseConfig([]byte(designExample), "c.yaml", env(map[string]string{"TOKEN": "tok-123", "STAGING_TOKEN": "stg-456"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Servers) != 3 || cfg.Servers[0].Name != "local" || cfg.Servers[1].Name != "staging" || cfg.Servers[2].Name != "vendor" {
		t.Fatalf("servers out of order: %+v", cfg.Servers)
	}
	local, staging := cfg.Servers[0], cfg.Servers[1]
	if !reflect.DeepEqual(local.Command, []string{"go", "run", "./cmd/server"}) || local.Env["TOKEN"] != "tok-123" || local.Line != 3 {
		t.Errorf("local: %+v", local)
	}
	if staging.Headers["Authorization"] != "Bearer stg-456" {
		t.Errorf("staging headers: %v", staging.Headers)
	}
	if !reflect.DeepEqual(cfg.Secrets, []string{"tok-123", "stg-456", "Bearer stg-456"}) {
		t.Errorf("secrets = %v", cfg.Secrets)
	}
	if cfg.Snapshots != "mcp-snapshots" || !reflect.DeepEqual(cfg.Profiles, []string{"portable", "openai-strict"}) || cfg.FailOn != "error" {
		t.Errorf("top-level: %+v", cfg)
	}
	if cfg.Rules["openai-strict/property-not-required"] != "off" || len(cfg.Ignore) != 1 || cfg.Ignore[0].Reason != "no Gemini users yet" || cfg.Ignore[0].Line != 11 {
		t.Errorf("rules/ignore: %+v %+v", cfg.Rules, cfg.Ignore)
	}
	if cfg.Budget != (Budget{MaxTools: 40, MaxCatalogTokens: 20000}) {
		t.Errorf("budget: %+v", cfg.Budget)
	}
}

func TestMissingVariableOnlyBlocksItsServer(t *testing.T) {
	cfg, err := ParseConfig([]byte(designExample), "c.yaml", env(map[string]string{"TOKEN": "t"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Servers[0].CheckResolved(cfg.File); err != nil {
		t.Errorf("local has its variable: %v", err)
	}
	err = cfg.Servers[1].CheckResolved(cfg.File)
	if err == nil || err.Error() != `c.yaml:4:3: server "staging" needs environment variable STAGING_TOKEN, which is not set` {
		t.Errorf("staging: %v", err)
	}
}

func TestConfigErrors(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"", "empty"},
		{"servers: {}\n", "missing `version: 1`"},
		{"version: 2\n", "c.yaml:1:10: unsupported config version 2"},
		{"version: 1\nprofiles: [a]\nsnapshot: x\n", `c.yaml:3:1: unknown key "snapshot" in the config`},
		{"version: 1\nservers:\n  a: {}\n", "servers.a needs exactly one of command, url or file"},
		{"version: 1\nservers:\n  a: {url: x, file: y}\n", "servers.a needs exactly one of command, url or file"},
		{"version: 1\nservers:\n  a b: {file: y}\n", `server name "a b"`},
		{"version: 1\nservers:\n  a: {file: y, timeout: soon}\n", `servers.a.timeout: "soon"`},
		{"version: 1\nservers:\n  a: {file: y, capabilities: [telepathy]}\n", `unknown capability "telepathy"`},
		{"version: 1\nrules: {x/y: loud}\n", `rules.x/y: unknown severity "loud"`},
		{"version: 1\nfail-on: sometimes\n", `fail-on: "sometimes"`},
		{"version: 1\nbudget: {max-tools: many}\n", `budget.max-tools must be a whole number`},
		{"version: [1\n", "c.yaml:2:1: malformed YAML: did not find expected ',' or ']'"},
		// The parser's errors name the line where the construct began; the
		// scanner's name the line of the bad character.
		{"version: 1\nservers:\n  a: [unclosed\n", "c.yaml:3:3: malformed YAML: did not find expected ',' or ']'"},
		{"version: 1\n\n\nservers: {a: 1\n", "c.yaml:4:1: malformed YAML: did not find expected ',' or '}'"},
		{"version: 1\nservers:\n  a: 1\n   b: 2\n", "c.yaml:4:4: malformed YAML: mapping values are not allowed"},
		{"version: 1\nservers:\n  a: \"x\n", "c.yaml:3:3: malformed YAML: found unexpected end of stream"},
		{"version: 1\ncollisions: {group: {}}\n", `c.yaml:2:14: unknown key "group" in collisions (known: groups, prefix-styles)`},
		{"version: 1\ncollisions: {groups: [a, b]}\n", "c.yaml:2:22: collisions.groups must be a mapping"},
		{"version: 1\ncollisions: {groups: {desk: {a: 1}}}\n", "collisions.groups.desk must be a list of strings"},
		{"version: 1\nservers:\n  a: {file: y}\ncollisions:\n  groups:\n    desk: [a, b]\n", `c.yaml:6:15: collisions.groups.desk: "b" is not a configured server (known: a)`},
		{"version: 1\nservers:\n  a: {file: y}\ncollisions:\n  groups:\n    desk:\n      - a\n      - b\n", `c.yaml:8:9: collisions.groups.desk: "b" is not a configured server (known: a)`},
	} {
		_, err := ParseConfig([]byte(tc.body), "c.yaml", env(nil))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to contain %q", tc.body, err, tc.want)
		}
	}
}

func TestCollisionsConfig(t *testing.T) {
	body := "version: 1\nservers:\n  a: {file: a.json}\n  b: {file: b.json}\ncollisions:\n  groups:\n    desk: [a, b]\n    ide: a\n  prefix-styles: [claude-code, \"{server}.{tool}\"]\n"
	cfg, err := ParseConfig([]byte(body), "c.yaml", env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := Collisions{
		Groups:       []CollisionGroup{{Name: "desk", Servers: []string{"a", "b"}, Line: 7}, {Name: "ide", Servers: []string{"a"}, Line: 8}},
		PrefixStyles: []string{"claude-code", "{server}.{tool}"}, Line: 9,
	}
	if !reflect.DeepEqual(cfg.Collisions, want) {
		t.Errorf("got %+v", cfg.Collisions)
	}
	cfg, _ = ParseConfig([]byte("version: 1\n"), "c.yaml", env(nil))
	if cfg.Collisions.Groups != nil || cfg.Collisions.PrefixStyles != nil {
		t.Errorf("no collisions key must leave the defaults: %+v", cfg.Collisions)
	}
}

func TestServerSettings(t *testing.T) {
	cfg, err := ParseConfig([]byte("version: 1\nservers:\n  a: {command: [node, x.js], args: [--stdio], cwd: /tmp, timeout: 5s, capabilities: [roots]}\n"), "c.yaml", env(nil))
	if err != nil {
		t.Fatal(err)
	}
	s := cfg.Servers[0]
	if s.Timeout != 5*time.Second || s.Cwd != "/tmp" || !reflect.DeepEqual(s.Args, []string{"--stdio"}) || *s.Capabilities != (Capabilities{Roots: true}) {
		t.Errorf("%+v", s)
	}
}

func TestInheritEnv(t *testing.T) {
	cfg, err := ParseConfig([]byte("version: 1\nservers:\n  s: {command: [x], inherit-env: [AWS_PROFILE, INPUT_GITHUB-TOKEN]}\n"), "c.yaml", env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Servers[0].InheritEnv; !reflect.DeepEqual(got, []string{"AWS_PROFILE", "INPUT_GITHUB-TOKEN"}) {
		t.Errorf("inherit-env = %v", got)
	}
	for _, bad := range []string{"inherit-env: [\"A=B\"]", "inherit-env: [\"\"]", "inherit-env: {A: B}", "inherit_env: [A]"} {
		_, err := ParseConfig([]byte("version: 1\nservers:\n  s: {command: [x], "+bad+"}\n"), "c.yaml", env(nil))
		if err == nil || !strings.Contains(err.Error(), "c.yaml:3:") {
			t.Errorf("%s: got %v, want an error at line 3", bad, err)
		}
	}
}

func TestOpenAPIHeaders(t *testing.T) {
	for _, tc := range []struct {
		headers string
		auto    bool
		list    []string
	}{
		{"", true, nil},
		{", headers: auto", true, nil},
		{", headers: [Notion-Version]", false, []string{"Notion-Version"}},
		{", headers: []", false, nil},
	} {
		cfg, err := ParseConfig([]byte("version: 1\nservers:\n  n: {file: n.json, openapi: {spec: api.json"+tc.headers+"}}\n"), "c.yaml", env(nil))
		if err != nil {
			t.Fatal(err)
		}
		b := cfg.Servers[0].OpenAPI
		if b.HeadersAuto != tc.auto || !reflect.DeepEqual(b.Headers, tc.list) {
			t.Errorf("%q: auto %v headers %v", tc.headers, b.HeadersAuto, b.Headers)
		}
	}
	_, err := ParseConfig([]byte("version: 1\nservers:\n  n: {file: n.json, openapi: {spec: api.json, headers: Notion-Version}}\n"), "c.yaml", env(nil))
	if err == nil || !strings.Contains(err.Error(), "c.yaml:3:") || !strings.Contains(err.Error(), "headers must be auto or a list") {
		t.Errorf("a bare header name: %v", err)
	}
}
