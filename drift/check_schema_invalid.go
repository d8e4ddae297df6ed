package drift

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var (
	inputSchemaInvalid = register(&Rule{
		ID: "drift/input-schema-invalid", Change: contract.ChangeBreaking,
		Summary: "A tool's inputSchema is no longer an object schema",
		Help: "An inputSchema that became null, a string, a number, a boolean or an array (or went missing) is not a widening " +
			"to \"any arguments\": MCP requires it to be a JSON Schema object with type \"object\" (schema.ts Tool.inputSchema; " +
			"server/tools.mdx: it MUST be a valid JSON Schema object, SEP-1613), so clients that check the tool list drop the tool " +
			"or reject the list, and every caller loses it. Fix: publish an object schema again, {\"type\":\"object\"} at least " +
			"for a tool without arguments.",
	})
	outputSchemaInvalid = register(&Rule{
		ID: "drift/output-schema-invalid", Change: contract.ChangeBreaking,
		Summary: "A tool's outputSchema is no longer an object schema",
		Help: "An outputSchema that became null, a string, a number, a boolean or an array describes no result: MCP types it " +
			"as a JSON Schema object in every version (schema.ts Tool.outputSchema; before 2026-07-28 also of type \"object\"), " +
			"so clients that validate structuredContent against it fail, and clients that check the tool list drop the tool. " +
			"Fix: publish an object schema again, or remove outputSchema on purpose (drift/output-schema-removed).",
	})
)

var _ = addToolCheck(checkSchemaValues)

// checkSchemaValues reports a schema slot holding something that is not a
// schema object. compareTools walks only pairs of objects, so such a value is
// judged here alone and never read as the empty schema.
func checkSchemaValues(p *toolPass) {
	slots := []struct {
		key                string
		invalid, recovered *Rule
		required           bool
	}{
		{"inputSchema", inputSchemaInvalid, inputConstraintRelaxed, true},
		{"outputSchema", outputSchemaInvalid, outputConstraintTightened, false},
	}
	for _, s := range slots {
		o, n := p.Old.Node.Get(s.key), p.New.Node.Get(s.key)
		if !s.required && (o == nil || n == nil) {
			// An outputSchema added or removed is check_output_schema's.
			continue
		}
		ptr := "/" + s.key
		switch {
		case !isObjectSchema(n):
			at := n
			if at == nil {
				at = p.New.Node
			}
			p.report(s.invalid, false, at, ptr, "%s is %s (was %s): MCP requires an object schema, so clients drop or reject the tool",
				s.key, schemaValueKind(n), schemaValueKind(o))
		case !isObjectSchema(o):
			p.report(s.recovered, false, n, ptr, "%s is an object schema again (was %s): clients that dropped the tool can call it", s.key, schemaValueKind(o))
		}
	}
}

// isObjectSchema reports whether a schema slot holds a JSON object.
func isObjectSchema(n *jsontree.Node) bool { return n.Is(jsontree.Object) }

// schemaValueKind names what a schema slot holds, for messages.
func schemaValueKind(n *jsontree.Node) string {
	switch {
	case n == nil:
		return "missing"
	case n.Is(jsontree.Object):
		return "an object schema"
	case n.Is(jsontree.Null):
		return "null"
	case n.Is(jsontree.String):
		return "a string"
	case n.Is(jsontree.Number):
		return "a number"
	case n.Is(jsontree.Bool):
		return "a boolean"
	}
	return "an array"
}
