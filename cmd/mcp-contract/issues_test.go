//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
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

// issuesAPI stands in for the issue endpoints under /api/v3: the open
// issues by label, create, edit and comment, every request recorded.
type issuesAPI struct {
	mu       sync.Mutex
	issues   []map[string]any
	requests []string
}

func (api *issuesAPI) serve(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api.mu.Lock()
		defer api.mu.Unlock()
		api.requests = append(api.requests, r.Method+" "+r.URL.Path)
		var n int
		switch {
		case r.URL.Path == "/api/v3/repos/o/r/issues" && r.Method == http.MethodGet:
			list := []map[string]any{}
			for _, is := range api.issues {
				if is["state"] == "open" && strings.Contains(fmt.Sprint(is["labels"]), r.URL.Query().Get("labels")) {
					list = append(list, is)
				}
			}
			json.NewEncoder(w).Encode(list)
		case r.URL.Path == "/api/v3/repos/o/r/issues" && r.Method == http.MethodPost:
			var is map[string]any
			json.NewDecoder(r.Body).Decode(&is)
			labels := []any{}
			for _, l := range is["labels"].([]any) {
				labels = append(labels, map[string]any{"name": l})
			}
			is["labels"], is["state"], is["number"] = labels, "open", len(api.issues)+1
			api.issues = append(api.issues, is)
			w.WriteHeader(http.StatusCreated)
			json.NewEncoder(w).Encode(is)
		case scan(strings.TrimPrefix(r.URL.Path, "/api/v3/repos/o/r/"), "issues/%d/comments", &n) && r.Method == http.MethodPost:
			w.WriteHeader(http.StatusCreated)
			w.Write([]byte(`{"id": 1}`))
		case scan(strings.TrimPrefix(r.URL.Path, "/api/v3/repos/o/r/"), "issues/%d", &n) && r.Method == http.MethodPatch && n <= len(api.issues):
			var patch map[string]any
			json.NewDecoder(r.Body).Decode(&patch)
			for k, v := range patch {
				if k != "labels" {
					api.issues[n-1][k] = v
				}
			}
			json.NewEncoder(w).Encode(api.issues[n-1])
		default:
			t.Errorf("unexpected request %s %s", r.Method, r.URL)
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (api *issuesAPI) take() []string {
	api.mu.Lock()
	defer api.mu.Unlock()
	out := api.requests
	api.requests = nil
	return out
}

func runIssues(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(builtBinary(t), append([]string{"issues"}, args...)...)
	cmd.Dir = t.TempDir()
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + cmd.Dir}, env...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.Run()
	runnerReads(t, cmd.Env, out.String(), errOut.String())
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}

// A crafted report (the nightly job reads what an earlier step wrote): a
// server name meant for the title, stderr meant for the body, a tool named
// like another server's marker. The issues carry all of it as inert text,
// and the marker names the right issue the next night.
func TestIssuesFromAHostileReport(t *testing.T) {
	api := &issuesAPI{}
	srv := api.serve(t)
	crafted := "x <img src=x> @org/team"
	hostile := "@org/team <img src=x onerror=alert(1)> </details> ``` GH-1 https://github.com/o/r/issues/1 deadbeefcafe1234"
	report := func(yDrifts bool) string {
		findings := []map[string]any{{"rule": "drift/tool-added", "severity": "warning", "category": "drift", "server": crafted,
			"tool": "<!-- mcp-contract:drift:server=y -->", "message": "tool added " + hostile, "change": "review"}}
		if yDrifts {
			findings = append(findings, map[string]any{"rule": "drift/input-property-became-required", "severity": "error", "category": "drift",
				"server": "y", "tool": "t", "message": "required property added", "change": "breaking"})
		}
		data, _ := json.Marshal(map[string]any{"schemaVersion": 1, "tool": map[string]any{"name": "mcp-contract", "version": "x"},
			"servers": []map[string]any{{"name": crafted, "origin": "x", "tools": 1}, {"name": "y", "origin": "y", "tools": 1},
				{"name": "down", "origin": "http:https://down.example/mcp", "tools": 0, "error": "server stderr: " + hostile}},
			"drift":    map[string]any{"compared": []map[string]any{{"server": crafted, "how": "live"}, {"server": "y", "how": "live"}}},
			"findings": findings, "summary": map[string]any{"error": 0, "warning": 1, "info": 0, "servers": 3, "tools": 2}})
		path := filepath.Join(t.TempDir(), "report.json")
		os.WriteFile(path, data, 0o644)
		return path
	}
	env := []string{"GITHUB_API_URL=" + srv.URL + "/api/v3", "GITHUB_REPOSITORY=o/r", "GITHUB_TOKEN=" + e2eToken}
	if out, errOut, code := runIssues(t, env, "--from", report(true)); code != 0 || len(api.issues) != 3 {
		t.Fatalf("night one: exit %d, %d issues\n%s%s", code, len(api.issues), out, errOut)
	}
	for _, is := range api.issues {
		title, body := is["title"].(string), is["body"].(string)
		prose, _, _ := strings.Cut(body, "```json")
		_, prose, _ = strings.Cut(prose, "\n") // the marker line
		// Code spans show text verbatim and render nothing in it.
		for _, span := range []string{"`mcp-contract snapshot --server " + crafted + "`", "`<!-- mcp-contract:drift:server=y -->`"} {
			prose = strings.ReplaceAll(prose, span, "")
		}
		for _, raw := range []string{"<img", "@org/team", "</details>", "```", "GH-1", "https://github.com/o/r/issues/1", "deadbeefcafe1234"} {
			if strings.Contains(prose, raw) {
				t.Errorf("%q raw in the body of %q:\n%s", raw, title, prose)
			}
		}
		if strings.Contains(title, "<img") && !strings.Contains(title, "`x <img src=x> @org/team`") {
			t.Errorf("title %q", title)
		}
	}
	// Night two: y is back to its snapshot, the crafted server still drifts.
	api.take()
	if out, errOut, code := runIssues(t, env, "--from", report(false)); code != 0 || !strings.Contains(out, "#1 #3 edited, #2 closed") {
		t.Fatalf("night two: exit %d\n%s%s", code, out, errOut)
	}
	if api.issues[0]["state"] != "open" || api.issues[1]["state"] != "closed" {
		t.Errorf("the crafted server's issue %v, y's %v", api.issues[0]["state"], api.issues[1]["state"])
	}
}

// --dry-run writes nothing: without a token it reads nothing either and
// prints every issue it would open or close; with one it reads the open
// issues and says which it would edit.
func TestIssuesDryRun(t *testing.T) {
	api := &issuesAPI{}
	srv := api.serve(t)
	data, _ := json.Marshal(map[string]any{"schemaVersion": 1, "tool": map[string]any{"name": "mcp-contract", "version": "x"},
		"servers": []map[string]any{{"name": "weather", "origin": "x", "tools": 1}, {"name": "calm", "origin": "y", "tools": 1},
			{"name": "down", "origin": "z", "error": "connection refused"}},
		"drift": map[string]any{"compared": []map[string]any{{"server": "weather", "how": "live"}, {"server": "calm", "how": "live"}}},
		"findings": []map[string]any{{"rule": "drift/input-property-became-required", "severity": "error", "category": "drift",
			"server": "weather", "tool": "forecast", "message": "required property days added", "change": "breaking"}},
		"summary": map[string]any{"error": 1, "warning": 0, "info": 0, "servers": 3, "tools": 2}})
	report := filepath.Join(t.TempDir(), "report.json")
	os.WriteFile(report, data, 0o644)

	out, errOut, code := runIssues(t, []string{"GITHUB_API_URL=" + srv.URL + "/api/v3"}, "--from", report, "--dry-run")
	if code != 0 || len(api.take()) != 0 {
		t.Fatalf("no token: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"--- would open an issue labelled mcp-drift for weather, or edit the one open (open issues not read: no token)\ntitle: MCP server `weather` drifted from its snapshot\n\n<!-- mcp-contract:drift:server=weather -->\n**weather** no longer matches",
		"--- would open an issue labelled mcp-unreachable for down, or edit the one open (open issues not read: no token)\ntitle: MCP server `down` could not be reached\n\n<!-- mcp-contract:unreachable:server=down -->\n",
		"--- would close the mcp-drift issue of calm, if one is open (open issues not read: no token), commenting:\n\n**calm** matches its snapshot again",
		"--- would close the mcp-unreachable issue of weather, if one is open",
		"--- drift issues, dry run: 1 servers drifting; would open 2, edit 0, close 3; nothing was written\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no token: missing %q in:\n%s", want, out)
		}
	}

	// With a token: weather's issue is open, so it would be edited.
	api.issues = []map[string]any{{"number": 4, "state": "open", "title": "old", "body": "<!-- mcp-contract:drift:server=weather -->\nold",
		"labels": []any{map[string]any{"name": "mcp-drift"}}}}
	env := []string{"GITHUB_API_URL=" + srv.URL + "/api/v3", "GITHUB_REPOSITORY=o/r", "GITHUB_TOKEN=" + e2eToken}
	out, errOut, code = runIssues(t, env, "--from", report, "--dry-run", "--fail-on-drift")
	if code != 1 || strings.Join(api.take(), ",") != "GET /api/v3/repos/o/r/issues,GET /api/v3/repos/o/r/issues" {
		t.Fatalf("with a token: exit %d (want 1, --fail-on-drift)\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"--- would edit issue #4 of weather\ntitle: MCP server `weather` drifted from its snapshot\n\n<!-- mcp-contract:drift:server=weather -->\n",
		"--- would open an issue labelled mcp-unreachable for down\ntitle:",
		"--- drift issues, dry run: 1 servers drifting; would open 1, edit 1, close 0; nothing was written\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("with a token: missing %q in:\n%s", want, out)
		}
	}
	if api.issues[0]["body"] != "<!-- mcp-contract:drift:server=weather -->\nold" || strings.Contains(out+errOut, e2eToken) {
		t.Error("the dry run wrote, or printed the token")
	}
}
