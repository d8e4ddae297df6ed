package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"
)

// restAPI stands in for api.github.com under /api/v3 (as on Enterprise
// Server): the issue-comment endpoints, two comments per page, every
// request recorded.
type restAPI struct {
	mu        sync.Mutex
	comments  []map[string]any
	requests  []string
	bodies    []string
	forbidden bool
	nextID    int
	tokens    []string
	// files are the repository's files at one commit, for the contents API.
	files map[string]string
	ref   string
}

const e2eToken = "ghs_e2eTokenValue0123456789"

func (api *restAPI) serve(t *testing.T) *httptest.Server {
	mux := http.NewServeMux()
	// GET /user refuses the job token, as GitHub does; the sticky comment
	// then belongs to github-actions[bot]. The call is left out of the
	// recorded requests (github/comment_test.go asserts it).
	mux.HandleFunc("/api/v3/user", refuseJobToken)
	mux.HandleFunc("/api/v3/repos/Codertocat/Hello-World/issues/2/comments", func(w http.ResponseWriter, r *http.Request) {
		api.record(r)
		switch r.Method {
		case http.MethodGet:
			page := 1
			fmt.Sscan(r.URL.Query().Get("page"), &page)
			lo, hi := min((page-1)*2, len(api.comments)), min(page*2, len(api.comments))
			if hi < len(api.comments) {
				w.Header().Set("Link", fmt.Sprintf(`<http://%s%s?page=%d&per_page=100>; rel="next"`, r.Host, r.URL.Path, page+1))
			}
			json.NewEncoder(w).Encode(api.comments[lo:hi])
		case http.MethodPost:
			if api.forbidden {
				w.WriteHeader(http.StatusForbidden)
				fmt.Fprint(w, `{"message":"Resource not accessible by integration","documentation_url":"https://docs.github.com/rest/issues/comments#create-an-issue-comment"}`)
				return
			}
			var c map[string]any
			json.NewDecoder(r.Body).Decode(&c)
			api.bodies = append(api.bodies, c["body"].(string))
			api.nextID++
			c["id"] = api.nextID
			c["user"] = map[string]any{"login": "github-actions[bot]", "type": "Bot"}
			api.comments = append(api.comments, c)
			w.WriteHeader(http.StatusCreated)
			json.NewEncoder(w).Encode(c)
		default:
			w.WriteHeader(http.StatusMethodNotAllowed)
		}
	})
	mux.HandleFunc("/api/v3/repos/Codertocat/Hello-World/issues/comments/", func(w http.ResponseWriter, r *http.Request) {
		api.record(r)
		if r.Method != http.MethodPatch {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		var patch map[string]any
		json.NewDecoder(r.Body).Decode(&patch)
		id := strings.TrimPrefix(r.URL.Path, "/api/v3/repos/Codertocat/Hello-World/issues/comments/")
		for _, c := range api.comments {
			if fmt.Sprint(c["id"]) == id {
				c["body"] = patch["body"]
				api.bodies = append(api.bodies, patch["body"].(string))
				json.NewEncoder(w).Encode(c)
				return
			}
		}
		w.WriteHeader(http.StatusNotFound)
	})
	mux.HandleFunc("/api/v3/repos/Codertocat/Hello-World/contents/", func(w http.ResponseWriter, r *http.Request) {
		api.record(r)
		p := strings.TrimPrefix(r.URL.Path, "/api/v3/repos/Codertocat/Hello-World/contents/")
		if r.URL.Query().Get("ref") != api.ref {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"message":"No commit found for the ref"}`)
			return
		}
		if data, ok := api.files[p]; ok {
			json.NewEncoder(w).Encode(map[string]any{"type": "file", "encoding": "base64", "name": path.Base(p), "path": p,
				"size": len(data), "content": base64.StdEncoding.EncodeToString([]byte(data))})
			return
		}
		var entries []map[string]any
		for f := range api.files {
			if path.Dir(f) == p {
				entries = append(entries, map[string]any{"type": "file", "name": path.Base(f), "path": f})
			}
		}
		if entries == nil {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"message":"Not Found"}`)
			return
		}
		json.NewEncoder(w).Encode(entries)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		api.record(r)
		t.Errorf("unexpected request %s %s", r.Method, r.URL)
		w.WriteHeader(http.StatusNotFound)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// refuseJobToken answers GET /user as GitHub answers it for GITHUB_TOKEN.
func refuseJobToken(w http.ResponseWriter, _ *http.Request) {
	w.WriteHeader(http.StatusForbidden)
	fmt.Fprint(w, `{"message":"Resource not accessible by integration","documentation_url":"https://docs.github.com/rest/users/users#get-the-authenticated-user","status":"403"}`)
}

func (api *restAPI) record(r *http.Request) {
	api.mu.Lock()
	defer api.mu.Unlock()
	q := ""
	if r.URL.RawQuery != "" {
		q = "?" + r.URL.RawQuery
	}
	api.requests = append(api.requests, r.Method+" "+r.URL.Path+q)
	api.tokens = append(api.tokens, r.Header.Get("Authorization"))
}

func (api *restAPI) take() []string {
	api.mu.Lock()
	defer api.mu.Unlock()
	out := api.requests
	api.requests = nil
	return out
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

const bankSnapshot = `{
  "tools": [
    {
      "name": "get_balance",
      "description": %q,
      "inputSchema": {
        "type": "object",
        "properties": {
          "account": {"type": "string", "description": "Account id."}%s
        },
        "required": ["account"%s],
        "additionalProperties": false
      }
    }
  ]
}
`

// hostileDescription tries every way to issue a workflow command.
const hostileDescription = "Read the balance.\n::error::pwned\r::add-mask::x %0A::warning::injected"

type actionRun struct {
	stdout, stderr, summary, outputs string
	code                             int
}

// A pull request changes the committed contract: the action, run as the
// runner runs a container action, annotates the change on its line, writes
// outputs, summary and SARIF, and keeps exactly one PR comment.
func TestActionEndToEnd(t *testing.T) {
	api := &restAPI{comments: []map[string]any{
		{"id": 900, "body": "first!", "user": map[string]any{"login": "alice", "type": "User"}},
		{"id": 901, "body": "<!-- mcp-contract:ci:contract:default --> pasted by a person", "user": map[string]any{"login": "mallory", "type": "User"}},
		{"id": 902, "body": "lgtm", "user": map[string]any{"login": "bob", "type": "User"}},
	}, nextID: 1000}
	srv := api.serve(t)

	pr := newPRRepo(t)
	repo, runner, headSHA := pr.repo, pr.runner, pr.headSHA
	write := pr.write
	event := pr.event
	sameRepo, fork := event("Codertocat/Hello-World"), event("Forker/Hello-World")

	run := func(eventPath string) actionRun {
		t.Helper()
		return runAction(t, repo, runner, eventPath, srv.URL, headSHA)
	}

	// First run: one comment created, after reading every page.
	first := run(sameRepo)
	if first.code != 1 {
		t.Fatalf("exit %d, want 1 (a breaking change)\nstdout:\n%s\nstderr:\n%s", first.code, first.stdout, first.stderr)
	}
	listing := []string{
		"GET /api/v3/repos/Codertocat/Hello-World/issues/2/comments?per_page=100",
		"GET /api/v3/repos/Codertocat/Hello-World/issues/2/comments?page=2&per_page=100",
	}
	assertRequests(t, "first run", api.take(), append(listing, "POST /api/v3/repos/Codertocat/Hello-World/issues/2/comments"))
	if !strings.Contains(first.stdout, "::error file=mcp-snapshots/bank.json,line=") || !strings.Contains(first.stdout, "title=drift/") {
		t.Errorf("no drift annotation on the snapshot's line:\n%s", first.stdout)
	}
	for _, want := range []string{"errors=", "breaking=", "report=mcp-contract-report.json", "sarif=results.sarif"} {
		key, _, _ := strings.Cut(want, "=")
		if !strings.Contains(first.outputs, key+"<<") {
			t.Errorf("output %s not written:\n%s", key, first.outputs)
		}
	}
	if !strings.Contains(first.outputs, "breaking<<ghadelimiter") && !strings.Contains(first.outputs, "breaking<<_GitHubActionsFileCommandDelimeter_\n1\n") {
		t.Errorf("breaking output:\n%s", first.outputs)
	}
	if !strings.HasPrefix(first.summary, "❌ **mcp-contract**") || !strings.Contains(first.summary, "| bank |") {
		t.Errorf("summary:\n%s", first.summary)
	}
	if len(api.bodies) != 1 || !strings.Contains(api.bodies[0], "<!-- mcp-contract:ci:contract:default -->") || !strings.Contains(api.bodies[0], "drift/") {
		t.Errorf("comment bodies %q", api.bodies)
	}
	for _, auth := range api.tokens {
		if auth != "Bearer "+e2eToken {
			t.Errorf("Authorization %q", auth)
		}
	}

	// Second run: the same comment edited, none created.
	second := run(sameRepo)
	if second.code != 1 {
		t.Errorf("second run exit %d", second.code)
	}
	// Our comment is the fourth: page 2 holds it.
	assertRequests(t, "second run", api.take(), append(listing, "PATCH /api/v3/repos/Codertocat/Hello-World/issues/comments/1001"))

	// A pull request from a fork: nothing written, a notice says why.
	forked := run(fork)
	assertRequests(t, "fork", api.take(), nil)
	if forked.code != 1 || !strings.Contains(forked.stdout, "::notice::mcp-contract did not comment: a pull request from a fork") {
		t.Errorf("fork: exit %d\n%s", forked.code, forked.stdout)
	}

	// 403: a notice, the exit code unchanged.
	saved := api.comments
	api.comments, api.forbidden = saved[:3], true
	denied := run(sameRepo)
	assertRequests(t, "403", api.take(), append(listing, "POST /api/v3/repos/Codertocat/Hello-World/issues/2/comments"))
	if denied.code != 1 || !strings.Contains(denied.stdout, "::notice::mcp-contract did not comment (creating the pull request comment: 403 Resource not accessible by integration)") {
		t.Errorf("403: exit %d\n%s", denied.code, denied.stdout)
	}
	api.comments, api.forbidden = saved, false

	// The PR is fixed: the comment is edited to say so.
	write("Read the balance of an account.", "", "")
	git(t, repo, "commit", "-q", "-am", "revert")
	clean := run(sameRepo)
	if clean.code != 0 {
		t.Errorf("clean run exit %d\n%s%s", clean.code, clean.stdout, clean.stderr)
	}
	assertRequests(t, "clean run", api.take(), append(listing, "PATCH /api/v3/repos/Codertocat/Hello-World/issues/comments/1001"))
	if last := api.bodies[len(api.bodies)-1]; !strings.HasPrefix(last, "✅ **mcp-contract**: resolved: this pull request no longer breaks a tool") {
		t.Errorf("resolved comment:\n%s", last)
	}
	if len(api.comments) != 4 {
		t.Errorf("%d comments, want the 3 of people and one of ours", len(api.comments))
	}

	// A run that cannot happen says why in the summary, exits 2, posts nothing.
	broken := runAction(t, repo, runner, sameRepo, srv.URL, headSHA, "INPUT_CONFIG=missing.yaml")
	assertRequests(t, "broken config", api.take(), nil)
	if broken.code != 2 || !strings.HasPrefix(broken.summary, "❌ **mcp-contract** could not run (exit 2): `missing.yaml") ||
		!strings.Contains(broken.stderr, "missing.yaml") {
		t.Errorf("broken config: exit %d\nsummary: %s\nstderr: %s", broken.code, broken.summary, broken.stderr)
	}
}

func assertRequests(t *testing.T, when string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s: requests\n%s\nwant\n%s", when, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// runAction runs the built binary as the runner runs a container action:
// INPUT_* with hyphens kept, GITHUB_* pointing at the workspace, the event
// payload, the command files and the API. It checks what every run must
// hold: the token in no output, the config's secret masked first, and
// every stdout line one of our workflow commands.
func runAction(t *testing.T, repo, runner, eventPath, apiURL, headSHA string, extraEnv ...string) actionRun {
	t.Helper()
	output := filepath.Join(runner, "output")
	summary := filepath.Join(runner, "summary")
	// The runner creates both files empty for each step.
	os.WriteFile(output, nil, 0o644)
	os.WriteFile(summary, nil, 0o644)
	env := []string{
		"HOME=" + runner,
		"GITHUB_ACTIONS=true", "CI=true",
		"GITHUB_WORKSPACE=" + repo,
		"GITHUB_EVENT_NAME=pull_request", "GITHUB_EVENT_PATH=" + eventPath,
		"GITHUB_OUTPUT=" + output, "GITHUB_STEP_SUMMARY=" + summary,
		"GITHUB_API_URL=" + apiURL + "/api/v3", "GITHUB_SERVER_URL=https://github.com",
		"GITHUB_REPOSITORY=Codertocat/Hello-World", "GITHUB_WORKFLOW=ci", "GITHUB_JOB=contract",
		"GITHUB_RUN_ID=42", "GITHUB_SHA=" + headSHA, "GITHUB_REF=refs/pull/2/merge",
		"INPUT_COMMAND=check", "INPUT_EXTRA-ARGS=--server bank", "INPUT_CONFIG=", "INPUT_PROFILES=",
		"INPUT_FAIL-ON=error", "INPUT_AGAINST=", "INPUT_GITHUB-TOKEN=" + e2eToken,
		"INPUT_COMMENT=auto", "INPUT_COMMENT-ID=default", "INPUT_SARIF=results.sarif",
		"INPUT_DRIFT-ISSUE=false", "INPUT_WORKING-DIRECTORY=",
		"STAGING_TOKEN=stg-e2e-secret-42",
	}
	cmd := actionCommand(t, repo, append(env, extraEnv...)) // a later entry wins
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	out, _ := os.ReadFile(output)
	sum, _ := os.ReadFile(summary)
	r := actionRun{stdout: stdout.String(), stderr: stderr.String(), summary: string(sum), outputs: string(out), code: code}
	runnerReads(t, env, r.stdout, r.stderr)
	for name, text := range map[string]string{"stdout": r.stdout, "stderr": r.stderr, "summary": r.summary, "outputs": r.outputs} {
		if strings.Contains(text, e2eToken) {
			t.Errorf("the token appears in %s", name)
		}
	}
	for _, f := range []string{"mcp-contract-report.json", "results.sarif"} {
		if data, err := os.ReadFile(filepath.Join(repo, f)); err == nil && strings.Contains(string(data), e2eToken) {
			t.Errorf("the token appears in %s", f)
		}
	}
	// The config's secrets are announced before anything else is printed.
	if r.stdout == "" && strings.Contains(r.summary, "could not run") {
		return r // the config was never read: nothing to announce
	}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	announced := 0
	for announced < len(lines) && strings.HasPrefix(lines[announced], "::add-mask::") {
		announced++
	}
	if !slices.Contains(lines[:announced], "::add-mask::stg-e2e-secret-42") {
		t.Errorf("stdout does not start by masking the config secret:\n%s", r.stdout)
	}
	// The runner acts on a command at the start of a line (once leading
	// white space is trimmed): each line is one of ours, and its message
	// never decodes to a second line; inside the folded text report no
	// line is a command at all.
	folded := false
	for _, line := range lines[announced:] {
		switch {
		case line == "::group::mcp-contract report" && !folded:
			folded = true
			continue
		case line == "::endgroup::" && folded:
			folded = false
			continue
		case folded:
			if strings.HasPrefix(strings.TrimLeftFunc(line, unicode.IsSpace), "::") {
				t.Errorf("a line of the folded report is a command: %q", line)
			}
			continue
		}
		cmd, rest, _ := strings.Cut(strings.TrimPrefix(line, "::"), "::")
		name, props, _ := strings.Cut(cmd, " ")
		ours := strings.HasPrefix(line, "::") && ((name == "error" || name == "warning" || name == "notice") && strings.Contains(props, "title=") ||
			name == "notice" && strings.HasPrefix(rest, "mcp-contract "))
		if !ours {
			t.Errorf("stdout line is not one of our commands: %q", line)
		}
		if strings.ContainsAny(strings.NewReplacer("%0D", "\r", "%0A", "\n", "%25", "%").Replace(rest), "\r\n") {
			t.Errorf("message decodes to several lines: %q", line)
		}
	}
	if strings.Contains(r.summary, "**mcp-contract**: ") && !strings.Contains("\n"+r.stdout, "\n::group::mcp-contract report\n") {
		t.Errorf("the step log lacks the folded text report:\n%s", r.stdout)
	}
	return r
}

// prRepo is a workspace as actions/checkout leaves it on a pull request: a
// base commit with the committed contract and a config, then the PR's
// commit, which adds a required property and a hostile description.
type prRepo struct {
	repo, runner     string
	baseSHA, headSHA string
	write            func(desc, extraProp, extraReq string)
	// event writes a pull_request payload whose head is in headRepo.
	event func(headRepo string) string
}

func newPRRepo(t *testing.T) *prRepo {
	t.Helper()
	pr := &prRepo{repo: t.TempDir(), runner: t.TempDir()}
	repo := pr.repo
	git(t, repo, "init", "-q", "-b", "master")
	os.MkdirAll(filepath.Join(repo, "mcp-snapshots"), 0o755)
	pr.write = func(desc, extraProp, extraReq string) {
		data := fmt.Sprintf(bankSnapshot, desc, extraProp, extraReq)
		if err := os.WriteFile(filepath.Join(repo, "mcp-snapshots", "bank.json"), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pr.write("Read the balance of an account.", "", "")
	config := "version: 1\nservers:\n  bank: {file: mcp-snapshots/bank.json}\n" +
		"  staging: {url: \"http://127.0.0.1:9/mcp\", headers: {Authorization: \"Bearer ${STAGING_TOKEN}\"}}\n" +
		"profiles: [openai]\n"
	os.WriteFile(filepath.Join(repo, ".mcp-contract.yaml"), []byte(config), 0o644)
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-q", "-m", "base")
	pr.baseSHA = git(t, repo, "rev-parse", "HEAD")
	pr.write(hostileDescription, `, "currency": {"type": "string", "description": "ISO 4217 code."}`, `, "currency"`)
	git(t, repo, "commit", "-q", "-am", "pr")
	pr.headSHA = git(t, repo, "rev-parse", "HEAD")
	pr.event = func(headRepo string) string {
		data, err := os.ReadFile(filepath.Join("testdata", "github", "pull_request_opened.json"))
		if err != nil {
			t.Fatal(err)
		}
		var ev map[string]any
		json.Unmarshal(data, &ev)
		payload := ev["pull_request"].(map[string]any)
		payload["base"].(map[string]any)["sha"] = pr.baseSHA
		head := payload["head"].(map[string]any)
		head["sha"] = pr.headSHA
		head["repo"].(map[string]any)["full_name"] = headRepo
		path := filepath.Join(pr.runner, headRepo[:strings.IndexByte(headRepo, '/')]+"-event.json")
		out, _ := json.Marshal(ev)
		os.WriteFile(path, out, 0o644)
		return path
	}
	return pr
}

// A clone too shallow to hold the base commit: the base snapshots are read
// through the contents API at the base SHA, and drift still finds the change.
func TestActionShallowCloneReadsTheBaseThroughTheAPI(t *testing.T) {
	pr := newPRRepo(t)
	base := git(t, pr.repo, "show", pr.baseSHA+":mcp-snapshots/bank.json")
	shallow := filepath.Join(t.TempDir(), "shallow")
	git(t, pr.repo, "clone", "-q", "--depth", "1", "file://"+pr.repo, shallow)
	if out, err := exec.Command("git", "-C", shallow, "cat-file", "-e", pr.baseSHA).CombinedOutput(); err == nil {
		t.Fatalf("the shallow clone holds the base commit %s", out)
	}
	api := &restAPI{files: map[string]string{"mcp-snapshots/bank.json": base + "\n"}, ref: pr.baseSHA, nextID: 1}
	srv := api.serve(t)
	r := runAction(t, shallow, pr.runner, pr.event("Codertocat/Hello-World"), srv.URL, pr.headSHA)
	if r.code != 1 || !strings.Contains(r.stdout, "title=drift/input-required-property-added") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	assertRequests(t, "shallow", api.take(), []string{
		"GET /api/v3/repos/Codertocat/Hello-World/contents/mcp-snapshots?ref=" + pr.baseSHA,
		"GET /api/v3/repos/Codertocat/Hello-World/contents/mcp-snapshots/bank.json?ref=" + pr.baseSHA,
		"GET /api/v3/repos/Codertocat/Hello-World/issues/2/comments?per_page=100",
		"POST /api/v3/repos/Codertocat/Hello-World/issues/2/comments",
	})
}

// A comment from a saved report, the PR number given by whoever ran it (a
// workflow_dispatch; on workflow_run the event chooses, comment_test.go),
// edited on the next run.
func TestCommentFromReport(t *testing.T) {
	repoRoot(t)
	api := &restAPI{nextID: 1}
	srv := api.serve(t)
	// A fork wrote this report: its strings are the attacker's.
	report := filepath.Join(t.TempDir(), "report.json")
	os.WriteFile(report, []byte(`{"schemaVersion": 1, "tool": {"name": "mcp-contract", "version": "x"},
  "servers": [{"name": "bank", "origin": "file:bank.json", "tools": 1}],
  "findings": [{"rule": "security/instruction-in-description", "severity": "error", "category": "lint",
    "server": "bank", "tool": "get_<b>balance</b>", "file": "bank.json", "line": 5, "column": 22,
    "message": "cc @octocat <img src=x onerror=alert(1)> [click](https://evil.example) `+"`code`"+`\n## heading"}],
  "summary": {"error": 1, "warning": 0, "info": 0, "servers": 1, "tools": 1}}`), 0o644)
	t.Setenv("GITHUB_TOKEN", e2eToken)
	t.Setenv("GITHUB_REPOSITORY", "Codertocat/Hello-World")
	t.Setenv("GITHUB_API_URL", srv.URL+"/api/v3")
	t.Setenv("GITHUB_EVENT_NAME", "workflow_dispatch")
	t.Setenv("GITHUB_EVENT_PATH", "")
	t.Setenv("GITHUB_WORKFLOW", "comment")
	t.Setenv("GITHUB_JOB", "post")
	for i, want := range []string{"POST /api/v3/repos/Codertocat/Hello-World/issues/2/comments", "PATCH /api/v3/repos/Codertocat/Hello-World/issues/comments/2"} {
		out, errOut, code := mcpContract(t, "comment", "--from", report, "--pr", "2")
		if code != 0 || strings.Contains(out+errOut, e2eToken) {
			t.Fatalf("run %d: exit %d\n%s%s", i, code, out, errOut)
		}
		assertRequests(t, fmt.Sprintf("run %d", i), api.take(), []string{"GET /api/v3/repos/Codertocat/Hello-World/issues/2/comments?per_page=100", want})
	}
	body := api.bodies[len(api.bodies)-1]
	if !strings.Contains(body, "<!-- mcp-contract:comment:post:default -->") ||
		!strings.Contains(body, "octocat") || strings.Contains(body, "@octocat") || strings.Contains(body, "<img") ||
		strings.Contains(body, "[click](") || strings.Contains(body, "\n## heading") {
		t.Errorf("comment body:\n%s", body)
	}
	// The tool name shows verbatim in a code span, where nothing renders.
	if !strings.Contains(body, "`get_<b>balance</b>`") {
		t.Errorf("tool name not in a code span:\n%s", body)
	}
	if _, errOut, code := mcpContract(t, "comment", "--from", report); code != 2 || !strings.Contains(errOut, "--pr N") {
		t.Errorf("no PR number: exit %d %s", code, errOut)
	}
}
