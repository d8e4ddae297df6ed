package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "gemini/enum-not-string",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "enum with values that are not strings",
	Help: "Gemini's Schema proto types `enum` as a list of strings, so numbers, booleans or null fail the request: " +
		"`Invalid value at '...enum[0]' (TYPE_STRING), true` (anomalyco/opencode#2687); integer enums broke microsoft/azure-devops-mcp#139. " +
		"Fix: use string values (and `type: string`), or drop the enum and state the values in the description; " +
		"`mcp-contract sanitize --profile gemini` stringifies the values.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			enum := s.Node.Get("enum")
			if !enum.Is(jsontree.Array) {
				return
			}
			var bad []string
			n := 0
			for _, v := range enum.Items() {
				if !v.Is(jsontree.String) {
					if n++; n <= providerListMost {
						bad = append(bad, providerShort(v))
					}
				}
			}
			if n > 0 {
				p.Report(enum, jsontree.Append(s.Pointer(), "enum"), providerFix(p.Rule.Profile, "use string enum values"),
					"enum has values that are not strings: %s", providerListOf(bad, n))
			}
		})
	},
})
