package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "gemini/enum-empty-string",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "enum containing the empty string",
	Help: "Gemini refuses an empty string among enum values: `any_of[N].enum[0]: cannot be empty` (weave-os/router#1091); litellm drops them " +
		"before sending (`_fix_enum_empty_strings`). Fix: drop `\"\"` from the enum and make the parameter optional instead; " +
		"`mcp-contract sanitize --profile gemini` drops it.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			enum := s.Node.Get("enum")
			if !enum.Is(jsontree.Array) {
				return
			}
			for i, v := range enum.Items() {
				if v.IsString("") {
					p.Report(v, jsontree.AppendIndex(jsontree.Append(s.Pointer(), "enum"), i),
						providerFix(p.Rule.Profile, `drop "" and make the parameter optional`), "enum contains the empty string")
				}
			}
		})
	},
})
