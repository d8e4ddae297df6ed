package lint

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "mcp/missing-description",
	Profile:  ProfileMCP,
	Severity: contract.Info,
	Summary:  "tool has no description",
	Help: `Why: the description is what the model reads to decide when and how to call
the tool (server/tools.mdx: "description: Human-readable description of
functionality"). It is optional in schema.ts, but a tool without one is picked
by name alone, which is how tools get called for the wrong job.

What is checked: "description" is a non-blank string.

Fix: say in one or two sentences what the tool does, when to use it, and what
it returns.`,
	CheckTool: func(p *Pass) {
		d := p.Tool.Node.Get("description")
		switch {
		case d == nil:
			p.Report(p.Tool.Node, "", "add a \"description\"", "tool has no description")
		case !d.Is(jsontree.String):
			p.Report(d, "/description", "make the description a string", "description is %s, not a string", d.Kind)
		case strings.TrimSpace(d.Text) == "":
			p.Report(d, "/description", "write a description", "description is blank")
		}
	},
})
