//go:build linux

package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/fixtureserver"
)

// assertClean fails when text holds what a terminal or a CI runner acts on:
// an ESC or any other C0 or C1 control (tab and newline aside), a bidi
// control, or a line that starts with "::" (a workflow command).
func assertClean(t *testing.T, what, text string) {
	t.Helper()
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "::") {
			t.Errorf("%s: line %d starts with \"::\": %q", what, i+1, line)
		}
		for _, r := range line {
			if r == '\t' {
				continue
			}
			if r < 0x20 || r >= 0x7f && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c {
				t.Errorf("%s: line %d holds %U: %q", what, i+1, r, line)
				break
			}
		}
	}
}

// The same hostile catalog goes through every command: from a file, from a
// live server, as a changed contract, as a call's target, and as a failing
// server's stderr. No output line may carry a control, a bidi override or a
// workflow command, whatever the server wrote.
func TestHostileTextIsNeutralisedEverywhere(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	bin := fixtureServer(t, root)
	dir := t.TempDir()
	t.Chdir(dir)
	hostile := `{"tools":[` + string(fixtureserver.HostileTool()) + `]}`
	oldTool, _ := json.Marshal(map[string]any{"name": fixtureserver.HostileToolName, "description": "plain",
		"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"count": map[string]any{"type": "string"}, fixtureserver.HostileTexts[7]: map[string]any{"type": "string"}}}})
	for name, content := range map[string]string{
		"hostile.json": hostile,
		"old.json":     `{"tools":[` + string(oldTool) + `]}`,
		"bad.yaml":     "version: 1\nservers:\n  \"\\e[31m::error::x\": {file: hostile.json}\n",
		"args.json":    `{"count": "` + strings.ReplaceAll(fixtureserver.HostileTexts[0], "\x1b", `\u001b`) + `", "\u202eextra": 1}`,
	} {
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	live := bin + " -tools hostile.json -mode hostile-text"
	failing := `sh -c 'printf "\033[2J::error::boot\r\n%%0A::warning::x\n\342\200\256evil\n" >&2; exit 3'`
	runs := [][]string{
		{"lint", "hostile.json"},
		{"lint", "--profile", "all", "hostile.json"},
		{"check", "hostile.json"},
		{"drift", "old.json", "hostile.json"},
		{"drift", "hostile.json", "old.json"},
		{"validate", "--tool", fixtureserver.HostileToolName, "--args", "@args.json", "hostile.json"},
		{"validate", "--tool", "\x1b[2J::error::no-such-tool", "--args", "{}", "hostile.json"},
		{"sanitize", "--profile", "gemini", "--explain", "-o", "sanitized.json", "hostile.json"},
		{"explain", "\x1b[2J::error::rule"},
		{"lint", "--config", "bad.yaml"},
		{"lint", "--stdio", live},
		{"snapshot", "--name", "hostile", "--stdio", live},
		{"snapshot", "--name", "hostile", "--check", "--stdio", bin + " -tools old.json"},
		{"snapshot", "--name", "failing", "--stdio", failing},
		{"lint", "--stdio", failing},
	}
	for _, args := range runs {
		out, errOut, code := mcpContract(t, args...)
		what := strings.Join(args, " ")
		t.Logf("%s: exit %d", what, code)
		assertClean(t, what+" (stdout)", out)
		assertClean(t, what+" (stderr)", errOut)
		if out == "" && errOut == "" {
			t.Errorf("%s: printed nothing, so nothing was checked", what)
		}
	}
}
