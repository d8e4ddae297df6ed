package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// openAIStrictMaxProperties is the 2026 limit on object properties in one schema.
const openAIStrictMaxProperties = 5000

var _ = register(&Rule{
	ID:       "openai-strict/limit-properties",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "more than 5,000 object properties in one schema",
	Help: "A strict schema may have at most 5,000 object properties in total, counting every nested object " +
		"(Structured Outputs guide, §Supported schemas, 2026 revision; the early revision allowed 100). " +
		"Fix: split the tool, or pass rarely used options as one string argument described in the text.",
	CheckTool: func(p *Pass) {
		total := 0
		providerWalk(p, func(s schemawalk.Schema) {
			if props := s.Node.Get("properties"); props.Is(jsontree.Object) {
				total += len(props.Members())
			}
		})
		if total > openAIStrictMaxProperties {
			p.Report(p.Tool.Input(), "/inputSchema", "split the tool into smaller ones",
				"inputSchema has %d object properties in total (limit %d)", total, openAIStrictMaxProperties)
		}
	},
})
