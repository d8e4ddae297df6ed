package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/scaffold"
)

func TestInitNeverOverwritesWithoutForce(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile(".mcp.json", []byte(`{"mcpServers": {"everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}}}`), 0o644)
	mine := []byte("version: 1\n# mine, hand-written\n")
	os.WriteFile(".mcp-contract.yaml", mine, 0o644)
	_, errOut, code := mcpContract(t, "init")
	if code != 2 || !strings.Contains(errOut, ".mcp-contract.yaml: already exists") || !strings.Contains(errOut, "--force") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if got, _ := os.ReadFile(".mcp-contract.yaml"); string(got) != string(mine) {
		t.Errorf("init overwrote the config: %s", got)
	}

	// A workflow in the way stops init before it writes anything.
	os.Remove(".mcp-contract.yaml")
	os.MkdirAll(filepath.Dir(scaffold.WorkflowPath), 0o755)
	os.WriteFile(scaffold.WorkflowPath, mine, 0o644)
	_, errOut, code = mcpContract(t, "init", "--workflow")
	if code != 2 || !strings.Contains(errOut, scaffold.WorkflowPath+": already exists") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat(".mcp-contract.yaml"); err == nil {
		t.Error("init wrote the config although it refused the workflow")
	}

	out, errOut, code := mcpContract(t, "init", "--workflow", "--force")
	if code != 0 || !strings.Contains(out, ".mcp-contract.yaml: written") || !strings.Contains(out, scaffold.WorkflowPath+": written") {
		t.Fatalf("--force: exit %d\n%s%s", code, out, errOut)
	}
	cfg, _ := os.ReadFile(".mcp-contract.yaml")
	wf, _ := os.ReadFile(scaffold.WorkflowPath)
	if !strings.Contains(string(cfg), "everything:\n    command: [npx, -y, '@modelcontextprotocol/server-everything']") ||
		!strings.HasPrefix(string(cfg), "# yaml-language-server: $schema=https://raw.githubusercontent.com/mcp-contract/mcp-contract/main/schema/mcp-contract.schema.json\n") {
		t.Errorf("config:\n%s", cfg)
	}
	if !strings.Contains(string(wf), "uses: mcp-contract/mcp-contract@main") || strings.Contains(string(wf), "mine") {
		t.Errorf("workflow:\n%s", wf)
	}
	entries, _ := os.ReadDir(".")
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("left a temp file: %s", e.Name())
		}
	}
}

func TestInitFromFlags(t *testing.T) {
	t.Chdir(t.TempDir())
	_, errOut, code := mcpContract(t, "init")
	if code != 2 || !strings.Contains(errOut, "no client config here (.mcp.json, mcp.json, .vscode/mcp.json, .cursor/mcp.json)") || !strings.Contains(errOut, "--stdio") {
		t.Errorf("no server anywhere: exit %d, stderr %q", code, errOut)
	}

	out, errOut, code := mcpContract(t, "init", "--url", "https://staging.example.com/mcp", "--header", "Authorization: Bearer sk-live-999", "--workflow")
	cfg, _ := os.ReadFile(".mcp-contract.yaml")
	wf, _ := os.ReadFile(scaffold.WorkflowPath)
	if code != 0 || strings.Contains(string(cfg)+out, "sk-live-999") || !strings.Contains(string(cfg), "  staging:\n    url: https://staging.example.com/mcp\n    headers:\n      Authorization: Bearer ${STAGING_TOKEN}\n") {
		t.Errorf("exit %d (%s)\n%s\nconfig:\n%s", code, errOut, out, cfg)
	}
	if !strings.Contains(out, "export before running: STAGING_TOKEN") || !strings.Contains(string(wf), "STAGING_TOKEN: ${{ secrets.STAGING_TOKEN }}") {
		t.Errorf("the variable is neither announced nor passed to the workflow:\n%s\n%s", out, wf)
	}

	if _, errOut, code := mcpContract(t, "init", "--force", "--stdio", "x", "--name", "../up"); code != 2 || !strings.Contains(errOut, `--stdio: server name "../up" holds`) {
		t.Errorf("a bad --name: exit %d, %q", code, errOut)
	}
	_, _, code = mcpContract(t, "init", "--force", "--stdio", "go run ./cmd/weather", "--name", "wx", "--config", "ci/mcp.yaml")
	cfg, _ = os.ReadFile("ci/mcp.yaml")
	if code != 0 || !strings.Contains(string(cfg), "  wx:\n    command: [go, run, ./cmd/weather]\n") {
		t.Errorf("exit %d, config:\n%s", code, cfg)
	}
}
