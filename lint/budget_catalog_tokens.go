package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// DefaultMaxCatalogTokens is the token budget of a session's tool definitions
// when Options.MaxCatalogTokens is 0.
const DefaultMaxCatalogTokens = 20000

var budgetCatalogTokens = register(&Rule{
	ID:       "budget/catalog-tokens",
	Profile:  ProfileBudget,
	Severity: contract.Warning,
	Summary:  "the tool definitions of a client session cost more tokens per turn than the budget",
	Help: "Clients send every loaded tool's name, description and inputSchema to the model with " +
		"every request, so the definitions are paid for on every turn, crowd the context window and " +
		"push conversation out of it. This rule counts them with a real BPE tokenizer, o200k_base " +
		"(counted exactly as github.com/tiktoken-go/tokenizer counts, vocabulary built in, no download; a single word or run of " +
		"punctuation over 1 MiB long, which only a generated file has, is counted a MiB at a time and comes out a few tokens a MiB " +
		"over), over the compact JSON a " +
		"client forwards, across all servers of the run as one session, against a default budget of " +
		"20,000 tokens (config budget.max-catalog-tokens). The JSON report lists tokens per server and " +
		"tool. Fix: shorten long descriptions (examples and usage guides belong in docs or prompts), " +
		"drop unused tools, or split servers per project.",
	CheckCatalog: func(p *CatalogPass) {
		limit := p.Options.MaxCatalogTokens
		if limit <= 0 {
			limit = DefaultMaxCatalogTokens
		}
		var count TokenCount
		if p.Options.Tokens != nil {
			count = *p.Options.Tokens
		} else {
			count = CatalogTokens(p.Catalogs)
		}
		if count.Total <= limit {
			return
		}
		biggest := 0
		for i, s := range count.Servers {
			if s.Tokens > count.Servers[biggest].Tokens {
				biggest = i
			}
		}
		var top []string
		for _, t := range count.Top(3) {
			top = append(top, fmt.Sprintf("%s/%s %d", t.Server, t.Tool, t.Tokens))
		}
		fix := "shorten the longest descriptions, or load fewer tools per session"
		subject := "this server's tool definitions cost"
		if len(p.Catalogs) > 1 {
			subject = fmt.Sprintf("the tool definitions of the %d servers loaded together cost", len(p.Catalogs))
		}
		p.Report(p.Catalogs[biggest], nil, nil, "", fix, "%s %d tokens (%s) per turn, over the budget of %d (%s; largest tools: %s)",
			subject, count.Total, count.Encoding, limit, tokenShares(count), strings.Join(top, ", "))
	},
})

// tokenShares lists the servers by tokens, largest first, at most five.
func tokenShares(count TokenCount) string {
	servers := append([]ServerTokens(nil), count.Servers...)
	sort.SliceStable(servers, func(i, j int) bool { return servers[i].Tokens > servers[j].Tokens })
	var parts []string
	for i, s := range servers {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("%d more", len(servers)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", s.Server, s.Tokens))
	}
	return strings.Join(parts, ", ")
}
