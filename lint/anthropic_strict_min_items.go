package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "anthropic-strict/min-items",
	Profile:  ProfileAnthropicStrict,
	Severity: contract.Error,
	Summary:  "minItems other than 0 or 1",
	Help: "Strict tool use supports `minItems` only with the value 0 or 1: the SDK's `transform_schema` keeps it only then and moves any other value into " +
		"the description (anthropic-sdk-python `lib/_parse/_transform.py`; LangSchema.Converter.Anthropic, weak evidence). " +
		"Fix: use `minItems: 1` and state the real minimum in the description; `mcp-contract sanitize --profile anthropic-strict` does it.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			mi := s.Node.Get("minItems")
			if mi == nil {
				return
			}
			if v, ok := mi.Float(); ok && (v == 0 || v == 1) {
				return
			}
			p.Report(mi, jsontree.Append(s.Pointer(), "minItems"), providerFix(p.Rule.Profile, "use minItems 0 or 1 and state the minimum in the description"),
				"minItems is %s; strict tool use accepts only 0 or 1", providerShort(mi))
		})
	},
})
