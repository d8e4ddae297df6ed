package github

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// fakeIssues speaks the REST shapes of the issue endpoints (list with
// labels, state and pages; create; edit; comment), under /api/v3 as
// GitHub Enterprise Server does, and records every request.
type fakeIssues struct {
	t        *testing.T
	mu       sync.Mutex
	issues   []map[string]any
	comments map[int][]string
	requests []string
	perPage  int
}

func newFakeIssues(t *testing.T) (*fakeIssues, *Client) {
	f := &fakeIssues{t: t, perPage: 2, comments: map[int][]string{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/v3/repos/o/r/issues", f.list)
	mux.HandleFunc("/api/v3/repos/o/r/issues/", f.one)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	c, err := NewClient(srv.URL+"/api/v3", "tok-secret", nil)
	if err != nil {
		t.Fatal(err)
	}
	return f, c
}

func (f *fakeIssues) record(r *http.Request) {
	q := ""
	if r.URL.RawQuery != "" {
		q = "?" + r.URL.RawQuery
	}
	f.requests = append(f.requests, r.Method+" "+r.URL.Path+q)
}

func labelNames(is map[string]any) []string {
	var out []string
	for _, l := range is["labels"].([]any) {
		out = append(out, l.(map[string]any)["name"].(string))
	}
	return out
}

func labelObjects(names []string) []any {
	var out []any
	for _, n := range names {
		out = append(out, map[string]any{"name": n})
	}
	return out
}

func (f *fakeIssues) list(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record(r)
	switch r.Method {
	case http.MethodGet:
		label, state := r.URL.Query().Get("labels"), r.URL.Query().Get("state")
		var match []map[string]any
		for _, is := range f.issues {
			if is["state"] == state && strings.Contains(","+strings.Join(labelNames(is), ",")+",", ","+label+",") {
				match = append(match, is)
			}
		}
		page := 1
		fmt.Sscan(r.URL.Query().Get("page"), &page)
		lo, hi := min((page-1)*f.perPage, len(match)), min(page*f.perPage, len(match))
		if hi < len(match) {
			w.Header().Set("Link", fmt.Sprintf(`<http://%s%s?labels=%s&page=%d&per_page=100&state=open>; rel="next"`, r.Host, r.URL.Path, label, page+1))
		}
		json.NewEncoder(w).Encode(append([]map[string]any{}, match[lo:hi]...))
	case http.MethodPost:
		var req struct {
			Title, Body string
			Labels      []string
		}
		json.NewDecoder(r.Body).Decode(&req)
		is := map[string]any{"number": float64(len(f.issues) + 1), "title": req.Title, "body": req.Body, "state": "open",
			"labels": labelObjects(req.Labels), "user": map[string]any{"login": "github-actions[bot]", "type": "Bot"}}
		f.issues = append(f.issues, is)
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(is)
	}
}

func (f *fakeIssues) one(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record(r)
	var n int
	rest := strings.TrimPrefix(r.URL.Path, "/api/v3/repos/o/r/issues/")
	fmt.Sscan(rest, &n)
	if n < 1 || n > len(f.issues) {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	is := f.issues[n-1]
	switch {
	case r.Method == http.MethodPost && strings.HasSuffix(rest, "/comments"):
		var c struct{ Body string }
		json.NewDecoder(r.Body).Decode(&c)
		f.comments[n] = append(f.comments[n], c.Body)
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(map[string]any{"id": 1, "body": c.Body})
	case r.Method == http.MethodPatch:
		var patch map[string]any
		json.NewDecoder(r.Body).Decode(&patch)
		for k, v := range patch {
			if k == "labels" {
				var names []string
				for _, l := range v.([]any) {
					names = append(names, l.(string))
				}
				v = labelObjects(names)
			}
			is[k] = v
		}
		json.NewEncoder(w).Encode(is)
	default:
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}

func (f *fakeIssues) take() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.requests
	f.requests = nil
	return out
}

func driftFinding(server, change, msg string) contract.Finding {
	return contract.Finding{Rule: "drift/required-added", Severity: contract.Error, Category: contract.CategoryDrift, Server: server,
		Tool: "transfer", Pointer: "/inputSchema/required", Message: msg, Change: change}
}

// A nightly result: a drifts, b is compared and clean, c cannot be reached.
func nightly(aDrifts, cDown bool, msg string) *contract.Result {
	r := &contract.Result{
		Servers: []contract.ServerInfo{
			{Name: "a", Origin: "http:https://a.example/mcp", Tools: 4},
			{Name: "b", Origin: "http:https://b.example/mcp", Tools: 2},
			{Name: "c", Origin: "http:https://c.example/mcp?key=tok-SECRET-123", Tools: 3},
		},
		Drift: &contract.DriftCoverage{Compared: []contract.DriftServer{
			{Server: "a", How: "live", Against: "file:mcp-snapshots/a.json", Digest: "sha256:aaaa", AgainstDigest: "sha256:0000", AgainstTools: 3},
			{Server: "b", How: "live", Against: "file:mcp-snapshots/b.json", Digest: "sha256:bbbb", AgainstDigest: "sha256:bbbb", AgainstTools: 2},
			{Server: "c", How: "live", Against: "file:mcp-snapshots/c.json", Digest: "sha256:cccc", AgainstDigest: "sha256:cccc", AgainstTools: 3},
		}},
		Findings: []contract.Finding{},
	}
	if aDrifts {
		r.Findings = append(r.Findings, driftFinding("a", contract.ChangeBreaking, msg), driftFinding("a", contract.ChangeReview, "description changed"))
	}
	if cDown {
		r.Servers[2].Error = "connecting to https://c.example/mcp?key=tok-SECRET-123: connection refused"
		r.Servers[2].Tools = 0
		r.Drift.Compared = r.Drift.Compared[:2]
		r.Drift.Skipped = []contract.DriftServer{{Server: "c", How: "live", Reason: "could not be read"}}
	}
	return r
}

var seenBlock = regexp.MustCompile("(?s)```json\n(.*?)\n```")

func seenOf(t *testing.T, body string) Seen {
	t.Helper()
	m := seenBlock.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no JSON block in:\n%s", body)
	}
	var s Seen
	if err := json.Unmarshal([]byte(m[1]), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func runNight(t *testing.T, c *Client, r *contract.Result, maxIssues int) IssueOutcome {
	t.Helper()
	opts := StandingOptions{RunURL: "https://github.example/o/r/actions/runs/9", Masker: safetext.NewMasker("tok-SECRET-123"), Now: time.Date(2026, 12, 1, 3, 17, 0, 0, time.UTC)}
	out, err := c.SyncDriftIssues(context.Background(), Repo{"o", "r"}, Standings(r, opts), SyncOptions{MaxIssues: maxIssues, RunURL: opts.RunURL})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The whole cycle: created on the first drift, edited (never duplicated)
// while it lasts, closed with a comment and the recovered label when it
// clears; the unreachable server in its own issue, never as tools removed.
func TestDriftIssueCycle(t *testing.T) {
	f, c := newFakeIssues(t)
	// Issues the sync must leave alone: a person's issue with the label, and
	// a pull request (the issues API lists those too).
	f.issues = []map[string]any{
		{"number": float64(1), "title": "tracking", "body": "not ours", "state": "open", "labels": labelObjects([]string{LabelDrift}), "user": map[string]any{"login": "alice", "type": "User"}},
		{"number": float64(2), "title": "pr", "body": DriftMarker("a"), "state": "open", "labels": labelObjects([]string{LabelDrift}), "pull_request": map[string]any{"url": "x"}},
	}

	out := runNight(t, c, nightly(true, true, "required property iban added"), 0)
	if len(out.Created) != 2 || len(out.Edited)+len(out.Closed) != 0 {
		t.Fatalf("first run: %+v", out)
	}
	a, down := f.issues[2], f.issues[3]
	if !strings.Contains(a["body"].(string), DriftMarker("a")) || strings.Join(labelNames(a), ",") != LabelDrift || a["title"] != "MCP server `a` drifted from its snapshot" {
		t.Errorf("a's issue: %v", a)
	}
	seen := seenOf(t, a["body"].(string))
	if seen.Server != "a" || seen.Snapshot.Digest != "sha256:0000" || seen.Live.Digest != "sha256:aaaa" || seen.Snapshot.Tools != 3 || seen.Live.Tools != 4 ||
		seen.Changes[contract.ChangeBreaking] != 1 || seen.Changes[contract.ChangeReview] != 1 || seen.Checked != "2026-12-01T03:17:00Z" {
		t.Errorf("a's JSON block: %+v", seen)
	}
	downBody := down["body"].(string)
	if !strings.Contains(downBody, UnreachableMarker("c")) || strings.Join(labelNames(down), ",") != LabelUnreachable ||
		strings.Contains(downBody, "removed") && !strings.Contains(downBody, "has not removed") {
		t.Errorf("c's issue: %v", down)
	}
	if strings.Contains(fmt.Sprint(f.issues), "tok-SECRET-123") {
		t.Error("a secret reached an issue")
	}
	if s := seenOf(t, downBody); s.Error == "" || s.Origin == "" || s.Live != nil || s.Snapshot != nil || len(s.Changes) != 0 || strings.Contains(seenBlock.FindString(downBody), `"tools"`) {
		t.Errorf("c's JSON block: %+v", s)
	}
	for _, is := range f.issues {
		if strings.Contains(is["body"].(string), DriftMarker("c")) {
			t.Error("the unreachable server got a drift issue")
		}
	}
	f.take()

	// Second night: still drifting (another change), still down: edited in place.
	out = runNight(t, c, nightly(true, true, "property amount narrowed"), 0)
	if len(out.Edited) != 2 || len(out.Created)+len(out.Closed) != 0 || len(f.issues) != 4 {
		t.Fatalf("second run: %+v, %d issues", out, len(f.issues))
	}
	if !strings.Contains(a["body"].(string), "property amount narrowed") || strings.Contains(a["body"].(string), "iban") {
		t.Errorf("a's issue was not rewritten: %s", a["body"])
	}
	want := []string{
		"GET /api/v3/repos/o/r/issues?labels=mcp-drift&per_page=100&state=open",
		"GET /api/v3/repos/o/r/issues?labels=mcp-drift&page=2&per_page=100&state=open",
		"GET /api/v3/repos/o/r/issues?labels=mcp-unreachable&per_page=100&state=open",
		"PATCH /api/v3/repos/o/r/issues/3",
		"PATCH /api/v3/repos/o/r/issues/4",
	}
	if got := f.take(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Third night: a matches its snapshot, c answers and matches: both closed.
	out = runNight(t, c, nightly(false, false, ""), 0)
	if len(out.Closed) != 2 || len(out.Created)+len(out.Edited) != 0 {
		t.Fatalf("third run: %+v", out)
	}
	for _, is := range []map[string]any{a, down} {
		n := int(is["number"].(float64))
		if is["state"] != "closed" || !strings.Contains(strings.Join(labelNames(is), ","), LabelRecovered) || len(f.comments[n]) != 1 {
			t.Errorf("issue %d: state %v, labels %v, comments %q", n, is["state"], labelNames(is), f.comments[n])
		}
	}
	if f.issues[0]["state"] != "open" || f.issues[0]["body"] != "not ours" || f.issues[1]["state"] != "open" {
		t.Error("the sync touched an issue that is not its own")
	}

	// Fourth night: clean again, nothing open: nothing to write.
	f.take()
	runNight(t, c, nightly(false, false, ""), 0)
	for _, req := range f.take() {
		if !strings.HasPrefix(req, "GET ") {
			t.Errorf("a clean night with nothing open wrote: %s", req)
		}
	}
}

// A fleet-wide outage opens at most max-issues issues; the rest wait, and
// closing one frees its place.
func TestDriftIssuesAtMostMaxOpen(t *testing.T) {
	f, c := newFakeIssues(t)
	r := &contract.Result{Drift: &contract.DriftCoverage{}}
	for i := range 5 {
		r.Servers = append(r.Servers, contract.ServerInfo{Name: fmt.Sprintf("s%d", i), Error: "connection refused"})
	}
	out := runNight(t, c, r, 3)
	if len(out.Created) != 3 || strings.Join(out.Held, ",") != "s3,s4" || len(f.issues) != 3 {
		t.Fatalf("%+v, %d issues", out, len(f.issues))
	}
	// s0 answers and matches: its issue closes and s3 takes its place.
	r.Servers[0].Error = ""
	r.Drift.Compared = []contract.DriftServer{{Server: "s0", How: "live"}}
	out = runNight(t, c, r, 3)
	if len(out.Closed) != 1 || len(out.Created) != 1 || strings.Join(out.Held, ",") != "s4" {
		t.Errorf("%+v", out)
	}
}

// A server drift did not compare (no snapshot yet) keeps whatever issue it has.
func TestDriftIssueLeavesUncomparedServersAlone(t *testing.T) {
	r := nightly(false, false, "")
	r.Drift.Compared = r.Drift.Compared[:1]
	got := Standings(r, StandingOptions{Masker: safetext.NewMasker()})
	if len(got) != 1 || got[0].Server != "a" || got[0].State != Clean {
		t.Errorf("%+v", got)
	}
}

// A tool named like server y's marker shows in x's issue: the marker counts
// on the first line only, so y recovering closes y's issue, not x's.
func TestDriftIssueMarkerQuotedInAnotherIssue(t *testing.T) {
	f, c := newFakeIssues(t)
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "x", Tools: 1}, {Name: "y", Tools: 1}},
		Drift:   &contract.DriftCoverage{Compared: []contract.DriftServer{{Server: "x", How: "live"}, {Server: "y", How: "live"}}},
		Findings: []contract.Finding{{Rule: "drift/tool-added", Severity: contract.Warning, Category: contract.CategoryDrift, Server: "x",
			Tool: DriftMarker("y"), Message: "tool added", Change: contract.ChangeReview}},
	}
	// Night one: y drifts too, so both have issues; x's (listed first) quotes y's marker.
	r.Findings = append(r.Findings, driftFinding("y", contract.ChangeBreaking, "required property added"))
	runNight(t, c, r, 0)
	if len(f.issues) != 2 || !strings.Contains(f.issues[0]["body"].(string), DriftMarker("y")) {
		t.Fatalf("night one: %v", f.issues)
	}
	// Night two: y matches its snapshot again, x still drifts.
	r.Findings = r.Findings[:1]
	out := runNight(t, c, r, 0)
	if fmt.Sprint(out.Closed) != "[2]" || fmt.Sprint(out.Edited) != "[1]" || f.issues[0]["state"] != "open" || f.issues[1]["state"] != "closed" {
		t.Errorf("closed %v, edited %v; x's issue %v, y's %v", out.Closed, out.Edited, f.issues[0]["state"], f.issues[1]["state"])
	}
}

// A report names its servers: a crafted name cannot end the marker's
// comment or spell another server's marker, and two names never share one.
func TestDriftMarkerOfACraftedName(t *testing.T) {
	for _, name := range []string{"y -->", "a --> <!-- mcp-contract:drift:server=b", "x\n<!-- mcp-contract:drift:server=y -->", "a--b", "a-%2D-b"} {
		m := DriftMarker(name)
		inner := strings.TrimSuffix(strings.TrimPrefix(m, "<!-- "), " -->")
		if strings.ContainsAny(inner, "<> \n") || strings.Contains(inner, "--") {
			t.Errorf("DriftMarker(%q) = %q", name, m)
		}
	}
	if DriftMarker("my_server.v2-b") != "<!-- mcp-contract:drift:server=my_server.v2-b -->" {
		t.Errorf("a configured name changed its marker: %s", DriftMarker("my_server.v2-b"))
	}
	if DriftMarker("a--b") == DriftMarker("a%2D-b") || DriftMarker("a b") == DriftMarker("a%20b") {
		t.Error("two names share a marker")
	}
}

// Everything a report says about a server reaches its issue escaped: the
// name in the title and body, the error (a server's stderr) in the quote.
func TestUnreachableIssueEscapesEverything(t *testing.T) {
	hostile := "@org/team <img src=x onerror=alert(1)> </details> ``` GH-1 https://github.com/o/r/issues/1 " +
		"deadbeefcafe1234 [x](https://evil.example) \u202eevil"
	r := &contract.Result{Servers: []contract.ServerInfo{{Name: "s <b>@org/team</b> GH-2", Error: "stderr: " + hostile}}}
	got := Standings(r, StandingOptions{Masker: safetext.NewMasker(), Now: time.Now()})
	if len(got) != 1 {
		t.Fatalf("%+v", got)
	}
	// The marker line is an HTML comment, and the name in it percent-encoded.
	_, prose, _ := strings.Cut(got[0].Body, "\n")
	prose, _, _ = strings.Cut(prose, "```json")
	for _, raw := range []string{"<img", "<b>", "@org/team", "</details>", "```", "GH-1", "GH-2", "https://", "deadbeefcafe1234", "[x](", "\u202e"} {
		if strings.Contains(prose, raw) {
			t.Errorf("%q is raw in:\n%s", raw, prose)
		}
	}
	// The title shows the name in one code span, where nothing renders.
	if want := "MCP server `s <b>@org/team</b> GH-2` could not be reached"; got[0].Title != want {
		t.Errorf("title %q, want %q", got[0].Title, want)
	}
	var fences []string
	for _, line := range strings.Split(got[0].Body, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " "), "```") {
			fences = append(fences, line)
		}
	}
	if !strings.HasPrefix(got[0].Body, UnreachableMarker(r.Servers[0].Name)+"\n") || strings.Join(fences, ",") != "```json,```" {
		t.Errorf("body:\n%s", got[0].Body)
	}
}

// The unreachable issue of a server that asked for an OAuth token carries
// source's explanation and the configuration to write.
func TestUnreachableIssueSaysWhatToConfigureForOAuth(t *testing.T) {
	// As source words it (TestUnauthorizedIsExplained).
	msg := `could not start the session: the server answered 401 Unauthorized and asks for Bearer auth (scope "tools.read", resource metadata "https://staging.example.com/.well-known/oauth-protected-resource/mcp", authorization server "https://login.example.com"); ` +
		contract.NeedsOAuthClient + ": in .mcp-contract.yaml under servers.staging-api, `auth: {client-credentials: {client-id: \"${CLIENT_ID}\", client-secret: \"${CLIENT_SECRET}\"}}` (the grant a job with no user runs; the token endpoint is discovered), or a token in `headers: {Authorization: \"Bearer ${TOKEN}\"}`"
	r := &contract.Result{Servers: []contract.ServerInfo{{Name: "staging-api", Origin: "http:https://staging.example.com/mcp", Error: msg}}}
	got := Standings(r, StandingOptions{Masker: safetext.NewMasker(), Now: time.Now()})
	if len(got) != 1 || got[0].State != Unreachable {
		t.Fatalf("%+v", got)
	}
	body := got[0].Body
	for _, want := range []string{"asks for Bearer auth", "authorization server", "login.example.com",
		"```yaml\nservers:\n  staging-api:\n    auth:\n      client-credentials:\n        client-id: ${STAGING_API_CLIENT_ID}\n        client-secret: ${STAGING_API_CLIENT_SECRET}\n```",
		"STAGING_API_CLIENT_SECRET: ${{ secrets.STAGING_API_CLIENT_SECRET }}"} {
		if !strings.Contains(body, want) {
			t.Errorf("issue lacks %q:\n%s", want, body)
		}
	}
	// Another failure gets no OAuth advice.
	r.Servers[0].Error = "could not start the session: connection refused"
	if body := Standings(r, StandingOptions{Masker: safetext.NewMasker(), Now: time.Now()})[0].Body; strings.Contains(body, "To configure") {
		t.Errorf("OAuth advice for a refused connection:\n%s", body)
	}
}
