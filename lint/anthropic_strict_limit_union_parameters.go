package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "anthropic-strict/limit-union-parameters",
	Profile:  ProfileAnthropicStrict,
	Severity: contract.Error,
	Summary:  "more than 16 union-typed parameters across the catalog's strict schemas",
	Help: "Anthropic allows at most 16 parameters that use `anyOf` or type arrays across all strict schemas of one request (LangSchema.Converter.Anthropic " +
		"and cskiro/claudex, summarising the structured-outputs docs; weak evidence); `type: [T, \"null\"]` counts. The finding is per catalog (server). " +
		"Fix: set strict only on the tools that need it, or replace nullable unions by optional parameters.",
	CheckCatalog: func(p *CatalogPass) {
		providerCatalogLimit(p, 16, "union-typed parameters", func(n providerParamCounts) int { return n.union })
	},
})
