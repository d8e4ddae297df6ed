//go:build linux

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// secretCore is in every encoding of the test secrets (raw, JSON-escaped,
// HTML-escaped), so its absence proves no form of them was printed.
const secretCore = "Zq9Xw7"

// A server that echoes its token into a tool's description: the snapshot is
// written masked, the run says where and fails, and no output of any command
// or format holds the token in any encoding. The token holds characters JSON
// escapes, which a masker run after encoding would miss.
func TestSecretEchoedIntoToolsIsMaskedEverywhere(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	bin := fixtureServer(t, root)
	tools := filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json")
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("MCP_TEST_TOKEN", secretCore+`"<b>é-tok`)
	config := "version: 1\nservers:\n  echo: {command: [" + bin + ", -tools, " + tools + ", -mode, echo-env], env: {API_TOKEN: \"${MCP_TEST_TOKEN}\"}}\n"
	if err := os.WriteFile(".mcp-contract.yaml", []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	clean := func(what, text string) {
		t.Helper()
		if strings.Contains(text, secretCore) {
			t.Errorf("%s holds the secret:\n%s", what, text)
		}
	}

	out, errOut, code := mcpContract(t, "snapshot")
	if code != 1 || !strings.Contains(errOut, "security/secret-in-tool-text: server echo, tool echo_env, /description") {
		t.Errorf("snapshot: exit %d, want 1 and the finding on stderr\n%s%s", code, out, errOut)
	}
	clean("snapshot's output", out+errOut)
	snap, err := os.ReadFile(filepath.Join("mcp-snapshots", "echo.json"))
	if err != nil {
		t.Fatal(err)
	}
	clean("the snapshot", string(snap))
	if !strings.Contains(string(snap), `API_TOKEN=***`) {
		t.Errorf("the snapshot does not show the mask:\n%s", snap)
	}

	for _, args := range [][]string{
		{"lint"}, {"lint", "--format", "json"}, {"lint", "--format", "sarif"}, {"lint", "--format", "github"},
		{"lint", "--format", "markdown"}, {"check"}, {"drift", "--fail-on", "never"},
		{"sanitize", "--profile", "openai-strict", "--explain"},
		{"validate", "--tool", "echo_env", "--args", "{}"},
	} {
		out, errOut, code := mcpContract(t, args...)
		if code == 2 || code == 3 {
			t.Errorf("%v: exit %d\n%s", args, code, errOut)
		}
		// The github format registers each secret with the runner's own
		// masking, which is the one line allowed to name it.
		var kept []string
		for _, line := range strings.Split(out, "\n") {
			if !strings.HasPrefix(line, "::add-mask::") {
				kept = append(kept, line)
			}
		}
		clean(strings.Join(args, " "), strings.Join(kept, "\n")+errOut)
		if args[0] == "lint" && !strings.Contains(out, "secret-in-tool-text") {
			t.Errorf("%v does not report the echoed secret:\n%s", args, out)
		}
	}
}

// A header value written out in an MCP client config is a secret too.
func TestLiteralHeaderOfClientConfigIsMasked(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	bin := fixtureServer(t, root)
	tools := filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json")
	server := exec.Command(bin, "-tools", tools, "-http", "-mode", "echo-headers")
	stdout, err := server.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = server.Process.Kill(); _ = server.Wait() })
	url, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	mcpJSON := `{"mcpServers": {"remote": {"type": "http", "url": "` + strings.TrimSpace(url) + `", "headers": {"Authorization": "Bearer literal-` + secretCore + `-token"}}}}`
	if err := os.WriteFile(".mcp.json", []byte(mcpJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"text", "json"} {
		out, errOut, code := mcpContract(t, "lint", "--format", format)
		if code != 1 || !strings.Contains(out, "secret-in-tool-text") {
			t.Errorf("%s: exit %d, want 1 with the finding\n%s%s", format, code, out, errOut)
		}
		if strings.Contains(out+errOut, secretCore) {
			t.Errorf("%s: the header value leaked:\n%s%s", format, out, errOut)
		}
	}
}
