package source

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fixtureserver"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/internal/testenv"
)

const (
	testClientID     = "mcp-contract-nightly"
	testClientSecret = "s3cret-client-credential-9f2e"
)

// authServer is oauth2-mock-server run by testdata/npm/authserver.mjs: a
// real authorization server that knows one client.
type authServer struct {
	issuer string
	mu     sync.Mutex
	// requests are the token requests it answered, as it logged them.
	requests []tokenRequest
}

type tokenRequest struct {
	Token    bool    `json:"token"`
	Grant    string  `json:"grant"`
	Auth     *string `json:"auth"`
	Resource *string `json:"resource"`
	Audience *string `json:"audience"`
	Scope    *string `json:"scope"`
}

func startAuthServer(t testing.TB, env ...string) *authServer {
	t.Helper()
	dir := testenv.NpmDir(t, "..", "oauth2-mock-server")
	cmd := exec.Command("node", "authserver.mjs")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "OAUTH_CLIENT_ID="+testClientID, "OAUTH_CLIENT_SECRET="+testClientSecret), env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	lines := bufio.NewScanner(out)
	if !lines.Scan() {
		t.Fatal("the authorization server printed nothing")
	}
	var first struct{ Issuer string }
	if err := json.Unmarshal(lines.Bytes(), &first); err != nil || first.Issuer == "" {
		t.Fatalf("the authorization server printed %q", lines.Text())
	}
	as := &authServer{issuer: first.Issuer}
	go func() {
		for lines.Scan() {
			var r tokenRequest
			if json.Unmarshal(lines.Bytes(), &r) == nil {
				as.mu.Lock()
				as.requests = append(as.requests, r)
				as.mu.Unlock()
			}
		}
	}()
	return as
}

// tokenRequests are the requests logged so far; the log line is written
// before the answer, so a finished fetch's requests are all in.
func (as *authServer) tokenRequests() []tokenRequest {
	time.Sleep(50 * time.Millisecond)
	as.mu.Lock()
	defer as.mu.Unlock()
	return append([]tokenRequest(nil), as.requests...)
}

// startProtected serves the corpus tools at /mcp behind check, whose
// Resource it sets, and returns the endpoint's URL.
func startProtected(t testing.TB, check *fixtureserver.TokenCheck) string {
	t.Helper()
	return startProtectedMode(t, check, fixtureserver.Normal)
}

func startProtectedMode(t testing.TB, check *fixtureserver.TokenCheck, mode fixtureserver.Mode) string {
	t.Helper()
	data, err := os.ReadFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := fixtureserver.New(data, fixtureserver.Options{Mode: mode})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	endpoint := "http://" + ln.Addr().String() + "/mcp"
	check.Resource = endpoint
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: check.Protect("/mcp", fs.Handler())}}
	srv.Start()
	t.Cleanup(srv.Close)
	return endpoint
}

