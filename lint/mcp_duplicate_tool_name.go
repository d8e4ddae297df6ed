package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "mcp/duplicate-tool-name",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  "two tools of one server share a name",
	Help: `Why: a tools/call names its tool, so two tools with one name make one of them
unreachable, and which one a client keeps is arbitrary (last wins in a map,
first in a list). MCP server/tools.mdx §Tool Names (2025-11-25, SEP-986) says
names SHOULD be unique within a server. Real case: github/github-mcp-server's
snapshots hold two "list_issues" tools (the second is the
list_issues_ff_remote_mcp_issue_fields feature-flag variant), see
testdata/corpus/drift/gh-dependabot-page-to-cursor-pagination.

What is checked: within each server, every tool after the first with a given
name (exact, case-sensitive match, as names are case-sensitive).

Fix: give each tool a distinct name, or publish only one variant at a time.`,
	CheckCatalog: func(p *CatalogPass) {
		for _, c := range p.Catalogs {
			first := map[string]*contract.Tool{}
			for _, t := range c.Tools {
				name := t.Node.Get("name")
				if !name.Is(jsontree.String) {
					continue // mcp/tool-name-invalid reports it
				}
				if prev, dup := first[t.Name]; dup {
					p.Report(c, t, name, "/name", "rename one of the tools",
						"tool name %q is already used by the tool at index %d of this server", t.Name, prev.Index)
					continue
				}
				first[t.Name] = t
			}
		}
	},
})
