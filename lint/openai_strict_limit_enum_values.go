package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// openAIStrictMaxEnumValues is the 2026 limit on enum values in one schema.
const openAIStrictMaxEnumValues = 1000

var _ = register(&Rule{
	ID:       "openai-strict/limit-enum-values",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "more than 1,000 enum values in one schema",
	Help: "A strict schema may have at most 1,000 enum values across all its enums (Structured Outputs guide, §Supported schemas, " +
		"2026 revision; 500 in the early revision). Fix: accept a free string for the longest enums and validate server-side, or split the tool.",
	CheckTool: func(p *Pass) {
		total := 0
		providerWalk(p, func(s schemawalk.Schema) {
			if enum := s.Node.Get("enum"); enum.Is(jsontree.Array) {
				total += len(enum.Items())
			}
		})
		if total > openAIStrictMaxEnumValues {
			p.Report(p.Tool.Input(), "/inputSchema", "shorten the enums or split the tool",
				"inputSchema has %d enum values in total (limit %d)", total, openAIStrictMaxEnumValues)
		}
	},
})
