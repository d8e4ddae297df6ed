package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "mcp/input-schema-root-not-object",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  `inputSchema is missing, or its root is not {"type": "object"}`,
	Help: `Why: tool arguments are always a JSON object, and every MCP schema.ts since
2025-11-25 types inputSchema as { $schema?; type: "object"; ... } (unchanged in
2026-07-28); server/tools.mdx says inputSchema MUST be a valid JSON Schema
object, not null (SEP-1613). Clients and providers reject other roots: OpenAI
Structured Outputs ("Supported schemas": the root must be an object),
Anthropic and Bedrock all require a root type "object", and a boolean schema crashed Claude Desktop's
proxy ("Cannot use 'in' operator to search for 'properties' in true",
grafana/mcp-grafana#1054).

What is checked: inputSchema is present, is an object, and its "type" is
exactly the string "object" (["object", "null"], a missing type, or a root
anyOf without type all fail).

Fix: use {"type": "object", "properties": {...}}; a tool without parameters
uses {"type": "object", "additionalProperties": false}.`,
	CheckTool: func(p *Pass) {
		checkObjectRoot(p, "inputSchema")
	},
})

// checkObjectRoot reports a tool schema that is missing or whose root type is
// not exactly "object".
func checkObjectRoot(p *Pass, key string) {
	fix := `make the root {"type": "object", "properties": {...}}`
	schema := p.Tool.Node.Get(key)
	pointer := "/" + key
	switch {
	case schema == nil:
		p.Report(p.Tool.Node, "", fix, "%s is missing; it is required", key)
	case !schema.Is(jsontree.Object):
		p.Report(schema, pointer, fix, "%s is %s, not a schema object with \"type\": \"object\"", key, describeValue(schema))
	case schema.Get("type") == nil:
		p.Report(schema, pointer, fix, "%s has no \"type\"; the root must be \"type\": \"object\"", key)
	case !schema.Get("type").IsString("object"):
		t := schema.Get("type")
		p.Report(t, pointer+"/type", fix, "%s root type is %s; it must be exactly \"object\"", key, describeValue(t))
	}
}

// describeValue names a JSON value briefly for a message: `null`, `true`,
// `"array"`, `["object","null"]`; long values by their kind only.
func describeValue(n *jsontree.Node) string {
	if n.Is(jsontree.Object) {
		return "an object"
	}
	if n.Is(jsontree.Array) && len(n.Items()) > 8 {
		return "an array"
	}
	text := string(jsontree.Encode(n, jsontree.EncodeOptions{}))
	if len(text) > 80 {
		return "a long " + n.Kind.String()
	}
	return text
}
