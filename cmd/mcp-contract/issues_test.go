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

// The Action on a schedule with drift-issue: the drifting server gets its
// issue, the step passes (drift alone does not fail a nightly job), and
// with fail-on-drift it fails.
func TestActionDriftIssue(t *testing.T) {
	repoRoot(t)
	root, _ := os.Getwd()
	fixture := fixtureServer(t, root)
	tools := filepath.Join(root, "cmd", "mcp-contract", "testdata", "weather.json")
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, ".mcp-contract.yaml"), []byte("version: 1\nservers:\n  weather: {command: ["+fixture+", -tools, "+tools+"]}\n"), 0o644)
	data, _ := os.ReadFile(tools)
	os.MkdirAll(filepath.Join(ws, "mcp-snapshots"), 0o755)
	os.WriteFile(filepath.Join(ws, "mcp-snapshots", "weather.json"), []byte(strings.Replace(string(data), `"required": ["city"]`, `"required": ["city", "days"]`, 1)), 0o644)

	var mu sync.Mutex
	var requests []string
	mux := http.NewServeMux()
	mux.HandleFunc("/api/v3/repos/o/r/issues", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		requests = append(requests, r.Method+" "+r.URL.Path)
		if r.Method == http.MethodGet {
			w.Write([]byte("[]"))
			return
		}
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(`{"number": 5}`))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	event := filepath.Join(t.TempDir(), "event.json")
	os.WriteFile(event, []byte(`{"schedule": "17 3 * * *"}`), 0o644)
	run := func(failOnDrift string) (int, string) {
		runner := t.TempDir()
		os.WriteFile(filepath.Join(runner, "output"), nil, 0o644)
		os.WriteFile(filepath.Join(runner, "summary"), nil, 0o644)
		cmd := actionCommand(t, ws, []string{"HOME=" + runner, "GITHUB_ACTIONS=true",
			"GITHUB_WORKSPACE=" + ws, "GITHUB_EVENT_NAME=schedule", "GITHUB_EVENT_PATH=" + event,
			"GITHUB_OUTPUT=" + filepath.Join(runner, "output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(runner, "summary"),
			"GITHUB_API_URL=" + srv.URL + "/api/v3", "GITHUB_SERVER_URL=https://github.com", "GITHUB_REPOSITORY=o/r",
			"GITHUB_RUN_ID=7", "GITHUB_WORKFLOW=nightly", "GITHUB_JOB=drift",
			"INPUT_COMMAND=check", "INPUT_FAIL-ON=error", "INPUT_GITHUB-TOKEN=ghs_nightly0123456789", "INPUT_COMMENT=auto",
			"INPUT_DRIFT-ISSUE=true", "INPUT_MAX-ISSUES=10", "INPUT_FAIL-ON-DRIFT=" + failOnDrift})
		out, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(out)
	}
	code, out := run("false")
	if code != 0 || !strings.Contains(out, "::notice::mcp-contract drift issues: 1 servers drifting, #5 created") || strings.Contains(out, "ghs_nightly0123456789") {
		t.Errorf("exit %d (drift alone must not fail the nightly job):\n%s", code, out)
	}
	if strings.Join(requests, ",") != "GET /api/v3/repos/o/r/issues,GET /api/v3/repos/o/r/issues,POST /api/v3/repos/o/r/issues" {
		t.Errorf("requests %v", requests)
	}
	if code, out := run("true"); code != 1 {
		t.Errorf("fail-on-drift: exit %d\n%s", code, out)
	}
	if code, out := run("maybe"); code != 2 || !strings.Contains(out, "fail-on-drift") {
		t.Errorf("a bad boolean: exit %d\n%s", code, out)
	}
}
