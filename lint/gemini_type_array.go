package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "gemini/type-array",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "type given as an array",
	Help: "In Gemini's Schema proto `type` is a single enum value (STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL), not a list, so " +
		"`\"type\": [\"string\", \"null\"]` fails the request: `Unknown name \"type\" at '...': Proto field is not repeating, cannot start list.` " +
		"(prism-php/prism#974; taylorwilsdon/google_workspace_mcp#1099; aoci-spec/aoci-code#61). " +
		"Fix: use one type and `\"nullable\": true` for optional values, or `anyOf` for real unions; `mcp-contract sanitize --profile gemini` rewrites `[T, \"null\"]` to `nullable`.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if t := s.Node.Get("type"); t.Is(jsontree.Array) {
				p.Report(t, jsontree.Append(s.Pointer(), "type"), providerFix(p.Rule.Profile, `use one type with "nullable": true, or anyOf`),
					"type is a list %s; Gemini takes a single type", providerShort(t))
			}
		})
	},
})
