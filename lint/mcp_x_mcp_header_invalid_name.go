package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "mcp/x-mcp-header-invalid-name",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  `an "x-mcp-header" value is not a valid HTTP header name`,
	Help: `Why: MCP 2026-07-28 (SEP-2243; server/tools.mdx §x-mcp-header and
basic/transports/streamable-http.mdx §Custom Headers from Tool Parameters)
mirrors an argument into an "Mcp-Param-<name>" HTTP header. The name MUST NOT
be empty and MUST match RFC 9110 1*tchar (letters, digits and
!#$%&'*+-.^_` + "`" + `|~; no spaces, ":" or control characters). Streamable-HTTP clients
MUST drop a tool that violates this from tools/list, and the Go SDK v1.8.0
drops it on every transport, stdio included (filterValidTools), so the tool
silently disappears.

What is checked: every "x-mcp-header" in inputSchema is a non-empty string of
tchar characters.

Fix: use a plain token such as "Region" or "Tenant-Id".

Checked whatever --mcp-version says: the annotation means something only from
2026-07-28, but clients that know it already drop tools with a broken one
(the Go SDK v1.8.0 filters tools/list on every transport and version).`,
	CheckTool: func(p *Pass) {
		for _, h := range headerSites(p.Tool) {
			if _, ok := h.headerName(); ok {
				continue
			}
			switch {
			case !h.Value.Is(jsontree.String):
				p.Report(h.Value, h.Pointer, "use a header name string", "x-mcp-header is %s, not a string", h.Value.Kind)
			case h.Value.Text == "":
				p.Report(h.Value, h.Pointer, "use a header name such as \"Region\"", "x-mcp-header is empty")
			default:
				p.Report(h.Value, h.Pointer, "use only letters, digits and !#$%&'*+-.^_`|~",
					"x-mcp-header %q is not an HTTP token (RFC 9110 tchar): it contains %q", h.Value.Text, firstNonTChar(h.Value.Text))
			}
		}
	},
})

func firstNonTChar(s string) rune {
	for _, c := range s {
		if !isTChar(c) {
			return c
		}
	}
	return 0
}
