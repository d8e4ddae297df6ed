package lint

import "github.com/mcp-contract/mcp-contract/contract"

// anthropicStrictMaxTools is the number of strict tools one request may carry.
const anthropicStrictMaxTools = 20

var _ = register(&Rule{
	ID:       "anthropic-strict/limit-tools",
	Profile:  ProfileAnthropicStrict,
	Severity: contract.Error,
	Summary:  "more than 20 tools for one strict request",
	Help: "Anthropic allows at most 20 strict tools per request (LangSchema.Converter.Anthropic, summarising the structured-outputs docs; weak evidence). " +
		"A client that marks every tool of a larger server strict is refused. The finding is per catalog (server). " +
		"Fix: set strict only on the tools that need guaranteed arguments.",
	CheckCatalog: func(p *CatalogPass) {
		for _, c := range p.Catalogs {
			if len(c.Tools) > anthropicStrictMaxTools {
				p.Report(c, nil, nil, "", "send strict: true only on the tools that need it",
					"%d tools in one strict request (limit %d)", len(c.Tools), anthropicStrictMaxTools)
			}
		}
	},
})
