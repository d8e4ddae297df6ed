package lint

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

var _ = register(&Rule{
	ID:       "mcp/x-mcp-header-secret",
	Profile:  ProfileMCP,
	Severity: contract.Warning,
	Summary:  `an "x-mcp-header" parameter looks like a secret`,
	Help: `Why: x-mcp-header copies an argument into a plain HTTP header, where proxies,
gateways and access logs see and keep it. MCP 2026-07-28 (SEP-2243,
server/tools.mdx §x-mcp-header) says servers SHOULD NOT put secrets in these
parameters; and a secret passed as a tool argument has also been through the
model's context.

What is checked (a heuristic): the header name or the property name contains
password, passwd, secret, token, api_key/apikey/api-key, authorization,
credential, cookie, session or private_key (case-insensitive).

Fix: authenticate the transport (OAuth, or an Authorization header set by the
client configuration), not a tool argument.`,
	CheckTool: func(p *Pass) {
		for _, h := range headerSites(p.Tool) {
			name, _ := h.headerName()
			for _, candidate := range []string{name, h.Property} {
				if word := secretWord(candidate); word != "" {
					p.Report(h.Value, h.Pointer, "authenticate the transport instead of passing secrets as arguments",
						"x-mcp-header parameter %q looks like a secret (%q); header values are visible to proxies and logs", candidate, word)
					break
				}
			}
		}
	},
})

var secretWords = []string{"password", "passwd", "secret", "token", "api_key", "apikey", "api-key", "authorization", "credential", "cookie", "session", "private_key"}

func secretWord(name string) string {
	lower := strings.ToLower(name)
	for _, w := range secretWords {
		if strings.Contains(lower, w) {
			return w
		}
	}
	return ""
}
