package github

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fakeAPI speaks the REST shapes of the issue-comment endpoints, under a
// non-empty prefix as GitHub Enterprise Server does (/api/v3), and records
// every request.
type fakeAPI struct {
	t        *testing.T
	mu       sync.Mutex
	comments []map[string]any
	requests []string
	perPage  int
	status   int // when set, every write answers it
	nextID   int64
	// login is who GET /user says the token is; "" answers 403, as for
	// the job token.
	login string
}

func newFakeAPI(t *testing.T) (*fakeAPI, *Client) {
	f := &fakeAPI{t: t, perPage: 2, nextID: 100}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/v3/repos/o/r/issues/7/comments", f.issueComments)
	mux.HandleFunc("/api/v3/repos/o/r/issues/comments/", f.editComment)
	mux.HandleFunc("/api/v3/user", f.user)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	c, err := NewClient(srv.URL+"/api/v3", "tok-secret", nil)
	if err != nil {
		t.Fatal(err)
	}
	return f, c
}

func (f *fakeAPI) record(r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if got := r.Header.Get("Authorization"); got != "Bearer tok-secret" {
		f.t.Errorf("Authorization %q", got)
	}
	q := ""
	if r.URL.RawQuery != "" {
		q = "?" + r.URL.RawQuery
	}
	f.requests = append(f.requests, r.Method+" "+r.URL.Path+q)
}

func (f *fakeAPI) issueComments(w http.ResponseWriter, r *http.Request) {
	f.record(r)
	switch r.Method {
	case http.MethodGet:
		page := 1
		fmt.Sscan(r.URL.Query().Get("page"), &page)
		lo, hi := (page-1)*f.perPage, page*f.perPage
		hi = min(hi, len(f.comments))
		lo = min(lo, hi)
		if hi < len(f.comments) {
			w.Header().Set("Link", fmt.Sprintf(`<http://%s%s?page=%d&per_page=100>; rel="next"`, r.Host, r.URL.Path, page+1))
		}
		json.NewEncoder(w).Encode(f.comments[lo:hi])
	case http.MethodPost:
		if f.status != 0 {
			w.WriteHeader(f.status)
			io.WriteString(w, `{"message":"Resource not accessible by integration"}`)
			return
		}
		var c map[string]any
		json.NewDecoder(r.Body).Decode(&c)
		f.nextID++
		c["id"] = f.nextID
		c["user"] = map[string]any{"login": "github-actions[bot]", "type": "Bot"}
		f.comments = append(f.comments, c)
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(c)
	}
}

func (f *fakeAPI) user(w http.ResponseWriter, r *http.Request) {
	f.record(r)
	if f.login == "" {
		w.WriteHeader(http.StatusForbidden)
		io.WriteString(w, `{"message":"Resource not accessible by integration","documentation_url":"https://docs.github.com/rest/users/users#get-the-authenticated-user","status":"403"}`)
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"login": f.login, "id": 1, "type": "User"})
}

func (f *fakeAPI) editComment(w http.ResponseWriter, r *http.Request) {
	f.record(r)
	var id int64
	fmt.Sscan(strings.TrimPrefix(r.URL.Path, "/api/v3/repos/o/r/issues/comments/"), &id)
	var patch map[string]any
	json.NewDecoder(r.Body).Decode(&patch)
	for _, c := range f.comments {
		if c["id"] == float64(id) || c["id"] == id {
			c["body"] = patch["body"]
			json.NewEncoder(w).Encode(c)
			return
		}
	}
	w.WriteHeader(http.StatusNotFound)
}

func comment(id int64, login, typ, body string) map[string]any {
	return map[string]any{"id": id, "body": body, "user": map[string]any{"login": login, "type": typ}}
}

func TestUpsertCommentFindsTheBotsMarkerOnALaterPage(t *testing.T) {
	f, c := newFakeAPI(t)
	marker := Marker("ci", "lint", "default")
	f.comments = []map[string]any{
		comment(1, "alice", "User", "looks good"),
		comment(2, "mallory", "User", "hijack "+marker),
		comment(3, "other[bot]", "Bot", "coverage"),
		comment(4, "github-actions[bot]", "Bot", "old\n\n"+marker),
		comment(5, "bob", "User", "?"),
	}
	action, err := c.UpsertComment(context.Background(), Repo{"o", "r"}, 7, marker, "new body", false)
	if err != nil || action != CommentEdited {
		t.Fatalf("%v, %v", action, err)
	}
	want := []string{
		"GET /api/v3/user",
		"GET /api/v3/repos/o/r/issues/7/comments?per_page=100",
		"GET /api/v3/repos/o/r/issues/7/comments?page=2&per_page=100",
		"PATCH /api/v3/repos/o/r/issues/comments/4",
	}
	if strings.Join(f.requests, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests\n%s\nwant\n%s", strings.Join(f.requests, "\n"), strings.Join(want, "\n"))
	}
	if f.comments[3]["body"] != "new body\n\n"+marker+"\n" || f.comments[1]["body"] != "hijack "+marker {
		t.Errorf("bodies %v / %v", f.comments[3]["body"], f.comments[1]["body"])
	}
}

