package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "gemini/anyof-with-siblings",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "anyOf must be the only key of its schema object",
	Help: "Gemini's `parameters` schema (the OpenAPI-subset proto most clients send) requires `anyOf` to be the only field of its schema object: " +
		"\"Gemini API requires anyOf/oneOf to be the only field in a schema object\" (anomalyco/opencode#14509; the fix, PR anomalyco/opencode#14659, " +
		"strips the siblings recursively). `anyOf` beside `type`, `description`, `default` or `items` fails, and one bad tool fails every request. " +
		"Fix: move the siblings into each branch (a description can go on the parent property); `mcp-contract sanitize --profile gemini` strips them, as opencode does.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			anyOf := s.Node.Get("anyOf")
			if anyOf == nil || len(s.Node.Members()) < 2 {
				return
			}
			var siblings []string
			for _, m := range s.Node.Members() {
				if m.Key != "anyOf" {
					siblings = append(siblings, m.Key)
				}
			}
			p.Report(anyOf, jsontree.Append(s.Pointer(), "anyOf"), providerFix(p.Rule.Profile, "move the sibling keys into each anyOf branch"),
				"anyOf has sibling keys: %s", providerList(siblings))
		})
	},
})
