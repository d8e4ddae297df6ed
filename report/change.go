package report

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// valueKeywords are the JSON Schema keywords whose value is not a schema:
// a finding that points into one ("/items/required/0") is about the schema
// that holds it ("/items").
var valueKeywords = map[string]bool{
	"required": true, "enum": true, "type": true, "const": true, "default": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"minLength": true, "maxLength": true, "minItems": true, "maxItems": true,
	"minProperties": true, "maxProperties": true, "pattern": true, "format": true,
	"multipleOf": true, "uniqueItems": true, "description": true, "title": true,
}

// SchemaNode is the schema a pointer is about: the pointer cut before the
// first keyword whose value is not a schema. A property named "required"
// under properties is a schema and is kept.
func SchemaNode(pointer string) string {
	segs := strings.Split(pointer, "/")
	for i := 1; i < len(segs); i++ {
		if segs[i-1] == "properties" || segs[i-1] == "$defs" || segs[i-1] == "definitions" {
			continue
		}
		if valueKeywords[segs[i]] {
			return strings.Join(segs[:i], "/")
		}
	}
	return pointer
}

// Changes groups breaking findings into changes: the findings of one tool
// at one schema node are one change a reviewer acts on once ("three
// properties are no longer required" is the items changing shape), however
// many rules said it. The order is the findings'; each member is kept, so
// the change still lists every finding JSON and SARIF carry.
func Changes(findings []contract.Finding) []Group {
	type key struct{ server, tool, node string }
	index := map[key]int{}
	var out []Group
	for _, f := range findings {
		k := key{f.Server, f.Tool, SchemaNode(f.Pointer)}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, Group{Server: f.Server, Rule: f.Rule, Severity: f.Severity,
				Category: f.Category, Change: f.Change, Message: f.Message, Fix: f.Fix})
		}
		g := &out[i]
		if f.Severity > g.Severity {
			g.Severity = f.Severity
		}
		g.Findings = append(g.Findings, f)
	}
	return out
}

// Summary says the change in one line: its first finding's message, and
// how many more the same node had.
func (g *Group) Summary() string {
	msg := g.Message
	if n := len(g.Findings) - 1; n > 0 {
		msg += " (and " + plural(n, "more finding") + " at the same node)"
	}
	return msg
}
