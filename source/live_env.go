package source

import (
	"net/url"
	"runtime"
	"sort"
	"strings"
)

// DefaultInheritedEnv are the variables a stdio server gets from our own
// environment without asking: the MCP TypeScript SDK's stdio transport list
// (getDefaultEnvironment, "inspired by the default env inheritance of sudo")
// plus LANG and TMPDIR, which runtimes read for encoding and scratch space,
// and NetworkEnv. Everything else (GITHUB_TOKEN, INPUT_GITHUB-TOKEN and every
// other secret of a CI job) stays with us unless the server's config names it
// in env or inherit-env.
var DefaultInheritedEnv = append(defaultInheritedEnv(), NetworkEnv...)

func defaultInheritedEnv() []string {
	if runtime.GOOS == "windows" {
		return []string{"APPDATA", "HOMEDRIVE", "HOMEPATH", "LOCALAPPDATA", "PATH", "PROCESSOR_ARCHITECTURE",
			"PROGRAMFILES", "SYSTEMDRIVE", "SYSTEMROOT", "TEMP", "TMP", "USERNAME", "USERPROFILE"}
	}
	return []string{"HOME", "LANG", "LOGNAME", "PATH", "SHELL", "TERM", "TMPDIR", "USER"}
}

// NetworkEnv is how a job reaches the network: its proxy, the certificate
// authorities it trusts and the package registries it installs from. A
// server started by npx or uvx behind a proxy or a private registry hangs
// without them, so they are passed like PATH: they configure, they are not
// secrets. A password inside one of these URLs is masked all the same
// (NetworkSecrets).
var NetworkEnv = []string{
	"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy",
	"NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR",
	"NPM_CONFIG_REGISTRY", "npm_config_registry", "PIP_INDEX_URL", "UV_INDEX_URL",
}

// NetworkSecrets are the passwords in the URLs of NetworkEnv, as lookup
// finds them (a proxy or a private index at https://user:token@host/).
func NetworkSecrets(lookup func(string) (string, bool)) []string {
	var out []string
	for _, name := range NetworkEnv {
		v, ok := lookup(name)
		if !ok {
			continue
		}
		if u, err := url.Parse(v); err == nil {
			if pw, ok := u.User.Password(); ok && pw != "" {
				out = append(out, pw)
			}
		}
	}
	return out
}

// serverEnviron is the environment a stdio server starts with: the default
// names and the server's inherit-env names, taken from lookup, then jail's
// (the private HOME and caches of a server we run as another user), then
// the server's env entries on top. The result is sorted, so a server sees the
// same environment on every run.
func serverEnviron(sc *ServerConfig, lookup func(string) (string, bool), jail map[string]string) []string {
	env := map[string]string{}
	for _, name := range append(append([]string{}, DefaultInheritedEnv...), sc.InheritEnv...) {
		v, ok := lookup(name)
		// A value starting with "()" is an exported shell function, the
		// Shellshock vector; the TypeScript SDK skips those too.
		if ok && !strings.HasPrefix(v, "()") {
			env[name] = v
		}
	}
	for k, v := range jail {
		env[k] = v
	}
	for k, v := range sc.Env {
		env[k] = v
	}
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}
