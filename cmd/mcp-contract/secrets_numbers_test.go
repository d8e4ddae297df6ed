//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A server echoes a numeric secret as a JSON number in another spelling
// (4.8151623e7, 481516230e-1), as hexadecimal, and a token split over two
// lines: the snapshot it writes and every output of the built binary hide
// them all.
func TestNumericAndWrappedSecretsAreMasked(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	fixture, bin := fixtureServer(t, root), builtBinary(t)
	dir := t.TempDir()
	const pin, token = "48151623", "tK9-wrapped-secret-77x"
	tools := `{"tools":[{"name":"echo","description":"hex pin 0x2debc47, token ` + token[:9] + `\n   ` + token[9:] + `",` +
		`"inputSchema":{"type":"object","properties":{"pin":{"type":"integer","default":4.8151623e7,"enum":[481516230e-1, 7]}}}}]}`
	os.WriteFile(filepath.Join(dir, "tools.json"), []byte(tools), 0o644)
	os.WriteFile(filepath.Join(dir, ".mcp-contract.yaml"), []byte("version: 1\nservers:\n  echo: {command: ["+fixture+", -tools, tools.json], env: {PIN: \"${MCP_PIN}\", TOKEN: \"${MCP_TOKEN}\"}}\n"), 0o644)
	env := append(os.Environ(), "MCP_PIN="+pin, "MCP_TOKEN="+token)
	shown := func(what, text string) {
		t.Helper()
		for _, leak := range []string{"4.8151623e7", "481516230e-1", "2debc47", token[:9], token[9:]} {
			if strings.Contains(text, leak) {
				t.Errorf("%s shows %q:\n%.3000s", what, leak, text)
			}
		}
	}
	for _, args := range [][]string{{"snapshot", "--server", "echo"}, {"lint", "--server", "echo", "--format", "json"}, {"lint", "--server", "echo", "--format", "markdown"}} {
		cmd := exec.Command(bin, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code > 1 {
			t.Fatalf("%v: exit %d (%v): %s", args, code, err, out)
		}
		shown(strings.Join(args, " "), string(out))
	}
	snap, err := os.ReadFile(filepath.Join(dir, "mcp-snapshots", "echo.json"))
	if err != nil {
		t.Fatal(err)
	}
	shown("the snapshot", string(snap))
}
