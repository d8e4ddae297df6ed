//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var fleetBin struct {
	once sync.Once
	path string
	err  error
}

// fleetBinary builds mcp-contract once per test binary, with the flags of
// an ordinary build so that the build cache serves it.
func fleetBinary(t *testing.T) string {
	t.Helper()
	fleetBin.once.Do(func() {
		dir, err := os.MkdirTemp("", "mcp-contract-fleet")
		if err != nil {
			fleetBin.err = err
			return
		}
		fleetBin.path = filepath.Join(dir, "mcp-contract")
		if out, err := exec.Command("go", "build", "-o", fleetBin.path, ".").CombinedOutput(); err != nil {
			fleetBin.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if fleetBin.err != nil {
		t.Fatal(fleetBin.err)
	}
	return fleetBin.path
}

// runBinary runs the built mcp-contract in the working directory with env
// added to the test's own, and returns its outputs and exit code.
func runBinary(t *testing.T, bin string, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	runnerReads(t, env, out.String(), errOut.String())
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), errOut.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), 0
}

// fleetDir makes a working folder whose config has one server that answers,
// one whose host does not resolve and one that crashes after a line on
// stderr, and returns the built binary.
func fleetDir(t *testing.T) string {
	t.Helper()
	bin := fleetBinary(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	server := fixtureServer(t, root)
	tools := filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json")
	t.Chdir(t.TempDir())
	config := "version: 1\nservers:\n" +
		"  memory: {command: [" + server + ", -tools, " + tools + "]}\n" +
		"  github: {url: \"http://github.invalid/mcp\"}\n" +
		"  slack: {command: [" + server + ", -tools, " + tools + ", -mode, crash]}\n"
	if err := os.WriteFile(".mcp-contract.yaml", []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return bin
}

// A snapshot stopped by unreachable servers says that it wrote nothing and
// how to write the others; with --keep-going it writes them and names each
// server it could not reach.
func TestSnapshotKeepGoing(t *testing.T) {
	bin := fleetDir(t)
	_, errOut, code := runBinary(t, bin, nil, "snapshot")
	if code != 3 {
		t.Fatalf("snapshot: exit %d, want 3\n%s", code, errOut)
	}
	if _, err := os.Stat("mcp-snapshots"); !os.IsNotExist(err) {
		t.Errorf("a stopped snapshot wrote files: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], `mcp-contract: server "github": `) || !strings.HasPrefix(lines[1], `mcp-contract: server "slack": `) {
		t.Fatalf("want one line per unreachable server, then the summary; got\n%s", errOut)
	}
	for _, want := range []string{"2 of 3 servers unreachable: github, slack", "nothing was written", "--keep-going", "mcp-contract snapshot --server memory"} {
		if !strings.Contains(lines[2], want) {
			t.Errorf("summary %q does not say %q", lines[2], want)
		}
	}
	if !strings.Contains(lines[1], "crashing at start") {
		t.Errorf("the crashed server's stderr is not quoted: %s", lines[1])
	}

	out, errOut, code := runBinary(t, bin, nil, "snapshot", "--keep-going")
	if code != 3 {
		t.Fatalf("snapshot --keep-going: exit %d, want 3\n%s%s", code, out, errOut)
	}
	if out != "mcp-snapshots/memory.json: written (9 tools)\n" {
		t.Errorf("stdout %q", out)
	}
	entries, _ := os.ReadDir("mcp-snapshots")
	if len(entries) != 1 || entries[0].Name() != "memory.json" {
		t.Errorf("snapshot folder holds %v, want memory.json alone", entries)
	}
	if !strings.Contains(errOut, `server "github"`) || !strings.Contains(errOut, `server "slack"`) ||
		!strings.Contains(errOut, "2 of 3 servers unreachable: github, slack; the snapshots of the others were written") {
		t.Errorf("stderr:\n%s", errOut)
	}
}

// Every format's report of a run with unreachable servers counts them, and
// stderr names each.
func TestCheckKeepGoingCountsUnreachable(t *testing.T) {
	bin := fleetDir(t)
	for format, want := range map[string]string{
		"text":     "in 3 servers (2 unreachable: github, slack), 9 tools",
		"markdown": `**mcp-contract**: 2 servers unreachable: github and slack,`,
		"sarif":    `"text": "server slack unreachable: `,
		"github":   "::error title=server slack::server slack: ",
	} {
		out, errOut, code := runBinary(t, bin, nil, "check", "--keep-going", "--format", format)
		if code != 3 {
			t.Errorf("%s: exit %d, want 3", format, code)
		}
		if !strings.Contains(out, want) {
			t.Errorf("%s: the report does not say %q:\n%s", format, want, out)
		}
		if strings.Count(errOut, "mcp-contract: server ") != 2 || !strings.Contains(errOut, "2 of 3 servers unreachable: github, slack") {
			t.Errorf("%s: stderr does not name both servers:\n%s", format, errOut)
		}
	}
	out, _, _ := runBinary(t, bin, nil, "check", "--keep-going", "--format", "json")
	var doc struct {
		Servers []struct{ Name, Error string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, s := range doc.Servers {
		if s.Error != "" {
			failed++
		}
	}
	if failed != 2 {
		t.Errorf("json: %d servers with an error, want 2", failed)
	}
}

// In GitHub Actions each server's timings are one log group on stderr, and
// the JSON report on stdout stays JSON. A server that never answers the
// handshake fails at --start-timeout, saying whether it printed anything.
func TestProgressAndStartTimeout(t *testing.T) {
	bin := fleetBinary(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	server := fixtureServer(t, root)
	tools := filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json")
	t.Chdir(t.TempDir())
	// "slow" stands for a first npx install: a line on stderr, two seconds
	// of nothing, then the server; --timeout is shorter, --start-timeout not.
	config := "version: 1\nservers:\n" +
		"  slow: {command: [sh, -c, 'echo installing >&2; sleep 2; exec \"$0\" \"$@\"', " + server + ", -tools, " + tools + "]}\n" +
		"  silent: {command: [sleep, \"60\"]}\n" +
		"  hang: {command: [" + server + ", -tools, " + tools + ", -mode, hang]}\n"
	if err := os.WriteFile(".mcp-contract.yaml", []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	out, errOut, code := runBinary(t, bin, []string{"GITHUB_ACTIONS=true"}, "check", "--keep-going", "--format", "json", "--timeout", "1s", "--start-timeout", "6s")
	if took := time.Since(start); took > 40*time.Second {
		t.Errorf("took %s: the servers did not start in parallel", took)
	}
	if code != 3 {
		t.Errorf("exit %d, want 3\n%s", code, errOut)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("stdout is not the JSON report: %v\n%s", err, out)
	}
	if strings.Contains(out, "::group::") {
		t.Error("progress reached stdout")
	}
	if n := strings.Count(errOut, "::group::"); n != 3 || strings.Count(errOut, "::endgroup::") != 3 {
		t.Errorf("%d groups, want one per server:\n%s", n, errOut)
	}
	for _, want := range []string{
		"::group::slow: done in ", "handshake at ", "tools/list at ",
		`server "silent": could not start the session: no answer to the handshake within 6s (--start-timeout`,
		"raise --start-timeout; the process printed nothing on stderr",
		`server "hang": could not start the session: no answer to the handshake within 6s`,
		"last stderr lines: fixtureserver: serving",
		"2 of 3 servers unreachable: silent, hang",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr does not say %q:\n%s", want, errOut)
		}
	}
	// Outside a terminal and Actions, stderr holds only the errors.
	_, errOut, _ = runBinary(t, bin, []string{"GITHUB_ACTIONS="}, "check", "--keep-going", "--server", "slow", "--timeout", "1s")
	if errOut != "" {
		t.Errorf("progress outside a terminal or Actions:\n%s", errOut)
	}
}

// A fleet split into 2, 3 and 4 jobs, merged, finds what one run over every
// server finds, finding by finding: the session's budgets and the name
// collisions between servers of different jobs are found again over all.
func TestMergeEqualsOneRun(t *testing.T) {
	bin := fleetBinary(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	corpus := filepath.Join(root, "testdata", "corpus", "servers")
	t.Chdir(t.TempDir())
	// Each pair of copies shares every tool name, and the pairs sit in
	// different jobs of every split.
	servers := []struct{ name, file string }{
		{"github", "github-mcp-server"}, {"memory", "npm-server-memory"}, {"slack", "npm-archived-server-slack"},
		{"tavily", "npm-tavily-mcp"}, {"memory-copy", "npm-server-memory"}, {"everything", "npm-server-everything"},
		{"slack-copy", "npm-archived-server-slack"}, {"filesystem", "npm-server-filesystem"},
	}
	config := "version: 1\nservers:\n"
	for _, s := range servers {
		data, err := os.ReadFile(filepath.Join(corpus, s.file+".json"))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(s.name+".json", data, 0o644)
		config += "  " + s.name + ": {file: " + s.name + ".json}\n"
	}
	if err := os.WriteFile(".mcp-contract.yaml", []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	findings := func(report string) []string {
		t.Helper()
		var doc struct{ Findings []json.RawMessage }
		if err := json.Unmarshal([]byte(report), &doc); err != nil {
			t.Fatalf("%v\n%s", err, report)
		}
		out := make([]string, len(doc.Findings))
		for i, f := range doc.Findings {
			out[i] = string(f)
		}
		return out
	}
	one, errOut, code := runBinary(t, bin, nil, "check", "--format", "json", "--fail-on", "never")
	if code != 0 {
		t.Fatalf("one run: exit %d\n%s", code, errOut)
	}
	want := findings(one)
	var crossServer int
	for _, f := range want {
		if strings.Contains(f, `"rule": "collision/`) || strings.Contains(f, `"rule": "budget/`) {
			crossServer++
		}
	}
	if crossServer < 10 {
		t.Fatalf("the corpus gives %d cross-server findings; the test needs collisions across jobs", crossServer)
	}
	for _, jobs := range []int{2, 3, 4} {
		var reports []string
		for j := 0; j < jobs; j++ {
			args := []string{"check", "--format", "json", "--fail-on", "never"}
			for i := j * len(servers) / jobs; i < (j+1)*len(servers)/jobs; i++ {
				args = append(args, "--server", servers[i].name)
			}
			out, errOut, code := runBinary(t, bin, nil, args...)
			if code != 0 {
				t.Fatalf("job %d of %d: exit %d\n%s", j+1, jobs, code, errOut)
			}
			path := fmt.Sprintf("report-%d-%d.json", jobs, j)
			os.WriteFile(path, []byte(out), 0o644)
			reports = append(reports, path)
		}
		merged, errOut, code := runBinary(t, bin, nil, append([]string{"report", "--merge", "--format", "json", "--fail-on", "never"}, reports...)...)
		if code != 0 {
			t.Fatalf("%d jobs: merge: exit %d\n%s", jobs, code, errOut)
		}
		got := findings(merged)
		if len(got) != len(want) {
			t.Errorf("%d jobs: the merge has %d findings, one run %d", jobs, len(got), len(want))
		}
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("%d jobs: finding %d differs:\nmerge:   %s\none run: %s", jobs, i, got[i], want[i])
				break
			}
		}
	}
}

// init takes any client's config file; with none it reads the project's
// and the user's own, says which, and skips what it cannot use with a note.
func TestInitFromAnyClientConfig(t *testing.T) {
	bin := fleetBinary(t)
	home := t.TempDir()
	t.Chdir(t.TempDir())
	desktop := `{"mcpServers": {
  "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]},
  "gemini-http": {"httpUrl": "https://mcp.example.invalid/mcp"},
  "socket": {"transport": "websocket", "endpoint": "ws://example.invalid"}
}}`
	if err := os.WriteFile("claude_desktop_config.json", []byte(desktop), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home}
	out, errOut, code := runBinary(t, bin, env, "init", "claude_desktop_config.json")
	if code != 0 {
		t.Fatalf("init PATH: exit %d\n%s%s", code, out, errOut)
	}
	written, _ := os.ReadFile(".mcp-contract.yaml")
	for _, want := range []string{"files:", "gemini-http:", "https://mcp.example.invalid/mcp"} {
		if !strings.Contains(string(written), want) {
			t.Errorf("the config does not hold %q:\n%s", want, written)
		}
	}
	if strings.Contains(string(written), "socket") {
		t.Errorf("the unusable entry was written:\n%s", written)
	}
	for _, want := range []string{"read claude_desktop_config.json: 2 servers", `server "socket" skipped`} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr does not say %q:\n%s", want, errOut)
		}
	}

	// No PATH: the project's Gemini settings and the user's Claude Desktop
	// config (Linux location).
	os.Remove(".mcp-contract.yaml")
	os.Remove("claude_desktop_config.json")
	os.MkdirAll(".gemini", 0o755)
	os.WriteFile(filepath.Join(".gemini", "settings.json"), []byte(`{"theme": "x", "mcpServers": {"remote": {"httpUrl": "https://r.example.invalid/mcp"}}}`), 0o644)
	os.MkdirAll(filepath.Join(home, ".config", "Claude"), 0o755)
	os.WriteFile(filepath.Join(home, ".config", "Claude", "claude_desktop_config.json"), []byte(desktop), 0o644)
	out, errOut, code = runBinary(t, bin, env, "init")
	if code != 0 {
		t.Fatalf("init: exit %d\n%s%s", code, out, errOut)
	}
	written, _ = os.ReadFile(".mcp-contract.yaml")
	for _, want := range []string{"remote:", "files:", "gemini-http:"} {
		if !strings.Contains(string(written), want) {
			t.Errorf("the config does not hold %q:\n%s", want, written)
		}
	}
	if !strings.Contains(errOut, "read .gemini/settings.json: 1 server") || !strings.Contains(errOut, "claude_desktop_config.json: 2 servers") {
		t.Errorf("stderr does not name the files read:\n%s", errOut)
	}
}
