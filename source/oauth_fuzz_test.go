package source

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// A challenge is the server's to write: whatever it holds, the explanation
// is one masked line of bounded length, and nothing is fetched from a URL
// that is neither https nor on this machine.
func FuzzExplainRefusal(f *testing.F) {
	for _, seed := range []string{
		`Bearer resource_metadata="https://h/.well-known/oauth-protected-resource", scope="a b"`,
		`Bearer error="invalid_token", error_description="expired\n::error::x"`,
		`Basic realm="s3cret-value-1"`, `Bearer realm="\"`, `"`, ``, `Bearer ,,,=`, "Bearer scope=\"\u202e\"",
		`Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple"`,
	} {
		f.Add(seed, 401)
	}
	m := safetext.NewMasker("s3cret-value-1")
	sc := &ServerConfig{Name: "s", URL: "https://h/mcp"}
	f.Fuzz(func(t *testing.T, header string, status int) {
		if status != http.StatusUnauthorized {
			status = http.StatusForbidden
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		// No auth client: the resource metadata of an https URL would be
		// read, so the fuzzer's URLs are kept off the network.
		header = strings.ReplaceAll(header, "https", "hxxps")
		got := explainRefusal(ctx, &refusal{status: status, challenge: []string{header}}, sc, nil, m, time.Second)
		if strings.ContainsAny(got, "\n\r\u202e") || strings.Contains(got, "s3cret-value-1") {
			t.Errorf("unsafe explanation %q", got)
		}
		if len(got) > 2400 {
			t.Errorf("explanation of %d bytes", len(got))
		}
	})
}
