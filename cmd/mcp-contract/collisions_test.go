package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func writeFiles(t *testing.T, files map[string]string) {
	t.Helper()
	for name, body := range files {
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const bankTool = `{"tools": [
  {"name": "get_balance", "description": "Read the balance of an account.", "inputSchema": {"type": "object", "properties": {"account": {"type": "string", "description": "Account id."}}, "required": ["account"], "additionalProperties": false}}
]}
`

// check on a config with two servers that publish one name reports the
// clash once, with both places, and exits 1.
func TestCheckReportsCollisionBetweenTwoServers(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFiles(t, map[string]string{
		"bank.json": bankTool, "ledger.json": bankTool,
		".mcp-contract.yaml": "version: 1\nservers:\n  bank: {file: bank.json}\n  ledger: {file: ledger.json}\n",
	})
	out, errOut, code := mcpContract(t, "check", "--profile", "openai", "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	var doc struct{ Findings []contract.Finding }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	var clashes []contract.Finding
	for _, f := range doc.Findings {
		if f.Category == contract.CategoryCollision {
			clashes = append(clashes, f)
		}
	}
	if len(clashes) != 1 {
		t.Fatalf("want one collision, got %+v", clashes)
	}
	f := clashes[0]
	want := contract.Location{Server: "bank", Tool: "get_balance", Pointer: "/name", File: "bank.json", Line: 2, Column: 12}
	if f.Rule != "collision/duplicate-name" || f.Server != "ledger" || f.File != "ledger.json" || f.Line != 2 || len(f.Related) != 1 || f.Related[0] != want {
		t.Errorf("finding: %+v", f)
	}
	text, _, _ := mcpContract(t, "check", "--profile", "openai")
	if strings.Count(text, "collision/duplicate-name") != 1 || !strings.Contains(text, "also: bank.json:2:12 bank/get_balance /name") || !strings.Contains(text, "Collisions: 1 error") {
		t.Errorf("text report:\n%s", text)
	}
	// In different groups the two never meet.
	writeFiles(t, map[string]string{".mcp-contract.yaml": "version: 1\nservers:\n  bank: {file: bank.json}\n  ledger: {file: ledger.json}\n" +
		"collisions:\n  groups:\n    desk: [bank]\n    ops: [ledger]\n"})
	if out, errOut, code := mcpContract(t, "check", "--profile", "openai"); code != 0 {
		t.Errorf("separate groups: exit %d\n%s%s", code, out, errOut)
	}
	// A server in no group is said once.
	writeFiles(t, map[string]string{".mcp-contract.yaml": "version: 1\nservers:\n  bank: {file: bank.json}\n  ledger: {file: ledger.json}\n" +
		"collisions: {groups: {desk: [bank]}}\n"})
	_, errOut, code = mcpContract(t, "check", "--profile", "openai")
	if code != 0 || strings.Count(errOut, "note: server \"ledger\" is in no collisions.groups entry") != 1 {
		t.Errorf("ungrouped: exit %d, stderr %q", code, errOut)
	}
}

// The collisions command over the two real GitHub servers: each of the 19
// shared names once, and an ignore silences one like any rule.
func TestCollisionsCommandCorpus(t *testing.T) {
	repoRoot(t)
	a, b := "testdata/corpus/servers/github-mcp-server.json", "testdata/corpus/servers/npm-archived-server-github.json"
	out, errOut, code := mcpContract(t, "collisions", a, b, "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	var doc struct{ Findings []contract.Finding }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	perName := map[string]int{}
	for _, f := range doc.Findings {
		if f.Category != contract.CategoryCollision {
			t.Errorf("collisions ran another check: %+v", f)
		}
		if f.Rule == "collision/duplicate-name" {
			perName[f.Tool]++
			if len(f.Related) != 1 || f.Related[0].File != a || f.Related[0].Line == 0 {
				t.Errorf("related: %+v", f.Related)
			}
		}
	}
	if len(perName) != 19 {
		t.Errorf("%d shared names reported, want 19", len(perName))
	}
	for name, n := range perName {
		if n != 1 {
			t.Errorf("%s reported %d times", name, n)
		}
	}
	dir := t.TempDir()
	cfg := dir + "/c.yaml"
	writeCfg := func(body string) {
		if err := os.WriteFile(cfg, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeCfg("version: 1\nignore:\n  - {rule: collision/duplicate-name, server: npm-archived-server-github, reason: the archived server is never loaded with the new one}\n" +
		"  - {rule: mcp/missing-description, reason: collisions does not lint and this is not stale here}\n" +
		"rules: {collision/prefixed-name-too-long: off}\n")
	out, errOut, code = mcpContract(t, "collisions", a, b, "--config", cfg)
	if code != 0 || strings.Contains(out, "collision/") || strings.Contains(out, "stale") {
		t.Errorf("ignored: exit %d\n%s%s", code, out, errOut)
	}
	writeCfg("version: 1\ncollisions:\n  prefix-styles: [claude-code, \"{server}\"]\n")
	_, errOut, code = mcpContract(t, "collisions", a, b, "--config", cfg)
	if code != 2 || !strings.Contains(errOut, "c.yaml:3:1: collisions.prefix-styles: prefix style \"{server}\"") {
		t.Errorf("bad style: exit %d %q", code, errOut)
	}
	out, _, code = mcpContract(t, "rules", "--profile", "collision")
	if code != 0 || strings.Count(out, "collision/") != 5 {
		t.Errorf("rules:\n%s", out)
	}
	out, _, code = mcpContract(t, "explain", "collision/after-rewrite")
	if code != 0 || !strings.Contains(out, "generateValidName") {
		t.Errorf("explain:\n%s", out)
	}
}
