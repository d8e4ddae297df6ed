package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// DefaultMaxTools is the tool budget of a client session when Options.MaxTools is 0.
const DefaultMaxTools = 40

var budgetToolCount = register(&Rule{
	ID:       "budget/tool-count",
	Profile:  ProfileBudget,
	Severity: contract.Warning,
	Summary:  "the servers loaded together expose more tools than a client session should carry",
	Help: "A client loads every tool of every configured server into one session, and the model " +
		"chooses among all of them on every turn. Past a few dozen tools, selection gets worse and " +
		"clients cut the list: Cursor documented sending only the first 40 MCP tools to its agent, and " +
		"OpenAI's function-calling guide advises keeping the functions available at once small for " +
		"accuracy. This rule counts the tools of all servers of the run as one session, against a " +
		"default budget of 40 (config budget.max-tools). Fix: load fewer servers per project, turn off " +
		"tools you do not use, or merge narrow tools into fewer, clearer ones.",
	CheckCatalog: func(p *CatalogPass) {
		limit := p.Options.MaxTools
		if limit <= 0 {
			limit = DefaultMaxTools
		}
		total := 0
		var biggest *contract.Catalog
		for _, c := range p.Catalogs {
			total += len(c.Tools)
			if biggest == nil || len(c.Tools) > len(biggest.Tools) {
				biggest = c
			}
		}
		if total <= limit {
			return
		}
		// The budget is a fact about the session, every server loaded
		// together: the finding belongs to no server, so reports say it once
		// under its own heading, never filed under the largest server.
		f := contract.Finding{Rule: p.Rule.ID, Severity: p.Rule.Severity, Category: contract.CategoryLint,
			Fix: "load fewer servers per session, or disable tools the session does not need"}
		if len(p.Catalogs) == 1 {
			f.Message = fmt.Sprintf("server %q alone exposes %d tools, over the budget of %d per client session", biggest.Server, total, limit)
		} else {
			f.Message = fmt.Sprintf("the %d servers loaded together expose %d tools, over the budget of %d per client session (%s)",
				len(p.Catalogs), total, limit, toolShares(p.Catalogs))
		}
		p.emit(f)
	},
})

// toolShares lists the servers by tool count, largest first, at most five.
func toolShares(catalogs []*contract.Catalog) string {
	sorted := append([]*contract.Catalog(nil), catalogs...)
	sort.SliceStable(sorted, func(i, j int) bool { return len(sorted[i].Tools) > len(sorted[j].Tools) })
	var parts []string
	for i, c := range sorted {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("%d more", len(sorted)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", c.Server, len(c.Tools)))
	}
	return strings.Join(parts, ", ")
}
