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

// init on a folder holding each client's config shape writes a config that
// check runs cleanly the first time, against the real servers the client
// config names, then snapshot and check with drift. The tools file is
// testdata/weather.json (written for this test: one tool every portable
// provider accepts).
func TestInitOutputPassesCheck(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	bin := fixtureServer(t, root)
	tools := filepath.Join(root, "cmd", "mcp-contract", "testdata", "weather.json")
	url := startHTTPFixture(t, bin, tools)
	for _, tc := range []struct{ file, body string }{
		{".mcp.json", `{"mcpServers": {"weather": {"command": "` + bin + `", "args": ["-tools", "` + tools + `"], "env": {"WEATHER_API_KEY": "literal-key-123"}}}}`},
		{"mcp.json", `{"mcpServers": {"weather": {"command": "` + bin + `", "args": ["-tools", "` + tools + `"]}}}`},
		{".vscode/mcp.json", `{"servers": {"weather": {"type": "stdio", "command": "` + bin + `", "args": ["-tools", "${workspaceFolder}/weather.json"]}}}`},
		{".cursor/mcp.json", `{"mcpServers": {"weather": {"url": "` + url + `", "headers": {"Authorization": "Bearer literal-token-456"}}}}`},
	} {
		t.Run(tc.file, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			os.MkdirAll(filepath.Dir(tc.file), 0o755)
			os.WriteFile(tc.file, []byte(tc.body), 0o644)
			data, _ := os.ReadFile(tools)
			os.WriteFile("weather.json", data, 0o644)
			t.Setenv("WEATHER_API_KEY", "literal-key-123")
			t.Setenv("WEATHER_TOKEN", "literal-token-456")

			out, errOut, code := mcpContract(t, "init")
			if code != 0 || !strings.Contains(out, ".mcp-contract.yaml: written") {
				t.Fatalf("init: exit %d\n%s%s", code, out, errOut)
			}
			cfg, _ := os.ReadFile(".mcp-contract.yaml")
			if strings.Contains(string(cfg), "literal-") {
				t.Errorf("a credential was copied into the config:\n%s", cfg)
			}
			if out, errOut, code := mcpContract(t, "check"); code != 0 || !strings.Contains(out, "1 tool") {
				t.Fatalf("check on init's config: exit %d\n%s%s\nconfig:\n%s", code, out, errOut, cfg)
			}
			if out, errOut, code := mcpContract(t, "snapshot"); code != 0 || !strings.Contains(out, "mcp-snapshots/weather.json") {
				t.Fatalf("snapshot: exit %d\n%s%s", code, out, errOut)
			}
			if out, errOut, code := mcpContract(t, "check", "--fail-on", "info"); code != 0 {
				t.Errorf("check with drift against the first snapshot: exit %d\n%s%s", code, out, errOut)
			}
		})
	}
}

func startHTTPFixture(t *testing.T, bin, tools string) string {
	t.Helper()
	cmd := exec.Command(bin, "-tools", tools, "-http")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("fixture server printed no URL: %v", err)
	}
	return strings.TrimSpace(line)
}
