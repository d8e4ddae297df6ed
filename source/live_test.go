//go:build linux

// The live tests run real processes and read /proc to prove none is left.

package source

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fixtureserver"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fixtureBin is the fixture server, built once for the package's tests.
var fixtureBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "fixtureserver")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// As root each server runs as a user of its own (internal/procs),
	// which must reach the binary.
	if err := os.Chmod(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fixtureBin = filepath.Join(dir, "fixtureserver")
	build := exec.Command("go", "build", "-o", fixtureBin, "../internal/fixtureserver/cmd/fixtureserver")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the fixture server:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// corpusFile is the real tools/list of github-mcp-server (testdata/corpus/SOURCES.md).
const corpusFile = "../testdata/corpus/servers/github-mcp-server.json"

func fixtureStdio(args ...string) *ServerConfig {
	return &ServerConfig{Name: "fixture", Command: []string{fixtureBin, "-tools", corpusFile}, Args: args}
}

// startFixtureHTTP runs the fixture server over HTTP and returns its URL.
func startFixtureHTTP(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(fixtureBin, append([]string{"-tools", corpusFile, "-http"}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("fixture server printed no URL: %v", err)
	}
	return strings.TrimSpace(line)
}

// compact is a tool as the server wrote it, whitespace aside: key order,
// duplicates and number literals kept.
func compact(t *contract.Tool) string {
	return string(jsontree.Encode(t.Node, jsontree.EncodeOptions{}))
}

func wantCorpusTools(t *testing.T, got *contract.Catalog) {
	t.Helper()
	want, err := LoadFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Tools) != len(want.Tools) {
		t.Fatalf("got %d tools, want %d", len(got.Tools), len(want.Tools))
	}
	for i, w := range want.Tools {
		if g := got.Tools[i]; compact(g) != compact(w) || g.Index != i {
			t.Fatalf("tool %d (%s) differs from the file's:\n got %.300s\nwant %.300s", i, w.Name, compact(g), compact(w))
		}
	}
}

func TestFetchFixtureStdioKeepsBytes(t *testing.T) {
	c, err := Fetch(context.Background(), fixtureStdio(), FetchOptions{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	wantCorpusTools(t, c)
	if c.ProtocolVersion != "2026-07-28" {
		t.Errorf("negotiated %q, want 2026-07-28 (both sides speak it)", c.ProtocolVersion)
	}
	if !strings.HasPrefix(c.Origin, "stdio:"+fixtureBin) || c.Server != "fixture" {
		t.Errorf("server %q origin %q", c.Server, c.Origin)
	}
}

// The SDK serves 2026-07-28 over HTTP only without sessions; with sessions
// the client falls back to the newest legacy version.
func TestFetchFixtureHTTPKeepsBytes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "2025-11-25"},
		{[]string{"-stateless"}, "2026-07-28"},
	} {
		url := startFixtureHTTP(t, tc.args...)
		c, err := Fetch(context.Background(), &ServerConfig{Name: "fixture", URL: url}, FetchOptions{Timeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		wantCorpusTools(t, c)
		if c.Origin != "http:"+url || c.ProtocolVersion != tc.want {
			t.Errorf("%v: origin %q protocol %q, want %s", tc.args, c.Origin, c.ProtocolVersion, tc.want)
		}
	}
}

// The fixture's second page has the cursor "", valid in 2026-07-28, which
// the SDK's own paginator would take for the end of the list.
func TestFetchFollowsCursorsIncludingEmpty(t *testing.T) {
	for _, transport := range []string{"stdio", "http"} {
		t.Run(transport, func(t *testing.T) {
			sc := fixtureStdio("-page-size", "7")
			if transport == "http" {
				sc = &ServerConfig{Name: "fixture", URL: startFixtureHTTP(t, "-page-size", "7", "-stateless")}
			}
			c, err := Fetch(context.Background(), sc, FetchOptions{Timeout: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			wantCorpusTools(t, c)
		})
	}
}

// Every misbehaviour ends in a one-line ServerError within the timeout.
func TestFetchMisbehavingServers(t *testing.T) {
	const timeout = 3 * time.Second
	cases := []struct {
		mode fixtureserver.Mode
		want string
	}{
		{fixtureserver.Crash, "crashing at start"},
		{fixtureserver.Garbage, "writes only JSON-RPC to stdout"},
		{fixtureserver.Hang, "no answer to the handshake within 3s"},
		{fixtureserver.EndlessCursor, "more than 1000 pages"},
		{fixtureserver.LoopCursor, "repeats an earlier cursor"},
		{fixtureserver.Huge, "over 1048576 bytes"},
		{fixtureserver.Deep, "nests deeper than the MCP SDK's bound of 1000 levels"},
	}
	for _, tc := range cases {
		for _, transport := range []string{"stdio", "http"} {
			if tc.mode == fixtureserver.Crash && transport == "http" {
				continue
			}
			t.Run(string(tc.mode)+"/"+transport, func(t *testing.T) {
				pidFile := filepath.Join(openDir(t), "pid")
				args := fmt.Sprintf("-tools %s -mode %s -huge-bytes 2000000", corpusFile, tc.mode)
				sc := &ServerConfig{Name: "fixture", Command: []string{"sh", "-c", fmt.Sprintf("echo $$ > %s; exec %s %s", pidFile, fixtureBin, args)}}
				if transport == "http" {
					sc = &ServerConfig{Name: "fixture", URL: startFixtureHTTP(t, "-mode", string(tc.mode), "-huge-bytes", "2000000")}
				}
				start := time.Now()
				_, err := Fetch(context.Background(), sc, FetchOptions{Timeout: timeout, MaxMessageBytes: 1 << 20})
				elapsed := time.Since(start)
				var se *contract.ServerError
				if !errors.As(err, &se) {
					t.Fatalf("got %v, want a *contract.ServerError", err)
				}
				msg := err.Error()
				t.Log(msg)
				if strings.ContainsAny(msg, "\r\n") {
					t.Errorf("error is not one line: %q", msg)
				}
				want := tc.want
				if transport == "http" && tc.mode == fixtureserver.Garbage {
					want = "check the URL"
				}
				if !strings.Contains(msg, want) {
					t.Errorf("error %q does not say %q", msg, want)
				}
				// The timeout bounds each step; the margin is for a loaded machine.
				if elapsed > timeout+10*time.Second {
					t.Errorf("took %s, timeout was %s", elapsed, timeout)
				}
				if transport == "stdio" {
					data, err := os.ReadFile(pidFile)
					if err != nil {
						t.Fatal(err)
					}
					if pid, _ := strconv.Atoi(strings.TrimSpace(string(data))); alive(pid) {
						_ = syscall.Kill(pid, syscall.SIGKILL)
						t.Errorf("the server process %d outlived the fetch", pid)
					}
				}
			})
		}
	}
}

// A server that spawned a child which ignores SIGTERM leaves nothing behind.
func TestFetchKillsProcessGroup(t *testing.T) {
	pidFile := filepath.Join(openDir(t), "pid")
	script := fmt.Sprintf(`trap "" TERM; sleep 300 & echo $! > %s; exec %s -tools %s -mode hang`, pidFile, fixtureBin, corpusFile)
	_, err := Fetch(context.Background(), &ServerConfig{Name: "group", Command: []string{"sh", "-c", script}}, FetchOptions{Timeout: time.Second})
	if err == nil {
		t.Fatal("a hanging server was fetched")
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the server's child %d outlived the fetch", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// alive is false for a process gone or a zombie waiting for its new parent.
func alive(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z"
}

func TestFetchQuotesStderrOfAFailedServer(t *testing.T) {
	_, err := Fetch(context.Background(), &ServerConfig{Name: "loud", Command: []string{"sh", "-c", "echo first >&2; echo 'fatal: no config' >&2; exit 7"}}, FetchOptions{Timeout: 3 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "last stderr lines: first | fatal: no config") {
		t.Fatalf("got %v", err)
	}
}

func TestFetchMasksSecrets(t *testing.T) {
	const secret = "s3cr3t-t0ken"
	var progress []string
	opts := FetchOptions{Timeout: 2 * time.Second, Masker: safetext.NewMasker(secret),
		Progress: func(server string, _ Stage, detail string) { progress = append(progress, detail) }}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	servers := []*ServerConfig{
		{Name: "cmd", Command: []string{"/no/such/dir/" + secret}},
		{Name: "echo", Command: []string{"sh", "-c", "echo token=" + secret + " >&2; exit 1"}},
		{Name: "url", URL: "http://" + closed + "/mcp?key=" + secret, Headers: map[string]string{"Authorization": "Bearer " + secret}},
	}
	catalogs, err := FetchAll(context.Background(), servers, opts)
	if err == nil {
		t.Fatal("no error from servers that cannot answer")
	}
	texts := append([]string{err.Error()}, progress...)
	for _, c := range catalogs {
		texts = append(texts, c.Error, c.Origin)
		if c.Error == "" {
			t.Errorf("%s: no error", c.Server)
		}
	}
	for _, s := range texts {
		if strings.Contains(s, secret) {
			t.Errorf("secret leaked: %q", s)
		}
	}
	if !strings.Contains(catalogs[1].Error, "token=***") {
		t.Errorf("stderr not quoted masked: %q", catalogs[1].Error)
	}
}

// Headers reach the server's own host only.
func TestFetchSendsHeaders(t *testing.T) {
	var auth atomic.Value
	fixture, err := fixtureserver.Load(corpusFile, fixtureserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := fixture.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth.Store(r.Header.Get("Authorization"))
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	_, err = Fetch(context.Background(), &ServerConfig{Name: "h", URL: srv.URL, Headers: map[string]string{"Authorization": "Bearer abc"}}, FetchOptions{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if got := auth.Load(); got != "Bearer abc" {
		t.Errorf("Authorization %v", got)
	}
}

// A remote $ref is kept as the server wrote it and never fetched.
func TestFetchNeverFollowsRemoteRef(t *testing.T) {
	var hits atomic.Int32
	ref := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer ref.Close()
	c, err := Fetch(context.Background(), fixtureStdio("-mode", "remote-ref", "-ref-url", ref.URL+"/schema.json"), FetchOptions{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	tool := c.Tool("remote_ref")
	if tool == nil || tool.Input().Get("$ref").Text != ref.URL+"/schema.json" {
		t.Fatalf("remote_ref tool missing or rewritten")
	}
	if hits.Load() != 0 {
		t.Errorf("the remote $ref was fetched %d times", hits.Load())
	}
}

func TestFetchKeepsWorkflowCommandText(t *testing.T) {
	c, err := Fetch(context.Background(), fixtureStdio("-mode", "workflow-text"), FetchOptions{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	tool := c.Tool("workflow_text")
	if tool == nil || !strings.HasPrefix(tool.Node.Get("description").Text, "::error file=action.yml,line=1::injected%0A") {
		t.Fatal("workflow_text tool missing or its description changed")
	}
}

func TestFetchAllKeepsInputOrder(t *testing.T) {
	servers := []*ServerConfig{
		{Name: "crashes", Command: []string{fixtureBin, "-mode", "crash"}},
		fixtureStdio(),
		{Name: "file", File: corpusFile},
	}
	servers[1].Name = "live"
	catalogs, err := FetchAll(context.Background(), servers, FetchOptions{Timeout: 10 * time.Second, Concurrency: 2})
	var se *contract.ServerError
	if !errors.As(err, &se) || se.Server != "crashes" {
		t.Fatalf("got %v, want the crash's ServerError", err)
	}
	for i, want := range []string{"crashes", "live", "file"} {
		if catalogs[i].Server != want {
			t.Errorf("catalog %d is %q, want %q", i, catalogs[i].Server, want)
		}
	}
	if strings.HasPrefix(catalogs[0].Error, "server ") {
		t.Errorf("the catalog's error repeats the server name: %q", catalogs[0].Error)
	}
	if catalogs[0].Error == "" || len(catalogs[1].Tools) == 0 || len(catalogs[2].Tools) != len(catalogs[1].Tools) {
		t.Errorf("errors %q %q %q, tools %d %d", catalogs[0].Error, catalogs[1].Error, catalogs[2].Error, len(catalogs[1].Tools), len(catalogs[2].Tools))
	}
}

func TestFetchInterrupted(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := Fetch(ctx, fixtureStdio("-mode", "hang"), FetchOptions{Timeout: time.Minute})
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("got %v", err)
	}
}

// The legacy SSE stream outlives the handshake's timeout: tools/list comes
// in pages, each a quarter of the timeout slow, so the fetch as a whole
// lasts 1.25 times the timeout while every request has 3 s to spare. A
// loaded machine only adds time, and it would take 3 s on one request to
// fail: with two steps of 55% of 2 s (0.9 s to spare) the test failed on a
// 2-core machine at a load average near 20.
func TestFetchLegacySSEOutlivesHandshakeTimeout(t *testing.T) {
	const (
		timeout = 4 * time.Second
		pages   = 5
	)
	server := mcp.NewServer(&mcp.Implementation{Name: "slow", Version: "1"}, &mcp.ServerOptions{PageSize: 1})
	for i := range pages {
		server.AddTool(&mcp.Tool{Name: fmt.Sprintf("t%d", i), InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	}
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				time.Sleep(timeout / 4)
			}
			return next(ctx, method, req)
		}
	})
	srv := httptest.NewServer(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return server }, nil))
	defer srv.Close()
	began := time.Now()
	c, err := Fetch(context.Background(), &ServerConfig{Name: "slow", URL: srv.URL, Transport: "sse"}, FetchOptions{Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Tools) != pages {
		t.Errorf("%d tools, want %d", len(c.Tools), pages)
	}
	if took := time.Since(began); took <= timeout {
		t.Errorf("the fetch took %s, within the %s timeout: the test proves nothing", took, timeout)
	}
}

// A server that answers every page just under the timeout would hold the
// run for MaxPages times it; the whole fetch stops at FetchTimeouts times.
func TestFetchStopsAtTheWholeFetchBound(t *testing.T) {
	const timeout = 2 * time.Second
	// Far beyond the bound, far below 1,000 pages of 1.2 s.
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	start := time.Now()
	_, err := Fetch(ctx, fixtureStdio("-mode", "endless-cursor", "-page-delay", "1200ms"), FetchOptions{Timeout: timeout})
	took := time.Since(start)
	var se *contract.ServerError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, "stopped after 10s, the bound on a whole fetch (the start timeout of 2s plus 4 times the timeout of 2s)") {
		t.Fatalf("after %s: %v", took, err)
	}
	if took > 60*time.Second {
		t.Errorf("the fetch took %s", took)
	}
}

// An https endpoint that redirects to http on the same host must not get
// its headers sent there in clear. The plain server stands at the host and
// port the https endpoint names, as port 80 and 443 share a host name.
func TestHeadersStayOffAnHTTPRedirectOfTheSameHost(t *testing.T) {
	var got atomic.Value
	got.Store("")
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Store(r.Header.Get("Authorization"))
	}))
	defer plain.Close()
	host := strings.TrimPrefix(plain.URL, "http://")
	h, err := newHeaderTransport("https://"+host+"/mcp", map[string]string{"Authorization": "Bearer tok-redirected-1"}, 1<<20, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Where the client goes after the https endpoint answered 307 with
	// Location: http://host/mcp.
	resp, err := h.client().Get(plain.URL + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if auth := got.Load().(string); auth != "" {
		t.Errorf("the http request carried Authorization %q", auth)
	}
}

// openDir is a temporary folder every user can reach: as root the servers
// run as other users, and t.TempDir's parent is private to us.
func openDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
