package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "openai-strict/root-not-object",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "inputSchema root must be type object and must not be anyOf",
	Help: "Strict mode needs the root schema to be an object (`\"type\": \"object\"`, exactly) and not an `anyOf` " +
		"(Structured Outputs guide: \"the root level object of a schema must be an object, and not use anyOf\"); non-object roots " +
		"are refused (openai-python PR #4151). MCP itself requires `type: object` at the root, but many servers send a root `anyOf`, " +
		"a type array or no type. " +
		"Fix: make the root `{\"type\":\"object\",\"properties\":{...}}` and move alternatives into properties; " +
		"`mcp-contract sanitize --profile openai-strict` reports what it cannot rewrite.",
	CheckTool: func(p *Pass) {
		root := p.Tool.Input()
		if root == nil {
			return
		}
		fix := providerFix(p.Rule.Profile, `make the root {"type":"object","properties":{...}}`)
		if t := root.Get("type"); !t.IsString("object") {
			if t == nil {
				p.Report(root, "/inputSchema", fix, "inputSchema has no \"type\": \"object\"")
			} else {
				p.Report(t, "/inputSchema/type", fix, "inputSchema type is %s, not \"object\"", providerShort(t))
			}
		}
		if a := root.Get("anyOf"); a != nil {
			p.Report(a, "/inputSchema/anyOf", fix, "inputSchema uses anyOf at the root")
		}
	},
})
