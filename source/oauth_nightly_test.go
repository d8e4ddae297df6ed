package source

import (
	"context"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/fixtureserver"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"go.yaml.in/yaml/v3"
)

// The nightly example as a user copies it: the step's env: sets each
// variable from a repository secret, the example config reads them, and
// both staging servers are listed, the OAuth one with one token.
func TestNightlyExampleWithRepositorySecrets(t *testing.T) {
	as := startAuthServer(t)
	oauthURL := startProtected(t, checkFor(as))
	staticURL := startStaticToken(t, "stg-static-token-31")
	secrets := map[string]string{"STAGING_URL": staticURL, "STAGING_TOKEN": "stg-static-token-31",
		"STAGING_OAUTH_URL": oauthURL, "STAGING_CLIENT_ID": testClientID, "STAGING_CLIENT_SECRET": testClientSecret}

	data, err := os.ReadFile("../examples/workflows/nightly.yml")
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				Uses string
				Env  map[string]string
			}
		}
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	secretRef := regexp.MustCompile(`^\$\{\{ secrets\.([A-Z_]+) \}\}$`)
	for _, step := range wf.Jobs["drift"].Steps {
		if !strings.HasPrefix(step.Uses, "mcp-contract/mcp-contract@") {
			continue
		}
		for k, v := range step.Env {
			m := secretRef.FindStringSubmatch(v)
			if m == nil {
				t.Errorf("env %s = %q is not a repository secret", k, v)
				continue
			}
			env[k] = secrets[m[1]]
		}
	}
	cfg, err := LoadConfig("../examples/workflows/nightly.mcp-contract.yaml", func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range cfg.Servers {
		if err := s.CheckResolved(cfg.File); err != nil {
			t.Fatalf("%v (the workflow's env: does not set it)", err)
		}
	}
	m := safetext.NewMasker(cfg.Secrets...)
	catalogs, err := FetchAll(context.Background(), cfg.Servers, FetchOptions{Timeout: 10 * time.Second, Masker: m})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range catalogs {
		wantCorpusTools(t, c)
	}
	if reqs := as.tokenRequests(); len(reqs) != 1 {
		t.Errorf("%d token requests, want 1", len(reqs))
	}
	for _, s := range []string{testClientSecret, "stg-static-token-31"} {
		if m.Mask(s) == s {
			t.Errorf("%q is not masked", s)
		}
	}
}

// startStaticToken serves the corpus tools at /mcp to requests bearing token.
func startStaticToken(t *testing.T, token string) string {
	t.Helper()
	data, err := os.ReadFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := fixtureserver.New(data, fixtureserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := fs.Handler()
	srv := httpTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+token {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	return srv + "/mcp"
}
