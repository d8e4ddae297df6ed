//go:build linux

package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The nightly job end to end: check --keep-going over a drifting server and
// one that cannot be reached writes a report with both (exit 3), and issues
// --from posts one drift issue and one unreachable issue, the secret in the
// unreachable server's URL masked everywhere.
func TestNightlyIssuesFromReport(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	bin := fixtureServer(t, root)
	tools := filepath.Join(root, "cmd", "mcp-contract", "testdata", "weather.json")
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("NIGHTLY_TOKEN", "tok-nightly-7781")
	os.WriteFile(".mcp-contract.yaml", []byte("version: 1\nservers:\n"+
		"  weather: {command: ["+bin+", -tools, "+tools+"]}\n"+
		"  down: {url: \"http://127.0.0.1:1/mcp?token=${NIGHTLY_TOKEN}\", timeout: 5s}\n"), 0o644)
	// The committed contract had "days" required; the server no longer says so
	// and added nothing else: drift, but not breaking.
	data, _ := os.ReadFile(tools)
	os.MkdirAll("mcp-snapshots", 0o755)
	os.WriteFile("mcp-snapshots/weather.json", []byte(strings.Replace(string(data), `"description": "Get the weather forecast for a city for the next few days."`, `"description": "Get the forecast."`, 1)), 0o644)
	os.WriteFile("mcp-snapshots/down.json", data, 0o644)

	out, errOut, code := mcpContract(t, "check", "--keep-going", "--format", "json", "-o", "report.json")
	if code != 3 {
		t.Fatalf("check --keep-going: exit %d, want 3 (a server is down)\n%s%s", code, out, errOut)
	}
	report, _ := os.ReadFile("report.json")
	if strings.Contains(string(report)+errOut, "tok-nightly-7781") {
		t.Error("the token reached the report or stderr")
	}
	var doc struct {
		Servers []struct{ Name, Error string }
		Drift   struct {
			Compared []struct{ Server, Digest, AgainstDigest string }
			Skipped  []struct{ Server string }
		}
	}
	json.Unmarshal(report, &doc)
	if len(doc.Servers) != 2 || doc.Servers[1].Error == "" || len(doc.Drift.Compared) != 1 || doc.Drift.Compared[0].Server != "weather" ||
		doc.Drift.Compared[0].Digest == doc.Drift.Compared[0].AgainstDigest || len(doc.Drift.Skipped) != 1 {
		t.Fatalf("report: %+v", doc)
	}

	var mu sync.Mutex
	var created []map[string]any
	mux := http.NewServeMux()
	mux.HandleFunc("/repos/o/r/issues", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.Header.Get("Authorization") != "Bearer gh-token-1234" {
			t.Errorf("Authorization %q", r.Header.Get("Authorization"))
		}
		if r.Method == http.MethodGet {
			w.Write([]byte("[]"))
			return
		}
		var is map[string]any
		json.NewDecoder(r.Body).Decode(&is)
		created = append(created, is)
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(map[string]any{"number": len(created), "title": is["title"], "body": is["body"]})
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	t.Setenv("GITHUB_API_URL", srv.URL)
	t.Setenv("GITHUB_REPOSITORY", "o/r")
	t.Setenv("GITHUB_TOKEN", "gh-token-1234")

	out, errOut, code = mcpContract(t, "issues", "--from", "report.json")
	if code != 0 || !strings.Contains(out, "1 servers drifting, #1 #2 created") {
		t.Fatalf("issues: exit %d\n%s%s", code, out, errOut)
	}
	if len(created) != 2 || created[0]["labels"].([]any)[0] != "mcp-drift" || created[1]["labels"].([]any)[0] != "mcp-unreachable" {
		t.Fatalf("created %v", created)
	}
	all, _ := json.Marshal(created)
	if strings.Contains(string(all), "tok-nightly-7781") || strings.Contains(string(all), "gh-token-1234") {
		t.Error("a secret reached an issue")
	}
	if body := created[0]["body"].(string); !strings.Contains(body, "<!-- mcp-contract:drift:server=weather -->") || !strings.Contains(body, `"againstDigest"`) && !strings.Contains(body, `"digest": "sha256:`) {
		t.Errorf("drift issue body:\n%s", body)
	}
	if _, _, code := mcpContract(t, "issues", "--from", "report.json", "--fail-on-drift"); code != 1 {
		t.Errorf("--fail-on-drift with a drifting server: exit %d", code)
	}
}
