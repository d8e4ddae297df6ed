package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "anthropic-strict/additional-properties-not-false",
	Profile:  ProfileAnthropicStrict,
	Severity: contract.Error,
	Summary:  "additionalProperties set to something other than false",
	Help: "Strict tool use accepts `additionalProperties` only as `false`; a map (`additionalProperties: {schema}` or `true`) cannot be expressed " +
		"(Anthropic structured-outputs docs via LangSchema.Converter.Anthropic, weak evidence). An absent `additionalProperties` is fine: the SDK's " +
		"`transform_schema` forces `false` on every object. Fix: list the keys as properties, or pass a map as an array of {key, value} objects; " +
		"`mcp-contract sanitize --profile anthropic-strict` reports maps it cannot rewrite.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			ap := s.Node.Get("additionalProperties")
			if ap == nil || ap.Is(jsontree.Bool) && !ap.Bool {
				return
			}
			p.Report(ap, jsontree.Append(s.Pointer(), "additionalProperties"), providerFix(p.Rule.Profile, "list the keys as properties"),
				"\"additionalProperties\" is %s; strict tool use accepts only false", providerShort(ap))
		})
	},
})
