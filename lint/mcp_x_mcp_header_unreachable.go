package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
)

var _ = register(&Rule{
	ID:       "mcp/x-mcp-header-unreachable",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  `an "x-mcp-header" sits where clients do not look (not reachable through "properties" only)`,
	Help: `Why: MCP 2026-07-28 (SEP-2243, server/tools.mdx §x-mcp-header) says the
annotated property must be reachable from the inputSchema root through
"properties" keys only; a path through items, anyOf/oneOf/allOf, not,
if/then/else, $defs or $ref does not count, because the client must find the
single argument value to copy into the header. Clients (the Go SDK v1.8.0
walks "properties" only) ignore such an annotation, so the header the server
expects is never sent.

What is checked: every "x-mcp-header" in inputSchema whose path from the root
leaves "properties".

Fix: move the parameter to a plain (possibly nested) "properties" entry, or
drop the annotation.

Checked whatever --mcp-version says: the annotation means something only from
2026-07-28, but clients that know it already drop tools with a broken one
(the Go SDK v1.8.0 filters tools/list on every transport and version).`,
	CheckTool: func(p *Pass) {
		for _, h := range headerSites(p.Tool) {
			if !h.Reachable {
				p.Report(h.Value, h.Pointer, `move the parameter under "properties" of the root (or of nested objects)`,
					"x-mcp-header at %s is not reachable from the root through \"properties\" only; clients ignore it", parentPointer(h.Pointer))
			}
		}
	},
})
