package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "bedrock/root-type",
	Profile:  ProfileBedrock,
	Severity: contract.Error,
	Summary:  "inputSchema root without type \"object\"",
	Help: "AWS Bedrock Converse requires `\"type\": \"object\"` at the root of `toolSpec.inputSchema.json`: " +
		"`The value at toolConfig.tools.7.toolSpec.inputSchema.json.type must be one of the following: object.` (earendil-works/pi#8279; " +
		"kirodotdev/Kiro#11027). A root `oneOf` without a root type, a type array or a missing type all fail, and the whole request with them. " +
		"Fix: declare `\"type\": \"object\"` at the root; `mcp-contract sanitize --profile bedrock` adds it.",
	CheckTool: func(p *Pass) {
		root := p.Tool.Input()
		if root == nil {
			return
		}
		fix := providerFix(p.Rule.Profile, `declare "type": "object" at the root`)
		switch t := root.Get("type"); {
		case t == nil:
			p.Report(root, "/inputSchema", fix, "inputSchema has no \"type\": \"object\"")
		case !t.IsString("object"):
			p.Report(t, "/inputSchema/type", fix, "inputSchema type is %s, not \"object\"", providerShort(t))
		}
	},
})
