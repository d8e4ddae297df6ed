package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "mcp/tool-name-invalid",
	Profile:  ProfileMCP,
	Severity: contract.Warning,
	Summary:  "tool name is missing or not 1-128 characters of A-Z a-z 0-9 _ - .",
	Help: `Why: MCP 2025-11-25 and 2026-07-28 (server/tools.mdx §Tool Names, SEP-986) say
a tool name SHOULD be 1-128 characters of A-Z, a-z, 0-9, "_", "-" and "."
only (case-sensitive; no spaces, commas or "/"). The Go SDK v1.8.0 logs an
error when a server registers any other name (Server.AddTool, mcp/tool.go
validateToolName), and clients that forward names to LLM providers break on them: OpenAI and Anthropic reject "." too
(openai/codex#8174), "/" broke LLMKube#1525. "name" itself is required by
schema.ts (BaseMetadata).

What is checked: "name" is a string matching ^[A-Za-z0-9_.-]{1,128}$.

Fix: rename to letters, digits and "_" (the portable subset), e.g.
"admin_tools_list" rather than "admin tools/list".`,
	CheckTool: func(p *Pass) {
		name := p.Tool.Node.Get("name")
		switch {
		case name == nil:
			p.Report(p.Tool.Node, "", "add a \"name\"", "tool has no \"name\"; it is required")
		case !name.Is(jsontree.String):
			p.Report(name, "/name", "make \"name\" a string", "tool name is %s, not a string", name.Kind)
		case len(name.Text) == 0:
			p.Report(name, "/name", "give the tool a name", "tool name is empty")
		case len(name.Text) > 128:
			p.Report(name, "/name", "shorten the name to at most 128 characters", "tool name is %d bytes long; the limit is 128", len(name.Text))
		default:
			if bad, ok := firstBadNameChar(name.Text); ok {
				p.Report(name, "/name", "use only A-Z a-z 0-9 _ - .", "tool name %q contains %q; only A-Z a-z 0-9 _ - . are allowed", name.Text, bad)
			}
		}
	},
})

func firstBadNameChar(name string) (rune, bool) {
	for _, c := range name {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-', c == '.':
		default:
			return c, true
		}
	}
	return 0, false
}
