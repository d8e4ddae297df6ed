package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "gemini/boolean-schema",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "true/false used as a subschema",
	Help: "Gemini's Schema proto is a message, so a bare `true` or `false` subschema has no form and fails to decode (reference §2.2, GEM-BOOL-SCHEMA). " +
		"The Vercel AI SDK maps it to `{type:\"boolean\", properties:{}}`, which silently changes the meaning. Go `any` fields reflected by a JSON Schema " +
		"library produce these (grafana/mcp-grafana#594). `additionalProperties: false` is reported by gemini/unsupported-keyword instead. " +
		"Fix: write `{}` (any value) or give the value a real type; `mcp-contract sanitize --profile gemini` reports it, since no rewrite keeps the meaning.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if s.Node.Is(jsontree.Bool) && s.Via != "additionalProperties" {
				p.Report(s.Node, s.Pointer, "replace it with {} or a typed schema", "subschema is the boolean %t", s.Node.Bool)
			}
		})
	},
})
