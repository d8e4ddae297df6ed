package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// The SARIF writer masks every text it writes: a finding's message, its fix,
// its pointer and the pointers of its related places. Each case holds the secret
// in one place only, so deleting any one masking call fails the test.
func TestSARIFMasksSecrets(t *testing.T) {
	const secret = "sarif-secret-7Hq2"
	base := contract.Finding{Rule: "security/secret-in-tool-text", Severity: contract.Error, Category: "security",
		Server: "s", Tool: "t", Pointer: "/description", Message: "plain"}
	for where, f := range map[string]contract.Finding{
		"message": func(f contract.Finding) contract.Finding { f.Message = "the description holds " + secret; return f }(base),
		"fix":     func(f contract.Finding) contract.Finding { f.Fix = "rotate " + secret; return f }(base),
		"pointer": func(f contract.Finding) contract.Finding { f.Pointer = "/properties/" + secret; return f }(base),
		"details": func(f contract.Finding) contract.Finding {
			f.Details = []string{"property " + secret + " may be missing"}
			return f
		}(base),
		"related": func(f contract.Finding) contract.Finding {
			f.Related = []contract.Location{{Server: "s", Tool: "t", Pointer: "/properties/" + secret}}
			return f
		}(base),
	} {
		r := &contract.Result{Servers: []contract.ServerInfo{{Name: "s", Tools: 1}}, Findings: []contract.Finding{f}}
		var buf bytes.Buffer
		if err := SARIF(&buf, r, SARIFOptions{Masker: safetext.NewMasker(secret)}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(buf.String(), secret) || !strings.Contains(buf.String(), safetext.Replacement) {
			t.Errorf("%s: the secret is not masked:\n%s", where, buf.String())
		}
	}
}
