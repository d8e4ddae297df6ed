package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "openai-strict/anyof-with-type",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "anyOf beside a sibling type",
	Help: "Strict mode's supported subset has `anyOf` as a schema of its own: \"each nested schema must be valid per the supported subset\" " +
		"(Structured Outputs guide, §Supported schemas), and a `type` beside it constrains every branch at once, which the subset has no form for. " +
		"The OpenAI Agents SDK refuses to convert it: `@openai/agents-core` 0.20.0 strictToolSchema.mjs throws \"Cannot convert a JSON schema combining " +
		"`anyOf` with sibling keyword `type` to strict mode\", and mcpToFunctionTool() then sends the tool with strict: false, silently " +
		"(measured with testdata/clients/harness.mjs, probe_anyof_with_type). `@google/genai`'s tTool refuses the same shape for Gemini " +
		"(\"type and anyOf cannot be both populated.\"). " +
		"Fix: move the type into each anyOf branch.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if s.Node.Get("anyOf").Is(jsontree.Array) && s.Node.Has("type") {
				p.Report(s.Node.Get("type"), jsontree.Append(s.Pointer(), "type"), "move the type into each anyOf branch",
					"anyOf beside \"type\": strict mode has no form for a type shared by the branches")
			}
		})
	},
})
