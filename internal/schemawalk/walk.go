// Package schemawalk visits every subschema of a JSON Schema document. It is
// iterative so that a hostile 5,000-level schema cannot exhaust the stack.
package schemawalk

import (
	"slices"

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
	// Room for a typical tool's pending schemas, kept off the heap.
	stack := append(make([]Schema, 0, 32), Schema{Node: root, Pointer: pointer})
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !fn(s) || s.Node.Kind != jsontree.Object || s.Depth >= MaxDepth {
			continue
		}
		// Pushed in source order, then reversed in place, so children are
		// visited in source order.
		base := len(stack)
		for _, m := range s.Node.Members {
			v := m.Value
			if !keywords[m.Key] {
				// Most keys are not subschemas; building their pointer would
				// cost a copy of the whole path per key.
				continue
			}
			p := ""
			if pointers {
				p = jsontree.Append(s.Pointer, m.Key)
			}
			child := func(node *jsontree.Node, ptr, name string) Schema {
				return Schema{Node: node, Pointer: ptr, Depth: s.Depth + 1, Via: m.Key, Parent: s.Node, Name: name}
			}
			switch {
			case isOneOf(m.Key, single) && isSchema(v):
				stack = append(stack, child(v, p, ""))
			case isOneOf(m.Key, arrays) && v.Kind == jsontree.Array:
				for i, it := range v.Items {
					if isSchema(it) {
						if pointers {
							stack = append(stack, child(it, jsontree.AppendIndex(p, i), ""))
						} else {
							stack = append(stack, child(it, "", ""))
						}
					}
				}
			case isOneOf(m.Key, maps) && v.Kind == jsontree.Object:
				for _, pm := range v.Members {
					if isSchema(pm.Value) {
						if pointers {
							stack = append(stack, child(pm.Value, jsontree.Append(p, pm.Key), pm.Key))
						} else {
							stack = append(stack, child(pm.Value, "", pm.Key))
						}
					}
				}
			}
		}
		slices.Reverse(stack[base:])
	}
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
		for _, it := range t.Items {
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
		for _, it := range t.Items {
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
