package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// GitHub code scanning rejects a whole SARIF upload when one result lacks a
// physical location (issue 17 item 5). A check of a repository with four
// real tool lists, every profile, a stale snapshot, collisions and the
// session budget locates every result on a file of the work tree.
func TestCheckSARIFLocatesEveryResultInTheWorkTree(t *testing.T) {
	corpus, err := filepath.Abs(filepath.Join("..", "..", "testdata", "corpus", "servers"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	servers := map[string]string{"github": "github-mcp-server.json", "archived": "npm-archived-server-github.json",
		"everything": "npm-server-everything.json", "memory": "npm-server-memory.json"}
	config := "version: 1\nservers:\n"
	for _, name := range []string{"archived", "everything", "github", "memory"} {
		data, err := os.ReadFile(filepath.Join(corpus, servers[name]))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll("tools", 0o755)
		if err := os.WriteFile(filepath.Join("tools", name+".json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		config += "  " + name + ": {file: tools/" + name + ".json}\n"
	}
	if err := os.WriteFile(".mcp-contract.yaml", []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := mcpContract(t, "snapshot"); code != 0 {
		t.Fatalf("snapshot: exit %d: %s", code, errOut)
	}
	// The work tree drops memory's first tool: a breaking change located in
	// the snapshot.
	var doc map[string]any
	data, _ := os.ReadFile(filepath.Join("tools", "memory.json"))
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	doc["tools"] = doc["tools"].([]any)[1:]
	data, _ = json.Marshal(doc)
	os.WriteFile(filepath.Join("tools", "memory.json"), data, 0o644)

	out, errOut, code := mcpContract(t, "check", "--profile", "all", "--format", "sarif", "--fail-on", "never")
	if code != 0 {
		t.Fatalf("check: exit %d: %s", code, errOut)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation *struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	groups := map[string]int{}
	for _, r := range log.Runs[0].Results {
		groups[strings.SplitN(r.RuleID, "/", 2)[0]]++
		if len(r.Locations) == 0 || r.Locations[0].PhysicalLocation == nil {
			t.Fatalf("%s: no physical location", r.RuleID)
		}
		uri := r.Locations[0].PhysicalLocation.ArtifactLocation.URI
		if _, err := os.Stat(filepath.FromSlash(uri)); err != nil || strings.HasPrefix(uri, "git") || filepath.IsAbs(uri) {
			t.Fatalf("%s: uri %q is not a file of the work tree", r.RuleID, uri)
		}
	}
	for _, g := range []string{"budget", "collision", "drift", "openai-strict", "gemini", "anthropic-strict"} {
		if groups[g] == 0 {
			t.Errorf("no %s result in the run: %v", g, groups)
		}
	}
	t.Logf("%d results, every one located in the work tree: %v", len(log.Runs[0].Results), groups)
}
