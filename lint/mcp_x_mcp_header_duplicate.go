package lint

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

var _ = register(&Rule{
	ID:       "mcp/x-mcp-header-duplicate",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  `two "x-mcp-header" annotations of one tool name the same header (ignoring case)`,
	Help: `Why: HTTP header names are case-insensitive, so "Region" and "region" would
both become one Mcp-Param-Region header and a proxy could not tell the
arguments apart. MCP 2026-07-28 (SEP-2243, server/tools.mdx §x-mcp-header)
says the value MUST be unique within the inputSchema, case-insensitively;
streamable-HTTP clients MUST drop the tool, and the Go SDK v1.8.0 drops it on
every transport ("duplicate x-mcp-header value ... (case-insensitive)").

What is checked: valid header names across the whole inputSchema; the second
and later uses are reported.

Fix: give each annotated parameter its own header name.

Checked whatever --mcp-version says: the annotation means something only from
2026-07-28, but clients that know it already drop tools with a broken one
(the Go SDK v1.8.0 filters tools/list on every transport and version).`,
	CheckTool: func(p *Pass) {
		first := map[string]headerSite{}
		for _, h := range headerSites(p.Tool) {
			name, ok := h.headerName()
			if !ok {
				continue
			}
			key := strings.ToLower(name)
			if prev, dup := first[key]; dup {
				p.Report(h.Value, h.Pointer, "rename one of the headers",
					"x-mcp-header %q duplicates %q at %s (header names ignore case)", name, prev.Value.Text, prev.Pointer)
				continue
			}
			first[key] = h
		}
	},
})
