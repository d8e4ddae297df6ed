// Package schemawalk visits every subschema of a JSON Schema document. It is
// iterative so that a hostile 5,000-level schema cannot exhaust the stack.
package schemawalk

import (
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Schema is one subschema and where it sits.
type Schema struct {
	Node *jsontree.Node
	// Depth counts schema levels below the root (the root is 0).
	Depth int
	// Via is the keyword that led here ("properties", "items", "anyOf", ...; "" at the root).
	Via string
	// Parent is the schema holding this one (nil at the root).
	Parent *jsontree.Node
	// Name is the property name when Via is "properties" (or the $defs key).
	Name string
	// The pointer is base, or base and then index or Name (by how), built
	// when asked for: most schemas are never reported, and a pointer each
	// was most of a walk's time on a tool of millions of subschemas, which
	// lint walks once per rule (issue 32).
	base  string
	index int32
	how   uint8
}

// How a Schema's pointer continues past its base.
const (
	atBase = iota
	atIndex
	atName
)

// Pointer is where the schema sits, relative to the tool object, e.g.
// "/inputSchema/properties/a" (empty from Visit). Each call builds it
// anew for a schema below an array or a map: keep it if it is asked for
// more than once.
func (s Schema) Pointer() string {
	switch {
	case s.base == "" && s.how != atBase:
		return ""
	case s.how == atIndex:
		return jsontree.AppendIndex(s.base, int(s.index))
	case s.how == atName:
		return jsontree.Append(s.base, s.Name)
	}
	return s.base
}

// Built returns s with its pointer built once, for a caller that keeps
// schemas and reads their pointers many times.
func (s Schema) Built() Schema {
	s.base, s.how = s.Pointer(), atBase
	return s
}

// holds says what a keyword's value holds: one subschema, an array of them,
// an object of named ones, or (0) none. A switch, not a map and lists: it is
// asked of every member of every schema, once per rule on a tool too big to
// keep its walk (issue 32).
func holds(key string) (single, array, named bool) {
	switch key {
	case "additionalProperties", "items", "contains", "not", "if", "then", "else",
		"propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema":
		// An array of items (draft 7's tuples) is not walked, as before.
		return true, false, false
	case "anyOf", "oneOf", "allOf", "prefixItems":
		return false, true, false
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
		return false, false, true
	}
	return false, false, false
}

// MaxDepth is how deep Walk goes. Every frame builds its schema's pointer, so a
// walk costs the square of the depth; a hostile 5,000-level schema would cost
// gigabytes. No real schema comes near this depth, and lint's
// schema/too-complex reports every schema deeper than 64 levels.
const MaxDepth = 500

// Walk calls fn for root and every subschema below it down to MaxDepth,
// parents before children. Returning false from fn skips that schema's children.
func Walk(root *jsontree.Node, pointer string, fn func(Schema) bool) {
	walk(root, pointer, true, fn)
}

// Visit is Walk for a caller that needs no pointers: every Schema's
// Pointer is empty, and none is built, which is most of a walk's cost.
func Visit(root *jsontree.Node, fn func(Schema) bool) {
	walk(root, "", false, fn)
}

func walk(root *jsontree.Node, pointer string, pointers bool, fn func(Schema) bool) {
	if root == nil {
		return
	}
	rootSchema := Schema{Node: root, base: pointer}
	if !fn(rootSchema) || !expandable(rootSchema) {
		return
	}
	// One frame per level, each walking its schema's children in source
	// order: pushing every child at once held a Schema per property of a
	// wide object (issue 32). Room for a typical tool's depth, off the heap.
	stack := append(make([]walkFrame, 0, 16), walkFrame{s: rootSchema})
	for len(stack) > 0 {
		child, ok := stack[len(stack)-1].next(pointers)
		if !ok {
			stack = stack[:len(stack)-1]
			continue
		}
		if fn(child) && expandable(child) {
			stack = append(stack, walkFrame{s: child})
		}
	}
}

// expandable says whether a schema's children are walked.
func expandable(s Schema) bool {
	return s.Node.Kind == jsontree.Object && len(s.Node.Members()) > 0 && s.Depth < MaxDepth
}

// walkFrame is a schema whose children are being walked: member is the
// index of the member at hand, item the next item or map entry in it, and
// pointer the member's pointer (built once for all its items, from the
// schema's own, built once: built says it is).
type walkFrame struct {
	s            Schema
	member, item int
	pointer      string
	built        bool
}

// next returns the frame's next child schema in source order, or false
// when there is none left.
func (f *walkFrame) next(pointers bool) (Schema, bool) {
	members := f.s.Node.Members()
	for ; f.member < len(members); f.member, f.item = f.member+1, 0 {
		m := &members[f.member]
		single, array, named := holds(m.Key)
		if !single && !array && !named {
			// Most keys are not subschemas; building their pointer would
			// cost a copy of the whole path per key.
			continue
		}
		if f.item == 0 {
			f.pointer = ""
			if pointers {
				if !f.built {
					f.s, f.built = f.s.Built(), true
				}
				f.pointer = jsontree.Append(f.s.base, m.Key)
			}
		}
		v := m.Value
		child := func(node *jsontree.Node, how uint8, index int, name string) Schema {
			return Schema{Node: node, base: f.pointer, index: int32(index), how: how, Depth: f.s.Depth + 1, Via: m.Key, Parent: f.s.Node, Name: name}
		}
		switch {
		case single:
			if f.item == 0 && isSchema(v) {
				f.item = 1
				return child(v, atBase, 0, ""), true
			}
		case array && v.Kind == jsontree.Array:
			for f.item < len(v.Items()) {
				i := f.item
				f.item++
				if it := v.Items()[i]; isSchema(it) {
					return child(it, atIndex, i, ""), true
				}
			}
		case named && v.Kind == jsontree.Object:
			for f.item < len(v.Members()) {
				pm := &v.Members()[f.item]
				f.item++
				if isSchema(pm.Value) {
					return child(pm.Value, atName, 0, pm.Key), true
				}
			}
		}
	}
	return Schema{}, false
}

func isSchema(n *jsontree.Node) bool {
	return n != nil && (n.Kind == jsontree.Object || n.Kind == jsontree.Bool)
}

// Types returns the schema's "type" as a list (one string, or an array of strings).
func Types(n *jsontree.Node) []string {
	t := n.Get("type")
	switch {
	case t.Is(jsontree.String):
		return []string{t.Text}
	case t.Is(jsontree.Array):
		return t.Strings()
	}
	return nil
}

// HasType reports whether the schema's type is or includes typ.
func HasType(n *jsontree.Node, typ string) bool {
	// Read "type" in place rather than through Types: the rules ask this of
	// every schema node, and a slice per question was a tenth of all
	// allocations on a large catalog.
	t := n.Get("type")
	switch {
	case t.Is(jsontree.String):
		return t.Text == typ
	case t.Is(jsontree.Array):
		for _, it := range t.Items() {
			if it.Is(jsontree.String) && it.Text == typ {
				return true
			}
		}
	}
	return false
}

// hasTypes reports whether Types(n) is non-nil, without building it.
func hasTypes(n *jsontree.Node) bool {
	t := n.Get("type")
	if t.Is(jsontree.String) {
		return true
	}
	if t.Is(jsontree.Array) {
		for _, it := range t.Items() {
			if it.Kind == jsontree.String {
				return true
			}
		}
	}
	return false
}

// IsObjectSchema reports whether the node describes objects: type object, or
// no type but object keywords.
func IsObjectSchema(n *jsontree.Node) bool {
	if !n.Is(jsontree.Object) {
		return false
	}
	if hasTypes(n) {
		return HasType(n, "object")
	}
	return n.Has("properties") || n.Has("additionalProperties") || n.Has("patternProperties")
}
