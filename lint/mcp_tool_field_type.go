package lint

import (
	"strconv"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "mcp/tool-field-type",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  "a tool field has the wrong JSON type: the TypeScript SDK's listTools() rejects the whole list",
	Help: `Why: schema.ts types a Tool's title and description as strings, icons as
an array of {src: string, ...}, execution and _meta as objects, and the
"required" of inputSchema and outputSchema as an array of strings. The
TypeScript SDK enforces each: ` + "`@modelcontextprotocol/sdk`" + ` 1.32.2 Client.listTools()
parses the result with ToolSchema (types.js), and one tool with a numeric
title throws ("expected string, received number" at tools[N].title), so the
client loses every tool of the server. Measured with
testdata/clients/harness.mjs (probe_title_not_string): the SDK's listTools()
and ` + "`@google/genai`" + `'s mcpToTool() reject it. Annotations have their own rule,
mcp/annotation-type; the name has mcp/tool-name-invalid.

What is checked: each of those fields, when present, has the type above.

Fix: send the field with that type, or leave it out.`,
	CheckTool: func(p *Pass) {
		t := p.Tool.Node
		for _, key := range []string{"title", "description"} {
			if v := t.Get(key); v != nil && !v.Is(jsontree.String) {
				reportFieldType(p, v, "/"+key, key, "a string")
			}
		}
		for _, key := range []string{"execution", "_meta"} {
			if v := t.Get(key); v != nil && !v.Is(jsontree.Object) {
				reportFieldType(p, v, "/"+key, key, "an object")
			}
		}
		if icons := t.Get("icons"); icons != nil {
			if !icons.Is(jsontree.Array) {
				reportFieldType(p, icons, "/icons", "icons", "an array")
			} else {
				for i, icon := range icons.Items() {
					if !icon.Is(jsontree.Object) || !icon.Get("src").Is(jsontree.String) {
						reportFieldType(p, icon, jsontree.Append("/icons", strconv.Itoa(i)), "each icon", `an object with a string "src"`)
					}
				}
			}
		}
		for _, key := range []string{"inputSchema", "outputSchema"} {
			schema := t.Get(key)
			if !schema.Is(jsontree.Object) {
				continue
			}
			req := schema.Get("required")
			if req == nil {
				continue
			}
			ok := req.Is(jsontree.Array)
			for _, it := range req.Items() {
				ok = ok && it.Is(jsontree.String)
			}
			if !ok {
				reportFieldType(p, req, "/"+key+"/required", key+" required", "an array of strings")
			}
		}
	},
})

func reportFieldType(p *Pass, n *jsontree.Node, pointer, what, want string) {
	p.Report(n, pointer, "make it "+want+" or leave it out",
		"%s is %s, not %s: the TypeScript SDK's listTools() rejects the whole list", what, describeValue(n), want)
}
