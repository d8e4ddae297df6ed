package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
)

var _ = register(&Rule{
	ID:       "mcp/output-schema-root-not-object",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  `outputSchema root is not {"type": "object"} (MCP before 2026-07-28)`,
	Help: `Why: up to MCP 2025-11-25, outputSchema is "currently restricted to type:
\"object\" at the root level" (schema/2025-11-25/schema.ts; outputSchema and
structuredContent arrived in 2025-06-18), so clients of those versions reject
or mis-validate other roots. 2026-07-28 allows any root (SEP-2106 §2), which
is why this rule runs only when --mcp-version is before 2026-07-28.

What is checked: when outputSchema is present, it is an object whose "type" is
exactly "object".

Fix: wrap the result in an object, e.g. {"type": "object", "properties":
{"items": <your array schema>}}, or target --mcp-version 2026-07-28 if every
client speaks it.`,
	CheckTool: func(p *Pass) {
		if p.Options.MCPVersion >= MCP20260728 || p.Tool.Node.Get("outputSchema") == nil {
			return
		}
		checkObjectRoot(p, "outputSchema")
	},
})
