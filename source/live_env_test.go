//go:build linux

package source

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/fixtureserver"
)

// A stdio server sees the default names, what its config names and nothing
// else: not the tokens of the CI job that started it.
func TestStdioServerGetsMinimalEnvironment(t *testing.T) {
	t.Setenv("GITHUB_TOKEN", "ghs_job-token-0123456789")
	t.Setenv("INPUT_GITHUB-TOKEN", "ghs_input-token-0123456789")
	t.Setenv("UNNAMED_SECRET", "not-for-servers")
	t.Setenv("PASSED_ON_PURPOSE", "yes")
	t.Setenv("HOME", "/home/ci")
	sc := fixtureStdio("-mode", string(fixtureserver.EchoEnv))
	sc.Env = map[string]string{"SERVER_SETTING": "from-env-key", "HOME": "/srv/override"}
	sc.InheritEnv = []string{"PASSED_ON_PURPOSE", "NOT_SET_ANYWHERE"}
	c, err := Fetch(context.Background(), sc, FetchOptions{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	tool := c.Tool(fixtureserver.EchoEnvTool)
	if tool == nil {
		t.Fatal("the echo tool is missing")
	}
	seen := fixtureserver.ParseEcho(tool.Node.Get("description").Text)
	for _, name := range []string{"GITHUB_TOKEN", "INPUT_GITHUB-TOKEN", "UNNAMED_SECRET", "NOT_SET_ANYWHERE"} {
		if v, ok := seen[name]; ok {
			t.Errorf("the server saw %s=%s", name, v)
		}
	}
	for name, want := range map[string]string{"SERVER_SETTING": "from-env-key", "HOME": "/srv/override", "PASSED_ON_PURPOSE": "yes"} {
		if seen[name] != want {
			t.Errorf("the server saw %s=%q, want %q", name, seen[name], want)
		}
	}
	allowed := map[string]bool{"SERVER_SETTING": true, "PASSED_ON_PURPOSE": true}
	for _, name := range DefaultInheritedEnv {
		allowed[name] = true
	}
	for name := range seen {
		if !allowed[name] {
			t.Errorf("the server saw %s, which nothing passes on", name)
		}
	}
}

func TestServerEnviron(t *testing.T) {
	ours := map[string]string{
		"PATH":         "/usr/bin",
		"SHELL":        "() { :; }; echo pwned",
		"GITHUB_TOKEN": "ghs_x",
		"LANG":         "C.UTF-8",
		"EXTRA":        "e",
	}
	lookup := func(k string) (string, bool) { v, ok := ours[k]; return v, ok }
	for _, tc := range []struct {
		name string
		sc   ServerConfig
		want []string
	}{
		{"defaults only, an exported shell function skipped", ServerConfig{}, []string{"LANG=C.UTF-8", "PATH=/usr/bin"}},
		{"env on top", ServerConfig{Env: map[string]string{"PATH": "/opt/bin", "TOKEN": "t"}}, []string{"LANG=C.UTF-8", "PATH=/opt/bin", "TOKEN=t"}},
		{"inherit-env", ServerConfig{InheritEnv: []string{"EXTRA", "MISSING"}}, []string{"EXTRA=e", "LANG=C.UTF-8", "PATH=/usr/bin"}},
	} {
		if got := serverEnviron(&tc.sc, lookup); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
