package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// openAIStrictMaxDepth is the 2026 limit on nesting levels.
const openAIStrictMaxDepth = 10

var _ = register(&Rule{
	ID:       "openai-strict/limit-depth",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "schema nested more than 10 levels deep",
	Help: "A strict schema may have at most 10 levels of nesting (Structured Outputs guide, §Supported schemas, 2026 revision; 5 in earlier " +
		"revisions). How OpenAI counts levels is undocumented (community.openai.com thread 918388), so this rule counts conservatively: " +
		"every subschema step (`properties`, `items`, `anyOf` branch, `$defs` entry) is one level. One finding per tool, at the first " +
		"subschema past the limit. Fix: flatten the structure, or reuse a shared definition through `$ref`.",
	CheckTool: func(p *Pass) {
		reported := false
		providerWalk(p, func(s schemawalk.Schema) {
			if !reported && s.Depth > openAIStrictMaxDepth {
				reported = true
				p.Report(s.Node, s.Pointer(), "flatten the schema",
					"subschema is nested %d levels deep (limit %d)", s.Depth, openAIStrictMaxDepth)
			}
		})
	},
})
