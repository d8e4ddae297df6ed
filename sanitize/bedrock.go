package sanitize

import (
	"strconv"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// bedrockRootType: Bedrock Converse rejects a root without type object
// (`The value at toolConfig.tools.7.toolSpec.inputSchema.json.type must be one
// of the following: object.`, earendil-works/pi#8279; kirodotdev/Kiro#11027).
func bedrockRootType(s *session, root *jsontree.Node) *jsontree.Node {
	switch t := root.Get("type"); {
	case t.IsString("object"):
	case t == nil:
		root.Set("type", str("object"))
		s.note(rootPointer, "set-root-type", false, "added type object to the root")
	default:
		root.Set("type", str("object"))
		s.note(rootPointer+"/type", "set-root-type", true, "root type %s became \"object\"", compact(t))
	}
	return root
}

// bedrockNullProperties: `$.properties: null found, object expected`
// (maximhq/bifrost#1720); null and {} mean the same to a validator.
func bedrockNullProperties(s *session, root *jsontree.Node) *jsontree.Node {
	return rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		if n.Get("properties").Is(jsontree.Null) {
			n.Set("properties", obj())
			s.note(jsontree.Append(at.ptr(), "properties"), "null-properties", false, "properties null became {}")
		}
		return n
	}, nil)
}

// Keywords counting characters, items or properties: clamping them to
// 2^31-1 changes nothing a real call can reach.
var countKeywords = []string{"maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties", "maxContains", "minContains"}

// Keywords bounding values: clamping would reject values the server
// accepts, so they are dropped (and kept in the description) instead.
var boundKeywords = []string{"maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf"}

// bedrockClampIntegers: Claude on Bedrock fails with `input_schema: int too
// big to convert` on keyword values beyond 2^31-1, e.g. maxLength:
// 9007199254740991 (tailcallhq/forgecode#3307).
func bedrockClampIntegers(s *session, root *jsontree.Node) *jsontree.Node {
	const maxInt32, minInt32 = 1<<31 - 1, -1 << 31
	return rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		var drop []string
		for i := range n.Members() {
			m := &n.Members()[i]
			f, ok := m.Value.Float()
			if !ok || (f <= maxInt32 && f >= minInt32) {
				continue
			}
			switch {
			case isOneOf(m.Key, countKeywords):
				clamped := strconv.Itoa(maxInt32)
				if f < 0 {
					clamped = "0"
				}
				s.note(jsontree.Append(at.ptr(), m.Key), "clamp-integer", true, "%s %s became %s: Bedrock rejects integers beyond 2^31-1", m.Key, m.Value.Text, clamped)
				m.Value = &jsontree.Node{Kind: jsontree.Number, Text: clamped, Offset: -1}
			case isOneOf(m.Key, boundKeywords) && !contains(drop, m.Key):
				drop = append(drop, m.Key)
			}
		}
		moveToDescription(s, n, at, drop, "Bedrock rejects integers beyond 2^31-1")
		return n
	}, nil)
}

// fireworksBooleans: Fireworks returns 500 on a boolean subschema such as
// `"model": true` (grafana/mcp-grafana#594); openclaw-mcp-adapter#9
// (androidStern-personal) replaces true with {} and false with {"not":{}},
// which mean the same.
func fireworksBooleans(s *session, root *jsontree.Node) *jsontree.Node {
	return rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		if !n.Is(jsontree.Bool) || at.via == "additionalProperties" {
			return n
		}
		out := obj()
		if !n.Bool {
			out.Set("not", obj())
		}
		s.note(at.ptr(), "boolean-schema", false, "%t became %s", n.Bool, compact(out))
		return out
	}, nil)
}

// fireworksTypelessProperties: a property with only a description gives
// `400: JSON Schema not supported: could not understand the instance
// {'description': '...'}` (docker/mcp-gateway#234). The added type accepts
// everything the typeless schema accepted.
func fireworksTypelessProperties(s *session, root *jsontree.Node) *jsontree.Node {
	return rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		props := n.Get("properties")
		if !props.Is(jsontree.Object) {
			return n
		}
		for _, m := range props.Members() {
			p := m.Value
			if !p.Is(jsontree.Object) || p.Has("type") || p.Has("anyOf") || p.Has("oneOf") || p.Has("allOf") || p.Has("$ref") {
				continue
			}
			t := inferType(p)
			p.Set("type", t)
			s.note(jsontree.Append(jsontree.Append(at.ptr(), "properties"), m.Key), "add-type", false, "added type %s to a property without one", compact(t))
		}
		return n
	}, nil)
}

// inferType reads the type off const and enum values. Keywords such as
// minLength do not make a schema a string schema (they ignore other types),
// so without values every type is listed.
func inferType(n *jsontree.Node) *jsontree.Node {
	var seen []string
	addValue := func(v *jsontree.Node) {
		t := v.Kind.String()
		if v.Is(jsontree.Number) {
			t = "number"
		}
		if !contains(seen, t) {
			seen = append(seen, t)
		}
	}
	if c := n.Get("const"); c != nil {
		addValue(c)
	}
	if e := n.Get("enum"); e.Is(jsontree.Array) {
		for _, v := range e.Items() {
			addValue(v)
		}
	}
	switch {
	case len(seen) == 1:
		return str(seen[0])
	case len(seen) > 1:
		return strs(seen)
	}
	return strs([]string{"string", "number", "boolean", "object", "array", "null"})
}
