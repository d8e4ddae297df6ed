package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "mcp/property-schema-not-object",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  "a root property's schema is not a JSON object: the TypeScript SDK's listTools() rejects the whole list",
	Help: `Why: schema.ts types inputSchema and outputSchema "properties" as
{ [key: string]: object } in every spec version, and the TypeScript SDK holds
clients to it: ` + "`@modelcontextprotocol/sdk`" + ` 1.32.2 types.js parses the tools/list
result with ToolSchema (properties: z.record(z.string(), AssertObjectSchema)),
so a property schema that is the boolean true or false, or "properties" that
is not an object, throws in Client.listTools() ("Invalid input" at
tools[N].inputSchema.properties.NAME) and the client loses every tool of the
server, not just this one. JSON Schema allows boolean subschemas, so a
validator does not object. Measured with testdata/clients/harness.mjs: the
SDK's listTools() and ` + "`@google/genai`" + `'s mcpToTool() (which lists through it)
reject such a tool; the Agents SDK and the Gemini converters accept it.

What is checked: "properties" of the inputSchema and outputSchema roots is an
object, and each of its values is an object (the SDK checks only the root).

Fix: write {} for "anything" and {"not": {}} for "never" instead of true and
false.`,
	CheckTool: func(p *Pass) {
		for _, key := range []string{"inputSchema", "outputSchema"} {
			schema := p.Tool.Node.Get(key)
			if !schema.Is(jsontree.Object) {
				continue
			}
			props := schema.Get("properties")
			pointer := "/" + key + "/properties"
			switch {
			case props == nil:
			case !props.Is(jsontree.Object):
				p.Report(props, pointer, "make \"properties\" an object of schemas",
					"%s properties is %s, not an object: the TypeScript SDK's listTools() rejects the whole list", key, describeValue(props))
			default:
				for _, m := range props.Members() {
					if !m.Value.Is(jsontree.Object) {
						p.Report(m.Value, jsontree.Append(pointer, m.Key), `write {} for true and {"not": {}} for false`,
							"property %s's schema is %s, not an object: the TypeScript SDK's listTools() rejects the whole list", providerQuote(m.Key, 60), describeValue(m.Value))
					}
				}
			}
		}
	},
})
