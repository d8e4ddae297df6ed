package sanitize

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// Keywords whose value is one subschema. additionalProperties is among them
// but booleans there are left alone: every provider accepts
// additionalProperties:false.
var singleKeys = []string{
	"additionalProperties", "items", "contains", "not", "if", "then", "else",
	"propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema",
}

// Keywords whose value is an array of subschemas.
var arrayKeys = []string{"anyOf", "oneOf", "allOf", "prefixItems", "items"}

// Keywords whose value is an object of named subschemas.
var mapKeys = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}

func isOneOf(k string, set []string) bool {
	for _, s := range set {
		if s == k {
			return true
		}
	}
	return false
}

func isSchema(n *jsontree.Node) bool { return n.Is(jsontree.Object) || n.Is(jsontree.Bool) }

// place says where a subschema sits: the keyword that led to it, how deep
// it is, and (built only when a change is reported, since a 5,000-level
// schema would otherwise build 5,000 ever longer strings) its pointer.
type place struct {
	up *place
	// token is this level's part of the pointer, already escaped ("/items",
	// "/properties/a", "/anyOf/0").
	token string
	via   string
	depth int
}

func rootPlace() place { return place{token: rootPointer} }

// ptr is the JSON pointer relative to the tool object.
func (p place) ptr() string {
	var tokens []string
	for q := &p; q != nil; q = q.up {
		tokens = append(tokens, q.token)
	}
	var b strings.Builder
	for i := len(tokens) - 1; i >= 0; i-- {
		b.WriteString(tokens[i])
	}
	return b.String()
}

// visitor sees one subschema and returns what replaces it (usually itself).
type visitor func(n *jsontree.Node, at place) *jsontree.Node

// rewrite calls pre on n, recurses into the subschemas of what pre returned,
// then calls post on the result. Depth is bounded by the parser's MaxDepth
// plus what $ref inlining adds, which inlining bounds by node count.
func rewrite(n *jsontree.Node, at place, pre, post visitor) *jsontree.Node {
	if pre != nil {
		n = pre(n, at)
	}
	n = eachChild(n, at, func(c *jsontree.Node, cat place) *jsontree.Node { return rewrite(c, cat, pre, post) })
	if post != nil {
		n = post(n, at)
	}
	return n
}

// eachChild replaces each direct subschema of n by what fn returns.
func eachChild(n *jsontree.Node, at place, fn visitor) *jsontree.Node {
	if !n.Is(jsontree.Object) || at.depth >= maxDepth {
		return n
	}
	for i := range n.Members() {
		m := &n.Members()[i]
		v := m.Value
		key := "/" + jsontree.EscapeToken(m.Key)
		next := place{up: &at, via: m.Key, depth: at.depth + 1}
		switch {
		case isOneOf(m.Key, singleKeys) && isSchema(v):
			next.token = key
			m.Value = fn(v, next)
		case isOneOf(m.Key, arrayKeys) && v.Is(jsontree.Array):
			for j, it := range v.Items() {
				if isSchema(it) {
					next.token = key + "/" + strconv.Itoa(j)
					v.Items()[j] = fn(it, next)
				}
			}
		case isOneOf(m.Key, mapKeys) && v.Is(jsontree.Object):
			for j := range v.Members() {
				if isSchema(v.Members()[j].Value) {
					next.token = key + "/" + jsontree.EscapeToken(v.Members()[j].Key)
					v.Members()[j].Value = fn(v.Members()[j].Value, next)
				}
			}
		}
	}
	return n
}

// maxDepth stops recursion on schemas that inlining made deeper than any
// parsed document can be.
const maxDepth = jsontree.MaxDepth

func obj() *jsontree.Node { return &jsontree.Node{Kind: jsontree.Object, Offset: -1} }

func str(s string) *jsontree.Node { return &jsontree.Node{Kind: jsontree.String, Text: s, Offset: -1} }

func boolean(b bool) *jsontree.Node { return &jsontree.Node{Kind: jsontree.Bool, Bool: b, Offset: -1} }

