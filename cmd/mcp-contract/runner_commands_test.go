package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/fixtureserver"
	"github.com/mcp-contract/mcp-contract/internal/testenv"
)

// In a `run:` step (GITHUB_ACTIONS=true) the runner reads our stdout and
// stderr with both of its command parsers. A server's stderr, a config's
// command and tool names quoted in the text report carry both forms
// ("##[…]" anywhere, "::…::" behind white space or invisible characters):
// the runner must find no command in any of it but ours.
func TestHostileTextRunsNoWorkflowCommand(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	bin, fixture := builtBinary(t), fixtureServer(t, root)
	dir := t.TempDir()
	t.Chdir(dir)
	var names []string
	for _, text := range fixtureserver.HostileTexts {
		if strings.Contains(text, fixtureserver.HostileMarker) {
			names = append(names, text)
		}
	}
	var tools []string
	for _, name := range names {
		tools = append(tools, `{"name":`+jsonString(name)+`,"description":`+jsonString(name)+`,"inputSchema":{"type":"object","properties":{`+jsonString(name)+`:{"type":"string"}}}}`)
	}
	stderr := strings.Join(names, "\n")
	files := map[string]string{
		"hostile.json": `{"tools":[` + strings.Join(tools, ",") + `]}`,
		"served.json":  `{"tools":[` + string(fixtureserver.HostileTool()) + `]}`,
		"failing.yaml": "version: 1\nservers:\n  failing:\n    command: [sh, -c, " + jsonString("printf '%s\\n' "+posixQuote(stderr)+" >&2; exit 3") + "]\n",
		"missing.yaml": "version: 1\nservers:\n  missing:\n    command: [" + jsonString("##[set-output name=cmd]PWNED") + ", " + jsonString("  ::warning::PWNED") + "]\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runs := [][]string{
		{"lint", "hostile.json"},
		{"lint", "--format", "github", "hostile.json"},
		{"drift", "served.json", "hostile.json"},
		{"lint", "--stdio", fixture + " -tools served.json -mode hostile-text"},
		{"lint", "--config", "failing.yaml"},
		{"lint", "--config", "missing.yaml"},
		{"snapshot", "--config", "failing.yaml", "--dir", "snaps"},
	}
	for _, args := range runs {
		out, errOut, code := runBinary(t, bin, []string{"GITHUB_ACTIONS=true"}, args...)
		what := strings.Join(args, " ")
		t.Logf("%s: exit %d", what, code)
		if !strings.Contains(out+errOut, fixtureserver.HostileMarker) {
			t.Errorf("%s: no hostile text reached the output, so nothing was checked:\n%s%s", what, out, errOut)
		}
		testenv.AssertOnlyOurCommands(t, what+" (stdout)", out, fixtureserver.HostileMarker)
		testenv.AssertOnlyOurCommands(t, what+" (stderr)", errOut, fixtureserver.HostileMarker)
	}
}

func jsonString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`, "\u00ad", `\u00ad`, "\u200b", `\u200b`).Replace(s) + `"`
}

// runnerReads fails t when a runner reading the outputs of a run under
// GITHUB_ACTIONS=true would find a command we did not write: every helper
// that runs the binary or the CLI as a step does calls it.
func runnerReads(t *testing.T, env []string, stdout, stderr string) {
	t.Helper()
	if !slices.Contains(env, "GITHUB_ACTIONS=true") && os.Getenv("GITHUB_ACTIONS") != "true" {
		return
	}
	testenv.AssertOnlyOurCommands(t, "stdout", stdout, fixtureserver.HostileMarker)
	testenv.AssertOnlyOurCommands(t, "stderr", stderr, fixtureserver.HostileMarker)
}

func posixQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