func TestUpsertCommentCreatesOnceAndNeverForACleanRun(t *testing.T) {
	f, c := newFakeAPI(t)
	marker := Marker("ci", "lint", "default")
	ctx, repo := context.Background(), Repo{"o", "r"}
	if action, err := c.UpsertComment(ctx, repo, 7, marker, "all clear", true); err != nil || action != CommentNone {
		t.Fatalf("clean run without a comment: %v, %v", action, err)
	}
	if action, err := c.UpsertComment(ctx, repo, 7, marker, "2 errors", false); err != nil || action != CommentCreated {
		t.Fatalf("first findings: %v, %v", action, err)
	}
	if action, err := c.UpsertComment(ctx, repo, 7, marker, "resolved", true); err != nil || action != CommentEdited {
		t.Fatalf("clean run with a comment: %v, %v", action, err)
	}
	if len(f.comments) != 1 || !strings.HasPrefix(f.comments[0]["body"].(string), "resolved") {
		t.Errorf("comments %v", f.comments)
	}
}

func TestUpsertCommentForbidden(t *testing.T) {
	f, c := newFakeAPI(t)
	f.status = http.StatusForbidden
	_, err := c.UpsertComment(context.Background(), Repo{"o", "r"}, 7, Marker("w", "j", "i"), "x", false)
	if !IsForbidden(err) {
		t.Fatalf("IsForbidden(%v) = false", err)
	}
	if strings.Contains(err.Error(), "tok-secret") || strings.Contains(err.Error(), "\n") {
		t.Errorf("error %q", err)
	}
}

func TestMarkerCannotCloseTheComment(t *testing.T) {
	m := Marker("my --> wf", "job\n1", "id")
	if strings.Count(m, "-->") != 1 || !strings.HasSuffix(m, " -->") || strings.Contains(m, "\n") {
		t.Errorf("marker %q", m)
	}
	// "--" may not appear inside an HTML comment; "---" holds a second one
	// once the first is cut.
	for _, name := range []string{"a--b", "a---b", "a----->b"} {
		m := Marker(name, "job", "id")
		if inner := strings.TrimSuffix(strings.TrimPrefix(m, "<!--"), "-->"); strings.Contains(inner, "--") || !strings.Contains(m, ":a-b:") {
			t.Errorf("Marker(%q) = %q", name, m)
		}
	}
}

// A bot comment quoting another job's marker (a tool named like one, shown
// in a code span) is not that job's comment: the marker counts on the last
// line only, where UpsertComment writes it.
func TestUpsertCommentIgnoresAQuotedMarker(t *testing.T) {
	f, c := newFakeAPI(t)
	lint, other := Marker("ci", "lint", "default"), Marker("ci", "other", "default")
	f.comments = []map[string]any{
		comment(1, "github-actions[bot]", "Bot", "- 🔴 tool `"+other+"` is bad\n\n"+lint+"\n"),
	}
	action, err := c.UpsertComment(context.Background(), Repo{"o", "r"}, 7, other, "other's report", false)
	if err != nil || action != CommentCreated {
		t.Fatalf("%v, %v: want a new comment for the other job", action, err)
	}
	if !strings.HasSuffix(f.comments[0]["body"].(string), lint+"\n") {
		t.Errorf("lint's comment was taken over: %q", f.comments[0]["body"])
	}
	// Its own comment, with CRLF line ends as an edit in the browser leaves them.
	f.comments[1]["body"] = "other's report\r\n\r\n" + other + "\r\n"
	if action, err := c.UpsertComment(context.Background(), Repo{"o", "r"}, 7, other, "again", false); err != nil || action != CommentEdited {
		t.Errorf("its own comment: %v, %v", action, err)
	}
}

// Another bot's comment that ends in our marker (any app can post one) is
// not ours: only the token's own login counts, the job token's bot when GET
// /user refuses it, the user's login for a personal token.
func TestUpsertCommentTakesOnlyItsOwnLoginsComment(t *testing.T) {
	marker := Marker("ci", "lint", "default")
	for _, tc := range []struct {
		name, login string
		wantEdited  float64
	}{
		{"job token", "", 3},
		{"personal token", "carol", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, c := newFakeAPI(t)
			f.login = tc.login
			f.comments = []map[string]any{
				comment(1, "mallory-app[bot]", "Bot", "planted\n\n"+marker),
				comment(2, "dependabot[bot]", "Bot", "planted\n\n"+marker),
				comment(3, "github-actions[bot]", "Bot", "ours under the job token\n\n"+marker),
				comment(4, "Carol", "User", "ours under carol's token\n\n"+marker),
			}
			action, err := c.UpsertComment(context.Background(), Repo{"o", "r"}, 7, marker, "new", false)
			if err != nil || action != CommentEdited {
				t.Fatalf("%v, %v", action, err)
			}
			for _, cm := range f.comments {
				edited := strings.HasPrefix(cm["body"].(string), "new")
				if edited != (cm["id"] == tc.wantEdited || cm["id"] == int64(tc.wantEdited)) {
					t.Errorf("comment %v by %v: edited %v", cm["id"], cm["user"], edited)
				}
			}
		})
	}
}

// A GET /user that fails for another reason than a refused token is an
// error, not a guess at who we are.
func TestUpsertCommentLoginUnknown(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}))
	t.Cleanup(srv.Close)
	c, err := NewClient(srv.URL, "tok", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.UpsertComment(context.Background(), Repo{"o", "r"}, 7, Marker("w", "j", "i"), "x", false); err == nil || !strings.Contains(err.Error(), "GET /user") {
		t.Errorf("err %v", err)
	}
}