func httpTestServer(t testing.TB, h http.Handler) string {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

func checkFor(as *authServer) *fixtureserver.TokenCheck {
	return &fixtureserver.TokenCheck{Issuer: as.issuer, JWKSURL: as.issuer + "/jwks", Scopes: []string{"tools.read"}}
}

// stagingConfig is a config as a user writes it, the secrets in variables.
func stagingConfig(t *testing.T, url, extra string, env map[string]string) *ServerConfig {
	t.Helper()
	yml := "version: 1\nservers:\n  staging:\n    url: " + url + "\n    auth:\n      client-credentials:\n" +
		"        client-id: ${STAGING_CLIENT_ID}\n        client-secret: ${STAGING_CLIENT_SECRET}\n" + extra
	if env == nil {
		env = map[string]string{"STAGING_CLIENT_ID": testClientID, "STAGING_CLIENT_SECRET": testClientSecret}
	}
	cfg, err := ParseConfig([]byte(yml), ".mcp-contract.yaml", func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Servers[0]
}

func fetchWithAuth(t *testing.T, sc *ServerConfig, m *safetext.Masker) error {
	t.Helper()
	c, err := Fetch(context.Background(), sc, FetchOptions{Timeout: 10 * time.Second, Masker: m})
	if err == nil {
		wantCorpusTools(t, c)
	}
	return err
}

func TestOAuthDiscoveryFromTheChallenge(t *testing.T) {
	as := startAuthServer(t)
	endpoint := startProtected(t, checkFor(as))
	m := safetext.NewMasker(testClientSecret)
	if err := fetchWithAuth(t, stagingConfig(t, endpoint, "", nil), m); err != nil {
		t.Fatal(err)
	}
	reqs := as.tokenRequests()
	if len(reqs) != 1 {
		t.Fatalf("%d token requests, want 1 for the run: %+v", len(reqs), reqs)
	}
	r := reqs[0]
	if !r.Token || r.Grant != "client_credentials" || deref(r.Auth) != "basic" || deref(r.Resource) != endpoint || deref(r.Scope) != "tools.read" {
		t.Errorf("token request %+v, want client_credentials with HTTP Basic, resource %s and the challenge's scope", r, endpoint)
	}
	// The token obtained is a secret of the run from then on.
	if len(m.Secrets()) != 2 {
		t.Errorf("masker holds %d secrets, want the client secret and the token", len(m.Secrets()))
	}
}

// A server that echoes the request's headers into a tool shows the token
// it was sent; the token was a secret before it was first sent.
func TestOAuthTokenEchoedByTheServerIsMasked(t *testing.T) {
	as := startAuthServer(t)
	endpoint := startProtectedMode(t, checkFor(as), fixtureserver.EchoHeaders)
	m := safetext.NewMasker(testClientSecret)
	c, err := Fetch(context.Background(), stagingConfig(t, endpoint, "", nil), FetchOptions{Timeout: 10 * time.Second, Masker: m})
	if err != nil {
		t.Fatal(err)
	}
	echo := c.Tools[len(c.Tools)-1]
	desc := echo.Node.Get("description").Text
	if echo.Name != fixtureserver.EchoHeadersTool || !strings.Contains(desc, "Authorization=Bearer "+safetext.Replacement) || len(echo.Masked) == 0 {
		t.Fatalf("the echoed token is not masked: %s %q %v", echo.Name, desc, echo.Masked)
	}
	for _, s := range m.Secrets() {
		if strings.Contains(desc, s) {
			t.Errorf("a secret shows in %q", desc)
		}
	}
}

func TestOAuthDiscoveryFromTheWellKnownPath(t *testing.T) {
	as := startAuthServer(t)
	check := checkFor(as)
	check.NoChallengeMetadata = true
	endpoint := startProtected(t, check)
	if err := fetchWithAuth(t, stagingConfig(t, endpoint, "        scope: tools.read\n", nil), nil); err != nil {
		t.Fatal(err)
	}
	if reqs := as.tokenRequests(); len(reqs) != 1 || !reqs[0].Token || deref(reqs[0].Resource) != endpoint {
		t.Fatalf("token requests %+v, want one for %s", reqs, endpoint)
	}
}

func TestOAuthConfiguredTokenURLSkipsDiscovery(t *testing.T) {
	as := startAuthServer(t)
	endpoint := startProtected(t, checkFor(as))
	extra := "        token-url: " + as.issuer + "/token\n        scope: [tools.read]\n        audience: staging-api\n"
	if err := fetchWithAuth(t, stagingConfig(t, endpoint, extra, nil), nil); err != nil {
		t.Fatal(err)
	}
	if reqs := as.tokenRequests(); len(reqs) != 1 || deref(reqs[0].Audience) != "staging-api" || deref(reqs[0].Resource) != endpoint {
		t.Fatalf("token requests %+v, want one with the audience and the resource", reqs)
	}
}

// A token the server stops accepting mid-run is renewed once, never twice.
func TestOAuthRenewsTheTokenOnce(t *testing.T) {
	as := startAuthServer(t)
	check := checkFor(as)
	// A session is five requests (server/discover, initialize,
	// notifications/initialized, tools/list, the closing DELETE): the first
	// token serves two, the renewed one the rest until it is refused too,
	// which only the DELETE sees.
	check.UsesPerToken = 2
	endpoint := startProtected(t, check)
	if err := fetchWithAuth(t, stagingConfig(t, endpoint, "", nil), nil); err != nil {
		t.Fatal(err)
	}
	if reqs := as.tokenRequests(); len(reqs) != 2 {
		t.Fatalf("%d token requests, want 2 (the first token and one renewal)", len(reqs))
	}

	as2 := startAuthServer(t)
	check2 := checkFor(as2)
	check2.UsesPerToken = 1
	endpoint2 := startProtected(t, check2)
	err := fetchWithAuth(t, stagingConfig(t, endpoint2, "", nil), nil)
	if err == nil {
		t.Fatal("a server refusing every token after one use was listed")
	}
	if reqs := as2.tokenRequests(); len(reqs) != 2 {
		t.Errorf("%d token requests, want 2: the token is renewed once per run", len(reqs))
	}
	for _, want := range []string{"401 Unauthorized to the token obtained from", "(renewed once)", "servers.staging.auth"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
}

func TestOAuthWrongSecret(t *testing.T) {
	as := startAuthServer(t)
	endpoint := startProtected(t, checkFor(as))
	wrong := "not-the-secret-7c1d"
	sc := stagingConfig(t, endpoint, "", map[string]string{"STAGING_CLIENT_ID": testClientID, "STAGING_CLIENT_SECRET": wrong})
	err := fetchWithAuth(t, sc, safetext.NewMasker(wrong))
	if err == nil {
		t.Fatal("a wrong secret got a token")
	}
	msg := err.Error()
	for _, want := range []string{"the token endpoint " + as.issuer + "/token refused the client_credentials grant with HTTP 401",
		`"invalid_client" ("client authentication failed")`, "check client-id and client-secret in servers.staging.auth"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q: %s", want, msg)
		}
	}
	if strings.Contains(msg, wrong) {
		t.Errorf("error echoes the secret: %s", msg)
	}
	if reqs := as.tokenRequests(); len(reqs) != 1 {
		t.Errorf("%d token requests, want 1: a refused client is not retried", len(reqs))
	}
}

// Metadata that sends the secret to a host other than the issuer's is
// refused before any token request.
func TestOAuthRefusesATokenEndpointOnAnotherHost(t *testing.T) {
	as := startAuthServer(t)
	var issuer string
	meta := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"issuer": issuer,
			"token_endpoint": strings.Replace(as.issuer, "127.0.0.1", "localhost", 1) + "/token"})
	}))
	t.Cleanup(meta.Close)
	issuer = meta.URL
	check := checkFor(as)
	check.Issuer = meta.URL
	endpoint := startProtected(t, check)
	err := fetchWithAuth(t, stagingConfig(t, endpoint, "", nil), nil)
	if err == nil || !strings.Contains(err.Error(), "is not on the issuer's host") {
		t.Fatalf("got %v, want the token endpoint refused", err)
	}
	if reqs := as.tokenRequests(); len(reqs) != 0 {
		t.Errorf("%d token requests, want none", len(reqs))
	}
}

