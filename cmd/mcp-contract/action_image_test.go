package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/testenv"
)

// testImage names a Docker image of the action (scripts/test-image builds
// one and sets it). With it, the action tests run that image instead of
// the binary, as GitHub runs a container action; without it they run the
// binary TestMain built.
var testImage = os.Getenv("MCP_CONTRACT_TEST_IMAGE")

// runnerUID owns the workspace and the command files on a hosted runner,
// while the container runs as root.
const runnerUID = "1001"

// actionCommand is the action's step as the runner starts it in workspace,
// with the step's environment env (host paths). In image mode it is
// `docker run` as the runner writes it: the workspace at
// /github/workspace (the working directory), the folders of the command
// files at /github/file_commands, of the event at /github/workflow, HOME at
// /github/home, the host network (the fake API listens on 127.0.0.1), and
// every path of the environment rewritten to those. The repository and
// TestMain's binaries are mounted read-only at their own paths, so a
// config that names them (a fixture server, a tools file) works unchanged.
func actionCommand(t *testing.T, workspace string, env []string) *exec.Cmd {
	t.Helper()
	if testImage == "" {
		cmd := exec.Command(builtBinary(t), "action")
		cmd.Dir = workspace
		cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
		return cmd
	}
	type mount struct{ host, inside string }
	mounts := []mount{{workspace, "/github/workspace"}}
	values := map[string]string{}
	var names []string
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		dest := ""
		switch name {
		case "GITHUB_WORKSPACE":
			value = "/github/workspace"
		case "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY":
			dest = "/github/file_commands"
		case "GITHUB_EVENT_PATH":
			dest = "/github/workflow"
		case "HOME":
			mounts = append(mounts, mount{value, "/github/home"})
			value = "/github/home"
		}
		if dest != "" && value != "" {
			mounts = append(mounts, mount{filepath.Dir(value), dest})
			value = dest + "/" + filepath.Base(value)
		}
		if _, seen := values[name]; !seen {
			names = append(names, name)
		}
		values[name] = value // a later entry wins, as in exec.Cmd.Env
	}
	args := []string{"run", "--rm", "--network", "host", "--workdir", "/github/workspace",
		"-v", checkoutDir + ":" + checkoutDir + ":ro", "-v", binDir + ":" + binDir + ":ro"}
	for _, name := range names {
		args = append(args, "-e", name+"="+values[name])
	}
	var owned []string
	for _, m := range mounts {
		args = append(args, "-v", m.host+":"+m.inside)
		owned = append(owned, m.host)
	}
	args = append(args, testImage, "action")
	// The runner's user owns what it lays out, and root in the container
	// must read it and write the command files all the same. Ours again
	// afterwards, since git refuses a repository another user owns.
	script := `set -f; IFS=:; chown -R ` + runnerUID + `:` + runnerUID + ` $0; docker "$@"; code=$?; chown -R ` +
		fmt.Sprintf("%d:%d", os.Getuid(), os.Getgid()) + ` $0; exit $code`
	return exec.Command("sh", append([]string{"-c", script, strings.Join(owned, ":")}, args...)...)
}

// A stdio server started with npx, as most configs start theirs: the image
// must bring Node.js and npx. npx finds the pinned server-everything in the
// workspace's node_modules, so nothing is fetched.
func TestActionNpxServer(t *testing.T) {
	testenv.NpmServer(t, checkoutDir, "server-everything")
	if _, err := exec.LookPath("npx"); err != nil && testImage == "" {
		t.Skip("no npx on this machine")
	}
	ws, runner := openDir(t), t.TempDir()
	pkg, err := os.ReadFile(filepath.Join(checkoutDir, "testdata", "npm", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(ws, "package.json"), pkg, 0o644)
	if err := os.Symlink(filepath.Join(checkoutDir, "testdata", "npm", "node_modules"), filepath.Join(ws, "node_modules")); err != nil {
		t.Fatal(err)
	}
	// npx loads all of npm before it starts the server: 30 s (the default
	// timeout) was not enough at a load average of 55 on 2 cores.
	os.WriteFile(filepath.Join(ws, ".mcp-contract.yaml"), []byte("version: 1\nservers:\n  everything: {command: [npx, --no-install, mcp-server-everything], timeout: 5m}\n"), 0o644)
	os.WriteFile(filepath.Join(runner, "event.json"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(runner, "output"), nil, 0o644)
	os.WriteFile(filepath.Join(runner, "summary"), nil, 0o644)
	cmd := actionCommand(t, ws, []string{"HOME=" + runner, "GITHUB_ACTIONS=true", "CI=true",
		"GITHUB_WORKSPACE=" + ws, "GITHUB_EVENT_NAME=workflow_dispatch", "GITHUB_EVENT_PATH=" + filepath.Join(runner, "event.json"),
		"GITHUB_OUTPUT=" + filepath.Join(runner, "output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(runner, "summary"),
		"GITHUB_API_URL=http://127.0.0.1:9/api/v3", "GITHUB_SERVER_URL=https://github.com", "GITHUB_REPOSITORY=o/r",
		"GITHUB_RUN_ID=8", "GITHUB_WORKFLOW=snapshot", "GITHUB_JOB=snapshot",
		"INPUT_COMMAND=snapshot", "INPUT_FAIL-ON=error", "INPUT_COMMENT=never"})
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	snapshot, err := os.ReadFile(filepath.Join(ws, "mcp-snapshots", "everything.json"))
	if err != nil || !strings.Contains(string(snapshot), `"name": "echo"`) {
		t.Fatalf("no snapshot with the echo tool (%v):\n%s\n%s", err, snapshot, out)
	}
	// As root the server ran as a user of its own, its npm cache in its
	// own HOME (internal/procs), not the job's.
	if _, err := os.Stat(filepath.Join(runner, ".npm")); err == nil && testImage == "" && os.Geteuid() == 0 {
		t.Error("npx wrote its cache into the job's HOME")
	}
}
