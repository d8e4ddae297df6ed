//go:build linux

package source

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/fixtureserver"
	"github.com/mcp-contract/mcp-contract/internal/procs"
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
	// As root: the private HOME and caches of the server's own user.
	for name := range (&procs.Jail{}).Env() {
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
		if got := serverEnviron(&tc.sc, lookup, nil); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A stdio server behind the job's proxy and private registry reaches them:
// the network settings pass by default, and a password in one is a secret.
func TestStdioServerKeepsTheJobsNetworkSettings(t *testing.T) {
	job := map[string]string{
		"HTTPS_PROXY":         "http://ci:proxy-pass-0123@proxy.internal:3128",
		"https_proxy":         "http://proxy.internal:3128",
		"HTTP_PROXY":          "http://proxy.internal:3128",
		"http_proxy":          "http://proxy.internal:3128",
		"NO_PROXY":            "localhost,.internal",
		"no_proxy":            "localhost",
		"NODE_EXTRA_CA_CERTS": "/etc/ssl/corp.pem",
		"SSL_CERT_FILE":       "/etc/ssl/corp-bundle.pem",
		"SSL_CERT_DIR":        "/etc/ssl/corp",
		"NPM_CONFIG_REGISTRY": "https://npm.internal/",
		"PIP_INDEX_URL":       "https://pypi.internal/simple",
		"UV_INDEX_URL":        "https://pypi.internal/simple",
	}
	for k, v := range job {
		t.Setenv(k, v)
	}
	c, err := Fetch(context.Background(), fixtureStdio("-mode", string(fixtureserver.EchoEnv)), FetchOptions{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	seen := fixtureserver.ParseEcho(c.Tool(fixtureserver.EchoEnvTool).Node.Get("description").Text)
	for k, v := range job {
		if seen[k] != v {
			t.Errorf("the server saw %s=%q, want %q", k, seen[k], v)
		}
	}
	if got := NetworkSecrets(os.LookupEnv); !reflect.DeepEqual(got, []string{"proxy-pass-0123"}) {
		t.Errorf("NetworkSecrets = %q, want the proxy's password", got)
	}
}

// A stdio server that dies or never answers gets its stderr quoted and the
// hint that names inherit-env, the likely cause in a CI job.
func TestDeadOrSilentServerErrorNamesInheritEnv(t *testing.T) {
	for _, tc := range []struct {
		mode, stderr string
	}{
		{"crash", "crashing at start"},
		{"hang", "serving"},
	} {
		_, err := Fetch(context.Background(), fixtureStdio("-mode", tc.mode), FetchOptions{Timeout: 2 * time.Second})
		if err == nil || !strings.Contains(err.Error(), "last stderr lines: ") || !strings.Contains(err.Error(), tc.stderr) ||
			!strings.Contains(err.Error(), "inherit-env") {
			t.Errorf("%s: %v", tc.mode, err)
		}
	}
}
