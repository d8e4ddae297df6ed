//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// In the Action's image (scripts/test-image), where the container runs as
// root, a server runs as a user of its own: not root, not the runner's
// 1001, no groups, no_new_privs, a private 0700 HOME in the container's
// /tmp, the workspace readable, and its peer's environment not. The
// workspace is the runner's (1001, 0755) as on a hosted runner; only the
// probe's folder in it is open to every user. Descriptors and orphans are
// TestServersRunUnprivilegedAndApart's: no descriptor of the host passes
// into a container, and its pid namespace ends with the action.
func TestActionServersRunAsUsersOfTheirOwn(t *testing.T) {
	if testImage == "" {
		t.Skip("the image's test (MCP_CONTRACT_TEST_IMAGE); the binary's is TestServersRunUnprivilegedAndApart")
	}
	ws, runner := openDir(t), t.TempDir()
	if err := os.Chmod(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(ws, "probe")
	if err := os.Mkdir(out, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(out, 0o777) // past the umask
	os.WriteFile(filepath.Join(ws, "workspace.txt"), []byte("a file of the workspace"), 0o644)
	const inside = "/github/workspace"
	tools := filepath.Join(checkoutDir, "testdata", "corpus", "servers", "npm-server-memory.json")
	fixture := fixtureServer(t, checkoutDir)
	os.WriteFile(filepath.Join(ws, ".mcp-contract.yaml"), []byte("version: 1\nservers:\n"+
		"  prober:\n    command: ["+fixture+", -tools, "+tools+", -probe-self, "+inside+"/probe/self.json, -peer, "+inside+"/probe/victim.pid, -read, "+inside+"/workspace.txt]\n"+
		"  victim:\n    command: ["+fixture+", -tools, "+tools+", -announce, "+inside+"/probe/victim.pid, -page-delay, 2s]\n"+
		"    env: {VICTIM_KEY: "+victimKey+"}\n"), 0o644)
	os.WriteFile(filepath.Join(runner, "event.json"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(runner, "output"), nil, 0o644)
	os.WriteFile(filepath.Join(runner, "summary"), nil, 0o644)
	cmd := actionCommand(t, ws, []string{"HOME=" + runner, "GITHUB_ACTIONS=true", "CI=true",
		"GITHUB_WORKSPACE=" + ws, "GITHUB_EVENT_NAME=workflow_dispatch", "GITHUB_EVENT_PATH=" + filepath.Join(runner, "event.json"),
		"GITHUB_OUTPUT=" + filepath.Join(runner, "output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(runner, "summary"),
		"GITHUB_API_URL=http://127.0.0.1:9/api/v3", "GITHUB_SERVER_URL=https://github.com", "GITHUB_REPOSITORY=o/r",
		"GITHUB_RUN_ID=8", "GITHUB_WORKFLOW=lint", "GITHUB_JOB=lint",
		"INPUT_COMMAND=lint", "INPUT_FAIL-ON=never", "INPUT_COMMENT=never"})
	log, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	data, err := os.ReadFile(filepath.Join(out, "self.json"))
	if err != nil {
		t.Fatalf("the prober wrote nothing: %v\n%s", err, log)
	}
	var p confineProbe
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	check := func(fault string, ok bool) {
		if !ok {
			t.Errorf("%s (probe: %s)", fault, data)
		}
	}
	check("the server ran as root or as the runner's user", p.Uid != 0 && p.Gid != 0 && p.Uid != 1001)
	check("the server kept supplementary groups", len(p.Groups) == 0)
	check("the server ran without no_new_privs", p.NoNewPrivs == "1")
	check("the server's HOME is not its own 0700 folder in /tmp", strings.HasPrefix(p.Home, "/tmp/mcp-contract-server-") && p.HomeMode == "-rwx------" && p.HomeOwner == p.Uid)
	check("the server's TMPDIR is not in its HOME", p.Home != "" && strings.HasPrefix(p.Tmpdir, p.Home+"/"))
	check("the server could not read the workspace", p.Read == "a file of the workspace")
	check("the server read its peer's environment", !strings.Contains(p.PeerEnviron, victimKey))
	check("the victim never announced its pid", !strings.Contains(p.PeerEnviron, "never announced"))
	t.Logf("in the image the server ran as %d:%d, groups %v, HOME %s (%s), peer's environ: %s", p.Uid, p.Gid, p.Groups, p.Home, p.HomeMode, p.PeerEnviron)
}