// Without auth: configured, the 401 says what the server asked for and
// what to write.
func TestUnauthorizedIsExplained(t *testing.T) {
	as := startAuthServer(t)
	endpoint := startProtected(t, checkFor(as))
	_, err := Fetch(context.Background(), &ServerConfig{Name: "staging", URL: endpoint}, FetchOptions{Timeout: 10 * time.Second})
	if err == nil {
		t.Fatal("listed without a token")
	}
	for _, want := range []string{"401 Unauthorized and asks for Bearer auth", `scope "tools.read"`,
		`resource metadata "http://` + strings.TrimPrefix(endpoint, "http://")[:len(strings.TrimPrefix(endpoint, "http://"))-4] + `/.well-known/oauth-protected-resource/mcp"`,
		`authorization server "` + as.issuer + `"`, contract.NeedsOAuthClient, "auth: {client-credentials: {client-id:", `Authorization: "Bearer ${TOKEN}"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// What discovery and the grant add to a fetch, on loopback, with the corpus
// tools (117): a fetch behind OAuth finding its metadata from the challenge
// and from the well-known path, each obtaining its token anew, and the same
// server unprotected.
func BenchmarkFetchBehindOAuth(b *testing.B) {
	for _, bc := range []struct {
		name        string
		noChallenge bool
	}{{"challenge", false}, {"well-known", true}} {
		b.Run(bc.name, func(b *testing.B) {
			as := startAuthServer(b)
			check := &fixtureserver.TokenCheck{Issuer: as.issuer, JWKSURL: as.issuer + "/jwks", Scopes: []string{"tools.read"}, NoChallengeMetadata: bc.noChallenge}
			endpoint := startProtected(b, check)
			sc := &ServerConfig{Name: "staging", URL: endpoint, Auth: &Auth{ClientCredentials: &ClientCredentials{
				ClientID: testClientID, ClientSecret: testClientSecret, Scopes: []string{"tools.read"}}}}
			benchFetch(b, sc)
		})
	}
	b.Run("no-auth", func(b *testing.B) {
		data, err := os.ReadFile(corpusFile)
		if err != nil {
			b.Fatal(err)
		}
		fs, err := fixtureserver.New(data, fixtureserver.Options{})
		if err != nil {
			b.Fatal(err)
		}
		benchFetch(b, &ServerConfig{Name: "staging", URL: httpTestServer(b, fs.Handler()) + "/mcp"})
	})
}

func benchFetch(b *testing.B, sc *ServerConfig) {
	b.ResetTimer()
	for range b.N {
		if _, err := Fetch(context.Background(), sc, FetchOptions{Timeout: 10 * time.Second}); err != nil {
			b.Fatal(err)
		}
	}
}
