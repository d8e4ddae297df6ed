package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "mcp/x-mcp-header-type",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  `an "x-mcp-header" parameter is not of type integer, string or boolean`,
	Help: `Why: a header carries one primitive value. MCP 2026-07-28 (SEP-2243,
server/tools.mdx §x-mcp-header) allows the annotated property to be
"integer", "string" or "boolean" only; "number" is forbidden (a float has no
single text form), and integers must stay within ±(2^53-1). The Go SDK v1.8.0
reads "type" as one string and drops the tool from tools/list otherwise
("x-mcp-header can only be applied to primitive types (integer, string,
boolean)"), on every transport.

What is checked: the annotated schema's "type" is exactly one of the strings
"integer", "string", "boolean" (a type array such as ["string", "null"] or a
missing type fails).

Fix: declare "type": "string" (or "integer"/"boolean"); send decimals as strings.

Checked whatever --mcp-version says: the annotation means something only from
2026-07-28, but clients that know it already drop tools with a broken one
(the Go SDK v1.8.0 filters tools/list on every transport and version).`,
	CheckTool: func(p *Pass) {
		for _, h := range headerSites(p.Tool) {
			t := h.Schema.Get("type")
			switch {
			case t.IsString("integer"), t.IsString("string"), t.IsString("boolean"):
			case t == nil:
				p.Report(h.Schema, h.Pointer, `add "type": "string"`, "the x-mcp-header parameter has no \"type\"; it must be integer, string or boolean")
			case t.IsString("number"):
				p.Report(t, parentPointer(h.Pointer)+"/type", `use "integer", or "string" for decimals`, "the x-mcp-header parameter has type \"number\", which headers forbid; use integer or string")
			case t.Is(jsontree.String):
				p.Report(t, parentPointer(h.Pointer)+"/type", `use "string", "integer" or "boolean"`, "the x-mcp-header parameter has type %q; it must be integer, string or boolean", t.Text)
			default:
				p.Report(t, parentPointer(h.Pointer)+"/type", `use one type: "string", "integer" or "boolean"`, "the x-mcp-header parameter's type is %s; it must be exactly one of integer, string, boolean", describeValue(t))
			}
		}
	},
})

// parentPointer drops the last token of a JSON pointer.
func parentPointer(pointer string) string {
	for i := len(pointer) - 1; i >= 0; i-- {
		if pointer[i] == '/' {
			return pointer[:i]
		}
	}
	return ""
}
