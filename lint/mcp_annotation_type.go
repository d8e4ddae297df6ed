package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "mcp/annotation-type",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  "tool annotations have the wrong JSON types",
	Help: `Why: schema.ts (ToolAnnotations, 2025-03-26 onwards) types readOnlyHint,
destructiveHint, idempotentHint and openWorldHint as booleans and title as a
string. The Go SDK v1.8.0 decodes the hints into bool and *bool fields
(mcp/protocol.go ToolAnnotations), so a string hint makes decoding the whole
tools/list result fail; a client that skips the bad value falls back to the
defaults (destructiveHint and openWorldHint default to true), so a "false"
string meant as read-only is read as destructive.

What is checked: "annotations" is an object; each *Hint present is true or
false; "title" present is a string.

Fix: use JSON booleans ("readOnlyHint": true, not "true") and a string title.`,
	CheckTool: func(p *Pass) {
		ann := p.Tool.Node.Get("annotations")
		if ann == nil {
			return
		}
		if !ann.Is(jsontree.Object) {
			p.Report(ann, "/annotations", "make \"annotations\" an object", "annotations is %s, not an object", ann.Kind)
			return
		}
		for _, m := range ann.Members() {
			pointer := jsontree.Append("/annotations", m.Key)
			switch m.Key {
			case "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint":
				if !m.Value.Is(jsontree.Bool) {
					p.Report(m.Value, pointer, "use true or false", "annotation %s is %s, not a boolean", m.Key, describeValue(m.Value))
				}
			case "title":
				if !m.Value.Is(jsontree.String) {
					p.Report(m.Value, pointer, "make the title a string", "annotation title is %s, not a string", m.Value.Kind)
				}
			}
		}
	},
})
