package lint

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// agentsPassThrough are the openai-strict rules about what the Agents SDK's
// strict rewrite leaves as it is: the raw API judges it as it would judge a
// hand-written strict schema, so each runs under openai-agents as well, as a
// rule of that profile. What the SDK rewrites (required, closed objects) or
// refuses (strict-fallback) is not among them.
var agentsPassThrough = []string{
	"openai-strict/array-missing-items",
	"openai-strict/unsupported-format",
	"openai-strict/limit-depth",
	"openai-strict/limit-enum-string-length",
	"openai-strict/limit-enum-values",
	"openai-strict/limit-properties",
	"openai-strict/limit-string-length",
}

func init() {
	for _, id := range agentsPassThrough {
		r := Lookup(id)
		register(&Rule{
			ID:           "openai-agents/" + strings.TrimPrefix(id, "openai-strict/"),
			Profile:      ProfileOpenAIAgents,
			Severity:     r.Severity,
			Summary:      r.Summary,
			Help:         "The OpenAI Agents SDK's strict rewrite passes this through unchanged, so " + id + " applies as it is: " + r.Help,
			CheckTool:    r.CheckTool,
			CheckCatalog: r.CheckCatalog,
		})
	}
	register(&Rule{
		ID:       "openai-agents/unsupported-keyword",
		Profile:  ProfileOpenAIAgents,
		Severity: Lookup("openai-strict/unsupported-keyword").Severity,
		Summary:  "keyword strict mode does not support, which the Agents SDK passes through",
		Help: "Of the keywords openai-strict/unsupported-keyword reports, the OpenAI Agents SDK refuses most itself and falls back to " +
			"strict: false (openai-agents/strict-fallback); minProperties, maxProperties and uniqueItems it passes through to the API, " +
			"which refuses them in strict mode. Fix: state the constraint in the description.",
		CheckTool: func(p *Pass) {
			providerCheckKeywords(p, func(_ schemawalk.Schema, key string) bool {
				return openAIStrictUnsupported[key] && !agentsUnnormalisedSet[key]
			}, "state the constraint in the description")
		},
	})
}

var agentsUnnormalisedSet = providerSet(agentsUnnormalised...)
