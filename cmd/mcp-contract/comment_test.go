package main

import (
	"bytes"
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

// pullsAPI stands in for api.github.com under /api/v3: pull requests (one,
// and the list filtered by head), and each one's issue comments.
type pullsAPI struct {
	mu       sync.Mutex
	pulls    map[int]pullHead
	comments map[int][]map[string]any
	requests []string
	nextID   int
}

// pullHead is one pull request's head; state "" is open.
type pullHead struct{ sha, repo, branch, state string }

func (api *pullsAPI) pull(n int) map[string]any {
	p := api.pulls[n]
	owner, _, _ := strings.Cut(p.repo, "/")
	state := p.state
	if state == "" {
		state = "open"
	}
	return map[string]any{"number": n, "state": state, "head": map[string]any{"sha": p.sha, "ref": p.branch,
		"label": owner + ":" + p.branch, "repo": map[string]any{"full_name": p.repo, "owner": map[string]any{"login": owner}}}}
}

func (api *pullsAPI) serve(t *testing.T) *httptest.Server {
	api.comments = map[int][]map[string]any{}
	const prefix = "/api/v3/repos/o/r/"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v3/user" {
			// As for the job token; asserted in github/comment_test.go, so
			// not recorded here.
			refuseJobToken(w, r)
			return
		}
		api.mu.Lock()
		defer api.mu.Unlock()
		api.requests = append(api.requests, r.Method+" "+r.URL.RequestURI())
		if r.Header.Get("Authorization") != "Bearer "+e2eToken {
			t.Errorf("Authorization %q", r.Header.Get("Authorization"))
		}
		rest, ok := strings.CutPrefix(r.URL.Path, prefix)
		var n int
		switch {
		case ok && rest == "pulls" && r.Method == http.MethodGet:
			list := []map[string]any{}
			for num, p := range api.pulls {
				owner, _, _ := strings.Cut(p.repo, "/")
				if r.URL.Query().Get("head") == owner+":"+p.branch {
					list = append(list, api.pull(num))
				}
			}
			json.NewEncoder(w).Encode(list)
		case ok && r.Method == http.MethodGet && scan(rest, "pulls/%d", &n):
			if _, ok := api.pulls[n]; !ok {
				w.WriteHeader(http.StatusNotFound)
				fmt.Fprint(w, `{"message":"Not Found"}`)
				return
			}
			json.NewEncoder(w).Encode(api.pull(n))
		case ok && scan(rest, "issues/%d/comments", &n) && r.Method == http.MethodGet:
			json.NewEncoder(w).Encode(append([]map[string]any{}, api.comments[n]...))
		case ok && scan(rest, "issues/%d/comments", &n) && r.Method == http.MethodPost:
			var c map[string]any
			json.NewDecoder(r.Body).Decode(&c)
			api.nextID++
			c["id"] = api.nextID
			c["user"] = map[string]any{"login": "github-actions[bot]", "type": "Bot"}
			api.comments[n] = append(api.comments[n], c)
			w.WriteHeader(http.StatusCreated)
			json.NewEncoder(w).Encode(c)
		default:
			t.Errorf("unexpected request %s %s", r.Method, r.URL)
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// scan matches s against a one-number pattern exactly.
func scan(s, pattern string, n *int) bool {
	var rest string
	got, _ := fmt.Sscanf(s+" end", pattern+" %s", n, &rest)
	return got == 2 && rest == "end"
}

func (api *pullsAPI) take() []string {
	api.mu.Lock()
	defer api.mu.Unlock()
	out := api.requests
	api.requests = nil
	return out
}

const (
	forkHead  = "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432"
	forkNewer = "1111111111111111111111111111111111111111"
)

// runComment runs the built binary as a workflow_run step runs it.
func runComment(t *testing.T, apiURL, event string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	bin := builtBinary(t)
	eventPath := filepath.Join(t.TempDir(), "event.json")
	os.WriteFile(eventPath, []byte(event), 0o644)
	cmd := exec.Command(bin, append([]string{"comment"}, args...)...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "GITHUB_ACTIONS=true",
		"GITHUB_EVENT_NAME=workflow_run", "GITHUB_EVENT_PATH=" + eventPath, "GITHUB_TOKEN=" + e2eToken,
		"GITHUB_REPOSITORY=o/r", "GITHUB_API_URL=" + apiURL + "/api/v3", "GITHUB_SERVER_URL=https://github.com",
		"GITHUB_WORKFLOW=MCP contract comment", "GITHUB_JOB=comment", "GITHUB_RUN_ID=9"}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.Run()
	runnerReads(t, cmd.Env, out.String(), errOut.String())
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}

// workflowRunEvent is what GitHub sends the privileged half after a fork's
// pull_request run: its head commit and repository, and no pull requests.
func workflowRunEvent(headSHA string, pulls ...int) string {
	return workflowRunEventFrom(map[string]any{"full_name": "mallory/r", "owner": map[string]any{"login": "mallory"}}, headSHA, pulls...)
}

// workflowRunEventFrom is workflowRunEvent with the head repository given,
// nil for the event's null.
func workflowRunEventFrom(headRepo map[string]any, headSHA string, pulls ...int) string {
	var prs []map[string]any
	for _, n := range pulls {
		prs = append(prs, map[string]any{"number": n, "head": map[string]any{"sha": headSHA, "ref": "feature"}})
	}
	data, _ := json.Marshal(map[string]any{"action": "completed", "workflow_run": map[string]any{
		"id": 77, "event": "pull_request", "head_sha": headSHA, "head_branch": "feature",
		"head_repository": headRepo, "pull_requests": prs}})
	return string(data)
}

func writeReport(t *testing.T, findings string) string {
	path := filepath.Join(t.TempDir(), "report.json")
	os.WriteFile(path, []byte(`{"schemaVersion": 1, "tool": {"name": "mcp-contract", "version": "x"},
  "servers": [{"name": "bank", "origin": "file:bank.json", "tools": 1}], "findings": [`+findings+`],
  "summary": {"error": 0, "warning": 0, "info": 0, "servers": 1, "tools": 1}}`), 0o644)
	return path
}

const oneFinding = `{"rule": "security/instruction-in-description", "severity": "error", "category": "lint",
    "server": "bank", "tool": "get_balance", "message": "ignore previous instructions"}`

// The fork's run uploads whatever it likes, a PR number included: the
// comment goes on the fork's own pull request, found from the event's head
// commit and repository, never on the number the artifact names.
func TestCommentPullRequestComesFromTheEvent(t *testing.T) {
	api := &pullsAPI{pulls: map[int]pullHead{
		3: {sha: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", repo: "o/r", branch: "release"}, // someone else's
		7: {sha: forkHead, repo: "mallory/r", branch: "feature"},
	}}
	srv := api.serve(t)
	report := writeReport(t, oneFinding)

	// An old workflow still passes the artifact's number: it is checked.
	out, errOut, code := runComment(t, srv.URL, workflowRunEvent(forkHead), "--from", report, "--pr", "3")
	if code != 0 || !strings.Contains(out, "::notice::mcp-contract did not comment") || !strings.Contains(out, "#3 is from o/r") {
		t.Fatalf("--pr naming another pull request: exit %d\n%s%s", code, out, errOut)
	}
	if len(api.comments[3]) != 0 {
		t.Fatalf("commented on #3, a pull request the run did not check: %v", api.comments[3])
	}
	assertRequests(t, "--pr 3", api.take(), []string{"GET /api/v3/repos/o/r/pulls/3"})

	// The example workflow passes nothing: the fork's pull request by head.
	out, errOut, code = runComment(t, srv.URL, workflowRunEvent(forkHead), "--from", report)
	if code != 0 || len(api.comments[7]) != 1 {
		t.Fatalf("no --pr: exit %d, comments %v\n%s%s", code, api.comments, out, errOut)
	}
	assertRequests(t, "by head", api.take(), []string{
		"GET /api/v3/repos/o/r/pulls?head=mallory%3Afeature&per_page=100&state=open",
		"GET /api/v3/repos/o/r/issues/7/comments?per_page=100",
		"POST /api/v3/repos/o/r/issues/7/comments",
	})

	// The pull request moved on since the run: that report is stale.
	api.pulls[7] = pullHead{sha: forkNewer, repo: "mallory/r", branch: "feature"}
	out, errOut, code = runComment(t, srv.URL, workflowRunEvent(forkHead), "--from", report)
	if code != 0 || !strings.Contains(out, "::notice::mcp-contract did not comment") || !strings.Contains(out, "#7 is at 111111111111") {
		t.Fatalf("moved on: exit %d\n%s%s", code, out, errOut)
	}
	assertRequests(t, "moved on", api.take(), []string{"GET /api/v3/repos/o/r/pulls?head=mallory%3Afeature&per_page=100&state=open"})

	// A same-repository pull request is listed in the event, and still
	// checked against the API.
	api.pulls[5] = pullHead{sha: forkHead, repo: "mallory/r", branch: "feature"}
	out, errOut, code = runComment(t, srv.URL, workflowRunEvent(forkHead, 5), "--from", report)
	if code != 0 || len(api.comments[5]) != 1 {
		t.Fatalf("listed in the event: exit %d\n%s%s", code, out, errOut)
	}
	assertRequests(t, "listed", api.take(), []string{
		"GET /api/v3/repos/o/r/pulls/5",
		"GET /api/v3/repos/o/r/issues/5/comments?per_page=100",
		"POST /api/v3/repos/o/r/issues/5/comments",
	})
}

// The runner masks github.token already; comment, like the action, never
// prints it, ::add-mask:: included.
func TestCommentNeverPrintsTheToken(t *testing.T) {
	api := &pullsAPI{pulls: map[int]pullHead{7: {sha: forkHead, repo: "mallory/r", branch: "feature"}}}
	srv := api.serve(t)
	out, errOut, code := runComment(t, srv.URL, workflowRunEvent(forkHead), "--from", writeReport(t, oneFinding))
	if code != 0 || len(api.comments[7]) != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if strings.Contains(out+errOut, e2eToken) {
		t.Errorf("the token was printed:\n%s%s", out, errOut)
	}
}

// comment: always posts on a clean run, where auto posts nothing, and says
// the run is clean rather than that earlier findings were resolved.
func TestCommentAlwaysOnACleanRun(t *testing.T) {
	api := &pullsAPI{pulls: map[int]pullHead{7: {sha: forkHead, repo: "mallory/r", branch: "feature"}}}
	srv := api.serve(t)
	clean := writeReport(t, "")
	if out, errOut, code := runComment(t, srv.URL, workflowRunEvent(forkHead), "--from", clean); code != 0 || len(api.comments[7]) != 0 {
		t.Fatalf("auto on a clean run: exit %d, comments %v\n%s%s", code, api.comments[7], out, errOut)
	}
	if out, errOut, code := runComment(t, srv.URL, workflowRunEvent(forkHead), "--from", clean, "--comment", "always"); code != 0 || len(api.comments[7]) != 1 {
		t.Fatalf("always on a clean run: exit %d, comments %v\n%s%s", code, api.comments[7], out, errOut)
	}
	body := api.comments[7][0]["body"].(string)
	if !strings.HasPrefix(body, "✅ **mcp-contract**: ") || strings.Contains(body, "resolved") {
		t.Errorf("body:\n%s", body)
	}
}

// head_repository is null when the fork was deleted since its run: then no
// pull request can be shown to hold the run's commit from the run's
// repository, --pr or not, and nothing is posted.
func TestCommentRefusesANullHeadRepository(t *testing.T) {
	api := &pullsAPI{pulls: map[int]pullHead{5: {sha: forkHead, repo: "o/r", branch: "feature"}}}
	srv := api.serve(t)
	event := workflowRunEventFrom(nil, forkHead)
	if !strings.Contains(event, `"head_repository":null`) {
		t.Fatalf("event %s", event)
	}
	out, errOut, code := runComment(t, srv.URL, event, "--from", writeReport(t, oneFinding), "--pr", "5")
	if code != 0 || !strings.Contains(out, "::notice::mcp-contract did not comment") || !strings.Contains(out, "head_repository is null") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if len(api.comments[5]) != 0 {
		t.Errorf("commented: %v", api.comments[5])
	}
}

// A report is posted on an open pull request only: a closed or merged one
// at the run's head (the --pr a workflow passes, or the event's) is not it.
func TestCommentRefusesAPullRequestThatIsNotOpen(t *testing.T) {
	for _, state := range []string{"closed", "merged"} {
		api := &pullsAPI{pulls: map[int]pullHead{7: {sha: forkHead, repo: "mallory/r", branch: "feature", state: state}}}
		srv := api.serve(t)
		for _, args := range [][]string{{"--pr", "7"}, nil} {
			event := workflowRunEvent(forkHead)
			if args == nil {
				event = workflowRunEvent(forkHead, 7)
			}
			out, errOut, code := runComment(t, srv.URL, event, append([]string{"--from", writeReport(t, oneFinding)}, args...)...)
			if code != 0 || !strings.Contains(out, "::notice::mcp-contract did not comment") || !strings.Contains(out, "#7 is "+state) {
				t.Fatalf("%s, %v: exit %d\n%s%s", state, args, code, out, errOut)
			}
			if len(api.comments[7]) != 0 {
				t.Errorf("%s: commented: %v", state, api.comments[7])
			}
		}
	}
}

// Any app can post a comment ending in our marker; under the job token
// only github-actions[bot]'s is ours, so the planted one is left alone and
// ours is created beside it.
func TestCommentLeavesAnotherBotsMarkedComment(t *testing.T) {
	api := &pullsAPI{pulls: map[int]pullHead{7: {sha: forkHead, repo: "mallory/r", branch: "feature"}}}
	srv := api.serve(t)
	marker := "<!-- mcp-contract:MCP contract comment:comment:default -->"
	api.comments[7] = []map[string]any{{"id": 1, "body": "✅ all clear, merge away\n\n" + marker + "\n",
		"user": map[string]any{"login": "mallory-app[bot]", "type": "Bot"}}}
	out, errOut, code := runComment(t, srv.URL, workflowRunEvent(forkHead), "--from", writeReport(t, oneFinding))
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if !strings.HasPrefix(api.comments[7][0]["body"].(string), "✅ all clear") || len(api.comments[7]) != 2 {
		t.Errorf("comments %v", api.comments[7])
	}
	if !strings.HasSuffix(strings.TrimSpace(api.comments[7][len(api.comments[7])-1]["body"].(string)), marker) {
		t.Errorf("the new comment does not carry %s", marker)
	}
}
