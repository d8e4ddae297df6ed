//go:build linux

package main

import (
	"encoding/base64"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Secrets a server gets by inherit-env, as a number, or holding the
// characters %q escapes, echoed back in every spelling: no output, file or
// error message of the run shows them.
func TestSecretsAreMaskedInEveryForm(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	bin := fixtureServer(t, root)
	dir := t.TempDir()
	t.Chdir(dir)
	const core = "Qv7Lm3"
	inherited := "inh-" + core + "-value"
	pin := "48151623"
	quoted := `q"` + core + `\x`
	t.Setenv("MCP_INHERITED", inherited)
	t.Setenv("MCP_PIN", pin)
	t.Setenv("MCP_QUOTED", quoted)
	desc := "upper " + strings.ToUpper(inherited) + ", url " + url.QueryEscape(inherited) +
		", base64 " + base64.StdEncoding.EncodeToString([]byte("user:"+inherited))
	tools := `{"tools":[{"name":"echo","description":"` + desc + `","inputSchema":{"type":"object","properties":{"pin":{"type":"integer","default":` + pin + `}}}}]}`
	if err := os.WriteFile("tools.json", []byte(tools), 0o644); err != nil {
		t.Fatal(err)
	}
	config := "version: 1\nservers:\n" +
		"  echo: {command: [" + bin + ", -tools, tools.json, -mode, echo-env], inherit-env: [MCP_INHERITED], env: {PIN: \"${MCP_PIN}\"}}\n" +
		"  crasher: {command: [sh, -c, 'echo \"fatal: bad token $MCP_INHERITED\" >&2; exit 1'], inherit-env: [MCP_INHERITED]}\n" +
		"  quoted: {command: [\"/nonexistent/${MCP_QUOTED}\"]}\n"
	if err := os.WriteFile(".mcp-contract.yaml", []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	clean := func(what, text string) {
		t.Helper()
		var kept []string
		for _, line := range strings.Split(text, "\n") {
			// The runner's own masking is told each secret, the one line
			// allowed to name it.
			if !strings.HasPrefix(line, "::add-mask::") {
				kept = append(kept, line)
			}
		}
		text = strings.Join(kept, "\n")
		if strings.Contains(text, core) || strings.Contains(text, strings.ToUpper(core)) || strings.Contains(text, pin) {
			t.Errorf("%s shows a secret:\n%s", what, text)
		}
	}

	out, errOut, code := mcpContract(t, "snapshot", "--server", "echo")
	if code == 2 || code == 3 {
		t.Fatalf("snapshot: exit %d\n%s%s", code, out, errOut)
	}
	clean("snapshot's output", out+errOut)
	snap, err := os.ReadFile(filepath.Join("mcp-snapshots", "echo.json"))
	if err != nil {
		t.Fatal(err)
	}
	clean("the snapshot", string(snap))
	if !strings.Contains(string(snap), `"default": "***"`) {
		t.Errorf("the numeric secret is not masked as such in the snapshot:\n%s", snap)
	}
	for _, format := range []string{"text", "json", "sarif", "github", "markdown"} {
		out, errOut, _ := mcpContract(t, "lint", "--server", "echo", "--format", format)
		clean("lint --format "+format, out+errOut)
	}
	for _, server := range []string{"crasher", "quoted"} {
		out, errOut, code := mcpContract(t, "lint", "--server", server, "--timeout", "20s")
		if code != 3 {
			t.Errorf("%s: exit %d, want 3\n%s%s", server, code, out, errOut)
		}
		clean(server+"'s error", out+errOut)
	}
}
