package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "gemini/type-missing",
	Profile:  ProfileGemini,
	Severity: contract.Warning,
	Summary:  "parameter or array item without a type",
	Help: "Vertex AI refuses a parameter schema without `type`: `functionDeclaration parameters.base_branch schema didn't specify the schema type field` " +
		"(piwheels/packages#503); `Invalid value at '...properties[7].value.type' (…Type), \"\"` (zereight/gitlab-mcp#166). The Gemini API is more lenient, " +
		"hence a warning. A schema that is an `anyOf` needs no type of its own; `oneOf`, `allOf` and `$ref` are not reported here because gemini/unsupported-keyword and gemini/ref already refuse them. " +
		"Fix: give the parameter a type; `mcp-contract sanitize --profile gemini` adds `type: object` where `properties` implies it.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if s.Via != "properties" && s.Via != "items" || !s.Node.Is(jsontree.Object) {
				return
			}
			for _, key := range []string{"type", "anyOf", "oneOf", "allOf", "$ref"} {
				if s.Node.Has(key) {
					return
				}
			}
			p.Report(s.Node, s.Pointer(), providerFix(p.Rule.Profile, `add a "type"`), "schema has no type")
		})
	},
})
