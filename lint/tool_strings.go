package lint

import (
	"iter"
	"strconv"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// toolString is one piece of text a model reads when a client loads a tool:
// a string value or an object key, anywhere in the tool object.
type toolString struct {
	Text string
	// Pointer is relative to the tool object. For a key it names the member
	// the key introduces, so "/inputSchema/properties/path" is the key "path".
	Pointer string
	// Node locates the text in its file; for a key it is a detached node at
	// the key's offset, since keys have no node of their own.
	Node  *jsontree.Node
	IsKey bool
	// Path holds the unescaped tokens of Pointer. It is only valid during the
	// loop iteration that yields it: the walk reuses its backing array.
	Path []string
}

// toolStrings yields every string value and every object key of a tool:
// name, title, description, annotations, and everything inside inputSchema and
// outputSchema (property names, enum values, const, default, examples, even
// unknown keywords), since poisoning and leaked secrets hide wherever a model
// or a reviewer is least likely to look. The walk is iterative, so nesting
// depth cannot exhaust the stack.
func toolStrings(t *contract.Tool) iter.Seq[toolString] {
	return func(yield func(toolString) bool) {
		if t == nil || t.Node == nil {
			return
		}
		type frame struct {
			node    *jsontree.Node
			pointer string
			depth   int // len(path) for this node
			token   string
		}
		var path []string
		stack := []frame{{node: t.Node}}
		for len(stack) > 0 {
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			// Depth-first order means every node visited since this frame's
			// parent is a descendant of it, so path[:depth-1] still holds the
			// ancestors.
			if f.depth > 0 {
				path = append(path[:f.depth-1], f.token)
			}
			switch f.node.Kind {
			case jsontree.String:
				if !yield(toolString{Text: f.node.Text, Pointer: f.pointer, Node: f.node, Path: path}) {
					return
				}
			case jsontree.Object:
				// Keys are yielded in source order, then children are pushed in
				// reverse so values are also visited in source order.
				for _, m := range f.node.Members {
					ptr := jsontree.Append(f.pointer, m.Key)
					keyNode := &jsontree.Node{Kind: jsontree.String, Text: m.Key, Offset: m.KeyOffset, End: m.KeyOffset}
					if !yield(toolString{Text: m.Key, Pointer: ptr, Node: keyNode, IsKey: true, Path: append(path, m.Key)}) {
						return
					}
				}
				for i := len(f.node.Members) - 1; i >= 0; i-- {
					m := f.node.Members[i]
					stack = append(stack, frame{node: m.Value, pointer: jsontree.Append(f.pointer, m.Key), depth: f.depth + 1, token: m.Key})
				}
			case jsontree.Array:
				for i := len(f.node.Items) - 1; i >= 0; i-- {
					stack = append(stack, frame{node: f.node.Items[i], pointer: jsontree.AppendIndex(f.pointer, i), depth: f.depth + 1, token: strconv.Itoa(i)})
				}
			}
		}
	}
}