func arr(items ...*jsontree.Node) *jsontree.Node {
	return jsontree.NewArray(items)
}

func strs(ss []string) *jsontree.Node {
	n := arr()
	for _, s := range ss {
		n.SetItems(append(n.Items(), str(s)))
	}
	return n
}

// typed builds {"type": t}.
func typed(t string) *jsontree.Node {
	n := obj()
	n.Set("type", str(t))
	return n
}

func compact(n *jsontree.Node) string { return string(jsontree.Encode(n, jsontree.EncodeOptions{})) }

// sameJSON compares two values by encoding, ignoring key order.
func sameJSON(a, b *jsontree.Node) bool {
	opts := jsontree.EncodeOptions{SortKeys: true}
	return bytes.Equal(jsontree.Encode(a, opts), jsontree.Encode(b, opts))
}

// appendNote adds text to a schema's description after a blank line, where
// the Anthropic SDK's transform_schema puts keywords it cannot keep, so the
// model still reads the constraint.
func appendNote(n *jsontree.Node, note string) {
	if d := n.Get("description"); d.Is(jsontree.String) && d.Text != "" {
		n.Set("description", str(d.Text+"\n\n"+note))
		return
	}
	n.Set("description", str(note))
}

// merge folds src into dst as a conjunction (allOf semantics): both must
// hold. Keys only in src are copied; equal values are kept once; properties
// are merged by name, required and type are combined, and a description or
// other annotation of dst wins. It returns the keys of src it could not fold,
// which the caller reports as lost.
func merge(dst, src *jsontree.Node) (conflicts []string) {
	for _, m := range src.Members() {
		cur := dst.Get(m.Key)
		switch {
		case cur == nil:
			dst.Set(m.Key, m.Value.Clone())
		case sameJSON(cur, m.Value):
		case isOneOf(m.Key, annotationKeys):
		case m.Key == "properties" && cur.Is(jsontree.Object) && m.Value.Is(jsontree.Object):
			for _, p := range m.Value.Members() {
				have := cur.Get(p.Key)
				switch {
				case have == nil:
					cur.Set(p.Key, p.Value.Clone())
				case have.Is(jsontree.Object) && p.Value.Is(jsontree.Object):
					for _, c := range merge(have, p.Value) {
						conflicts = append(conflicts, "properties/"+p.Key+"/"+c)
					}
				case !sameJSON(have, p.Value):
					conflicts = append(conflicts, "properties/"+p.Key)
				}
			}
		case m.Key == "required" && cur.Is(jsontree.Array) && m.Value.Is(jsontree.Array):
			dst.Set("required", strs(union(cur.Strings(), m.Value.Strings())))
		case m.Key == "type":
			both := intersectTypes(schemawalk.Types(dst), schemawalk.Types(src))
			switch len(both) {
			case 0:
				conflicts = append(conflicts, "type")
			case 1:
				dst.Set("type", str(both[0]))
			default:
				dst.Set("type", strs(both))
			}
		default:
			conflicts = append(conflicts, m.Key)
		}
	}
	return conflicts
}

// Annotations do not constrain instances; when two schemas disagree on one,
// keeping either loses no valid call.
var annotationKeys = []string{"description", "title", "default", "examples", "example", "$comment", "deprecated", "readOnly", "writeOnly", "$schema", "$id"}

func union(a, b []string) []string {
	out := append([]string(nil), a...)
	for _, s := range b {
		if !contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// intersectTypes keeps the JSON types both lists allow; integer is a kind of
// number, so number ∧ integer is integer.
func intersectTypes(a, b []string) []string {
	var out []string
	for _, t := range a {
		switch {
		case contains(b, t):
			out = append(out, t)
		case t == "integer" && contains(b, "number"), t == "number" && contains(b, "integer"):
			out = append(out, "integer")
		}
	}
	return out
}

func contains(set []string, s string) bool {
	for _, x := range set {
		if x == s {
			return true
		}
	}
	return false
}
