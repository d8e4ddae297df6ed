package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "bedrock/properties-null",
	Profile:  ProfileBedrock,
	Severity: contract.Error,
	Summary:  "properties set to null",
	Help: "Bedrock validates the input schema and refuses `\"properties\": null`: `...inputSchema is invalid. ... $.properties: null found, object expected` " +
		"(maximhq/bifrost#1720; weak evidence). Go servers emit it from a nil map. Fix: emit `\"properties\": {}`; " +
		"`mcp-contract sanitize --profile bedrock` replaces it.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if v := s.Node.Get("properties"); v.Is(jsontree.Null) {
				p.Report(v, jsontree.Append(s.Pointer(), "properties"), providerFix(p.Rule.Profile, `use "properties": {}`), "\"properties\" is null")
			}
		})
	},
})
