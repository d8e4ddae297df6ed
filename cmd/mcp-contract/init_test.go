package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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
	if !strings.Contains(errOut, "export before running: STAGING_TOKEN") || !strings.Contains(string(wf), "STAGING_TOKEN: ${{ secrets.STAGING_TOKEN }}") {
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

// A client config's credentials outside settings named as credentials (the
// issue's list: an mcp-remote header, postgres and redis URL passwords,
// DATABASE_URL, DB_PASS, MYSQL_PWD, a token in a URL path, a sig=
// parameter) never reach the config init writes, nor what it prints; the
// variables to export are listed on stderr.
func TestInitThroughTheBinaryWritesNoCredential(t *testing.T) {
	dir := t.TempDir()
	secrets := []string{"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlMTIzNDU", "pgpass-4411", "redispass-9", "dburlpass-7", "dbpass-33", "mysqlpwd-21",
		"a1b2c3d4e5f60718293a4b5c6d7e8f90", "sigvalue-5567"}
	mcp := `{"mcpServers": {
  "remote": {"command": "npx", "args": ["-y", "mcp-remote", "https://mcp.example.com/sse", "--header", "Authorization: Bearer ` + secrets[0] + `"]},
  "pg": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-postgres", "postgresql://app:` + secrets[1] + `@db.example.com/prod"]},
  "redis": {"command": "uvx", "args": ["mcp-redis", "redis://default:` + secrets[2] + `@cache.example.com:6379"]},
  "db": {"command": "node", "args": ["db.js"], "env": {"DATABASE_URL": "mysql://root:` + secrets[3] + `@localhost/app", "DB_PASS": "` + secrets[4] + `", "MYSQL_PWD": "` + secrets[5] + `"}},
  "hook": {"type": "http", "url": "https://mcp.example.com/u/` + secrets[6] + `/mcp?sig=` + secrets[7] + `"}
}}`
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(mcp), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(builtBinary(t), "init", "--workflow")
	cmd.Dir = dir
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %s", err, errOut.String())
	}
	cfg, _ := os.ReadFile(filepath.Join(dir, ".mcp-contract.yaml"))
	wf, _ := os.ReadFile(filepath.Join(dir, scaffold.WorkflowPath))
	for _, s := range secrets {
		for what, text := range map[string]string{"config": string(cfg), "workflow": string(wf), "stdout": out.String(), "stderr": errOut.String()} {
			if strings.Contains(text, s) {
				t.Errorf("the %s holds the credential %q", what, s)
			}
		}
	}
	exports := regexp.MustCompile(`export before running: (.*)`).FindStringSubmatch(errOut.String())
	if exports == nil || len(strings.Fields(exports[1])) < len(secrets) {
		t.Fatalf("stderr lists no variable for each credential:\n%s", errOut.String())
	}
	for _, v := range strings.Fields(exports[1]) {
		if !strings.Contains(string(cfg), "${"+v+"}") {
			t.Errorf("%s is listed but not in the config:\n%s", v, cfg)
		}
	}
}
