package sanitize

import (
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// anthropicStrictFormats is transform_schema's SupportedStringFormats.
var anthropicStrictFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}

// anthropicStrictKeywords are the keywords transform_schema keeps (with the
// per-type conditions checked in anthropicStrict); it moves every other one
// into the description.
var anthropicStrictKeywords = []string{
	"$defs", "$ref", "type", "enum", "anyOf", "allOf", "description", "title",
	"properties", "additionalProperties", "required", "format", "items", "minItems",
}

// anthropicStrict is the Anthropic Python SDK's transform_schema
// (anthropics/anthropic-sdk-python src/anthropic/lib/_parse/_transform.py),
// which prepares schemas for strict tool use: oneOf becomes anyOf, objects
// get additionalProperties:false, minItems survives only as 0 or 1, a string
// format only from its list, and every other keyword is appended to the
// description (the SDK writes "{key: value, ...}"; we write sentences). Where the SDK raises ("Schema must
// have a 'type', 'enum', 'anyOf', 'oneOf', or 'allOf' field") we give the
// node a type instead: const becomes a one-value enum, and a schema that
// accepted anything becomes an anyOf of every type.
func anthropicStrict(s *session, root *jsontree.Node) *jsontree.Node {
	return rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		if n.Is(jsontree.Object) {
			dropOutside(s, n, at, anthropicStrictKeywords, []string{"oneOf", "const"}, "strict tool use does not support it (anthropic-sdk-python transform_schema)")
		}
		if n.Is(jsontree.Bool) && at.via != "additionalProperties" {
			if n.Bool {
				s.note(at.ptr(), "boolean-schema", false, "true became a schema listing every type")
				return anyType()
			}
			s.note(at.ptr(), "boolean-schema", true, "false (nothing valid) became a schema listing every type, noted in the description: strict tool use has no schema that rejects every value")
			n = anyType()
			appendNote(n, "Accepts no value: leave it out.")
		}
		return n
	}, func(n *jsontree.Node, at place) *jsontree.Node {
		if !n.Is(jsontree.Object) {
			return n
		}
		if one := n.Get("oneOf"); one.Is(jsontree.Array) && !n.Has("anyOf") {
			n.Delete("oneOf")
			n.Set("anyOf", one)
			s.note(jsontree.Append(at.ptr(), "oneOf"), "oneof-to-anyof", true, "oneOf became anyOf: a value matching several branches is no longer rejected")
		}
		if c := n.Get("const"); c != nil && !n.Has("enum") {
			n.Delete("const")
			n.Set("enum", arr(c))
			s.note(jsontree.Append(at.ptr(), "const"), "const-to-enum", false, "const %s became a one-value enum", compact(c))
		}
		var move []string
		for _, k := range n.Keys() {
			keep := isOneOf(k, anthropicStrictKeywords)
			switch k {
			case "format":
				f := n.Get(k)
				keep = schemawalk.HasType(n, "string") && f.Is(jsontree.String) && isOneOf(f.Text, anthropicStrictFormats)
			case "minItems":
				keep = schemawalk.HasType(n, "array") && (n.Get(k).Text == "0" || n.Get(k).Text == "1")
			case "items":
				keep = schemawalk.HasType(n, "array")
			case "properties", "required", "additionalProperties":
				keep = schemawalk.HasType(n, "object") || !n.Has("type")
			}
			if !keep && !contains(move, k) {
				move = append(move, k)
			}
		}
		moveToDescription(s, n, at, move, "strict tool use does not support it (anthropic-sdk-python transform_schema)")
		if !n.Has("type") && !n.Has("enum") && !n.Has("anyOf") && !n.Has("allOf") && !n.Has("$ref") {
			if n.Has("properties") || n.Has("required") || n.Has("additionalProperties") {
				n.Set("type", str("object"))
				s.note(at.ptr(), "add-object-type", false, "added type object to a schema with object keywords")
			} else {
				s.note(at.ptr(), "any-type", false, "a schema without type became an anyOf of every type: transform_schema needs a type")
				n.Set("anyOf", anyType().Get("anyOf"))
			}
		}
		if schemawalk.HasType(n, "object") {
			if !n.Has("properties") {
				n.Set("properties", obj())
			}
			if ap := n.Get("additionalProperties"); !(ap.Is(jsontree.Bool) && !ap.Bool) {
				lost := ap != nil
				s.note(at.ptr(), "close-object", lost, "additionalProperties is forced to false")
				n.Set("additionalProperties", boolean(false))
			}
		}
		return n
	})
}

// anyType accepts every JSON value (objects only without extra properties,
// which strict mode cannot express otherwise).
func anyType() *jsontree.Node {
	branches := arr()
	for _, t := range []string{"string", "number", "boolean", "array", "object", "null"} {
		b := typed(t)
		if t == "object" {
			b.Set("properties", obj())
			b.Set("additionalProperties", boolean(false))
		}
		branches.SetItems(append(branches.Items(), b))
	}
	n := obj()
	n.Set("anyOf", branches)
	return n
}
