package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "anthropic-strict/limit-optional-parameters",
	Profile:  ProfileAnthropicStrict,
	Severity: contract.Error,
	Summary:  "more than 24 optional parameters across the catalog's strict schemas",
	Help: "Anthropic allows at most 24 optional parameters across all strict schemas of one request (LangSchema.Converter.Anthropic and cskiro/claudex, " +
		"summarising the structured-outputs docs; weak evidence); larger sets fail with `Schema is too complex`, and the docs suggest marking fewer tools strict. " +
		"Optional means a property missing from its object's `required`, at any depth. The finding is per catalog (server), as a client sends the " +
		"whole catalog in one request. Fix: set strict only on the tools that need guaranteed arguments, or make parameters required.",
	CheckCatalog: func(p *CatalogPass) {
		providerCatalogLimit(p, 24, "optional parameters", func(n providerParamCounts) int { return n.optional })
	},
})
