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
		"Fix: write `{}` for `true` (any value) or give the value a real type; `false` accepts no value, so remove the property or branch it guards " +
		"(`{}` would invert it, and Gemini has no `not`); `mcp-contract sanitize --profile gemini` reports it, since no rewrite keeps the meaning.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if s.Node.Is(jsontree.Bool) && s.Via != "additionalProperties" {
				p.Report(s.Node, s.Pointer(), booleanSchemaFix(s.Node.Bool), "subschema is the boolean %t", s.Node.Bool)
			}
		})
	},
})

// booleanSchemaFix fits the value: {} means what true means, but the
// opposite of false, which allows nothing and has no form in Gemini's
// Schema: what it guards is removed instead.
func booleanSchemaFix(b bool) string {
	if b {
		return "replace it with {} (any value) or a typed schema"
	}
	return "false accepts no value: remove what it guards, or for extra properties write additionalProperties: false ({} would accept every value)"
}
