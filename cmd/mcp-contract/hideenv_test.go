//go:build linux

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// jobSecrets are what a GitHub Actions job hands a container action, and
// the token a config passes to one server.
var jobSecrets = map[string]string{
	"INPUT_GITHUB-TOKEN":             "ghs_inputTokenValue0123456789",
	"GITHUB_TOKEN":                   "ghs_envTokenValue0123456789",
	"ACTIONS_RUNTIME_TOKEN":          "runtimeTokenValue0123456789",
	"ACTIONS_ID_TOKEN_REQUEST_TOKEN": "idRequestTokenValue0123456789",
	"OTHER_SERVER_KEY":               "otherServerKey0123456789",
}

// probeRun runs the built binary's lint on a stdio server that, before it
// serves, reads its parent's and pid 1's environment and tries to open its
// parent's memory; it returns what the server found. The binary is the
// process the test starts, so it is also what the runner starts as pid 1
// of a container action.
func probeRun(t *testing.T, asUser *syscall.Credential) map[string]string {
	t.Helper()
	repoRoot(t)
	root, _ := os.Getwd()
	fixture := fixtureServer(t, root)
	bin := builtBinary(t)
	dir := openDir(t)
	probe := filepath.Join(dir, "probe.json")
	// The tools sit beside the probe: a server run as another user cannot
	// read a clone kept in a private folder (mktemp -d makes them 0700).
	tools, err := os.ReadFile(filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json"))
	if err != nil {
		t.Fatal(err)
	}
	toolsPath := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(toolsPath, tools, 0o644); err != nil {
		t.Fatal(err)
	}
	config := "version: 1\nservers:\n  prober:\n    command: [" + fixture + ", -tools, " +
		toolsPath + ", -probe-parent, " + probe + "]\n" +
		"    env: {OWN_KEY: \"${OWN_SERVER_KEY}\"}\n"
	if err := os.WriteFile(filepath.Join(dir, ".mcp-contract.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "lint", "--fail-on", "never")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "OWN_SERVER_KEY=ownServerKey0123456789"}
	for k, v := range jobSecrets {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	if asUser != nil {
		// The user must reach both binaries and write the probe.
		for _, d := range []string{filepath.Dir(fixture), filepath.Dir(bin), filepath.Dir(dir)} {
			if err := os.Chmod(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Chmod(dir, 0o777); err != nil {
			t.Fatal(err)
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: asUser}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("lint: %v\n%s", err, out)
	}
	data, err := os.ReadFile(probe)
	if err != nil {
		t.Fatalf("the server wrote no probe: %v\n%s", err, out)
	}
	var found struct{ ParentEnviron, Pid1Environ, ParentMem string }
	if err := json.Unmarshal(data, &found); err != nil {
		t.Fatal(err)
	}
	return map[string]string{"parentEnviron": found.ParentEnviron, "pid1Environ": found.Pid1Environ, "parentMem": found.ParentMem}
}

func checkNoJobSecret(t *testing.T, found map[string]string) {
	t.Helper()
	for _, where := range []string{"parentEnviron", "pid1Environ"} {
		for name, value := range jobSecrets {
			if strings.Contains(found[where], value) {
				t.Errorf("the server read %s from its client's %s", name, where)
			}
		}
	}
}

// A started server reads /proc/<parent>/environ, as root can in any
// container: it must find no token there (the variables stay usable by the
// client itself: the server got the key its config passes it).
func TestStartedServerCannotReadTheClientsEnvironment(t *testing.T) {
	found := probeRun(t, nil)
	checkNoJobSecret(t, found)
	if strings.HasPrefix(found["parentEnviron"], "error: ") {
		t.Logf("the kernel refused the read itself: %s", found["parentEnviron"])
	}
}

// Under one unprivileged uid, as on a runner outside a container, the
// server is refused the client's environ and memory outright: the client is
// non-dumpable.
func TestStartedServerOfTheSameUserCannotOpenTheClientsMemory(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to run the client as another user")
	}
	found := probeRun(t, &syscall.Credential{Uid: 65534, Gid: 65534})
	checkNoJobSecret(t, found)
	for _, where := range []string{"parentEnviron", "parentMem"} {
		if !strings.Contains(found[where], "permission denied") {
			t.Errorf("%s: want permission denied, got %.200q", where, found[where])
		}
	}
}
