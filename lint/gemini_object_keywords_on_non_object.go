package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "gemini/object-keywords-on-non-object",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "properties or required on a schema that is not type object",
	Help: "Gemini accepts `properties` and `required` only on a schema whose type is OBJECT; a missing type counts as not OBJECT: " +
		"`...properties[data].properties: only allowed for OBJECT type` (anomalyco/opencode#11889); `any_of[0].required: only allowed for OBJECT type` " +
		"(goruck/home-generative-agent#525; mastra-ai/mastra#22489). The usual source is an `anyOf` of `{required:[...]}` branches expressing " +
		"\"one of these parameters\". Fix: add `\"type\": \"object\"` where the keywords describe an object, or state the alternatives in the description; " +
		"`mcp-contract sanitize --profile gemini` adds the type or strips the keywords.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if !s.Node.Is(jsontree.Object) || schemawalk.HasType(s.Node, "object") {
				return
			}
			for _, key := range []string{"properties", "required"} {
				if v := s.Node.Get(key); v != nil {
					p.Report(v, jsontree.Append(s.Pointer(), key), providerFix(p.Rule.Profile, `add "type": "object" or drop the keyword`),
						"%q on a schema whose type is not object", key)
				}
			}
		})
	},
})
