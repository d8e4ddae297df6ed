// Package schemawalk visits every subschema of a JSON Schema document. It is
// iterative so that a hostile 5,000-level schema cannot exhaust the stack.
package schemawalk

import (
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Schema is one subschema and where it sits.
type Schema struct {
	Node *jsontree.Node
	// Pointer is relative to the tool object, e.g. "/inputSchema/properties/a".
	Pointer string
	// Depth counts schema levels below the root (the root is 0).
	Depth int
	// Via is the keyword that led here ("properties", "items", "anyOf", ...; "" at the root).
	Via string
	// Parent is the schema holding this one (nil at the root).
	Parent *jsontree.Node
	// Name is the property name when Via is "properties" (or the $defs key).
	Name string
}

// Keywords whose value is a single subschema.
var single = []string{
	"additionalProperties", "items", "contains", "not", "if", "then", "else",
	"propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema",
}

// Keywords whose value is an array of subschemas.
var arrays = []string{"anyOf", "oneOf", "allOf", "prefixItems", "items"}

// Keywords whose value is an object of named subschemas.
var maps = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"}

var keywords = func() map[string]bool {
	set := map[string]bool{}
	for _, list := range [][]string{single, arrays, maps} {
		for _, k := range list {
			set[k] = true
		}
	}
	return set
}()

// MaxDepth is how deep Walk goes. Every schema carries its pointer, so a
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
	rootSchema := Schema{Node: root, Pointer: pointer}
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
func expandable(s Schema) bool { return s.Node.Kind == jsontree.Object && s.Depth < MaxDepth }

// walkFrame is a schema whose children are being walked: member is the
// index of the member at hand, item the next item or map entry in it, and
// pointer the member's pointer (built once for all its items).
type walkFrame struct {
	s            Schema
	member, item int
	pointer      string
}

// next returns the frame's next child schema in source order, or false
// when there is none left.
func (f *walkFrame) next(pointers bool) (Schema, bool) {
	members := f.s.Node.Members()
	for ; f.member < len(members); f.member, f.item = f.member+1, 0 {
		m := &members[f.member]
		if !keywords[m.Key] {
			// Most keys are not subschemas; building their pointer would
			// cost a copy of the whole path per key.
			continue
		}
		if f.item == 0 {
			f.pointer = ""
			if pointers {
				f.pointer = jsontree.Append(f.s.Pointer, m.Key)
			}
		}
		v := m.Value
		child := func(node *jsontree.Node, ptr, name string) Schema {
			return Schema{Node: node, Pointer: ptr, Depth: f.s.Depth + 1, Via: m.Key, Parent: f.s.Node, Name: name}
		}
		switch {
		case isOneOf(m.Key, single):
			if f.item == 0 && isSchema(v) {
				f.item = 1
				return child(v, f.pointer, ""), true
			}
		case isOneOf(m.Key, arrays) && v.Kind == jsontree.Array:
			for f.item < len(v.Items()) {
				i := f.item
				f.item++
				if it := v.Items()[i]; isSchema(it) {
					ptr := ""
					if pointers {
						ptr = jsontree.AppendIndex(f.pointer, i)
					}
					return child(it, ptr, ""), true
				}
			}
		case isOneOf(m.Key, maps) && v.Kind == jsontree.Object:
			for f.item < len(v.Members()) {
				pm := &v.Members()[f.item]
				f.item++
				if isSchema(pm.Value) {
					ptr := ""
					if pointers {
						ptr = jsontree.Append(f.pointer, pm.Key)
					}
					return child(pm.Value, ptr, pm.Key), true
				}
			}
		}
	}
	return Schema{}, false
}

func isSchema(n *jsontree.Node) bool {
	return n != nil && (n.Kind == jsontree.Object || n.Kind == jsontree.Bool)
}

func isOneOf(k string, set []string) bool {
	for _, s := range set {
		if s == k {
			return true
		}
	}
	return false
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
