package lint

import (
	"iter"
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// toolString is one piece of text a model reads when a client loads a tool:
// a string value or an object key, anywhere in the tool object.
type toolString struct {
	Text string
	// node is the value's node; nil for a key, which has none of its own.
	node      *jsontree.Node
	keyOffset int32
	IsKey     bool
	// Path holds the unescaped tokens from the tool object to the text; for a
	// key it ends with the key itself. It is only valid during the loop
	// iteration that yields it: the walk reuses its backing array.
	Path []string
	// DataAt is the index in Path of the keyword (default, const, enum,
	// examples, example) whose value holds this text as instance data rather
	// than schema text, or -1. A property named "default" is not the keyword.
	DataAt int
}

// dataKeywords hold instance values, not schemas.
var dataKeywords = map[string]bool{"default": true, "examples": true, "example": true, "const": true, "enum": true}

// authorNamedKeywords hold members whose keys are names chosen by the schema
// author (a property may be called "default").
var authorNamedKeywords = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true, "dependentRequired": true}

// Node locates the text in its file; for a key it is a detached node at the
// key's offset. Keys get theirs only when asked, since all but the reported
// few would be garbage: a node per key was a tenth of a lint's allocations.
func (s toolString) Node() *jsontree.Node {
	if s.node != nil {
		return s.node
	}
	return &jsontree.Node{Kind: jsontree.String, Text: s.Text, Offset: s.keyOffset}
}

// Pointer is the JSON pointer of the text, relative to the tool object. For
// a key it names the member the key introduces, so
// "/inputSchema/properties/path" is the key "path". It is built on demand,
// only for texts that are reported, so deep schemas do not pay for a pointer
// per string.
func (s toolString) Pointer() string {
	var b strings.Builder
	for _, tok := range s.Path {
		b.WriteByte('/')
		b.WriteString(jsontree.EscapeToken(tok))
	}
	return b.String()
}

// toolStrings yields every string value and every object key of a tool:
// name, title, description, annotations, and everything inside inputSchema and
// outputSchema (property names, enum values, const, default, examples, even
// unknown keywords), since poisoning and leaked secrets hide wherever a model
// or a reviewer is least likely to look. The walk is iterative, so nesting
// depth cannot exhaust the stack, and costs constant time per value.
func toolStrings(t *contract.Tool) iter.Seq[toolString] {
	return walkToolStrings(t, &stringWalk{})
}

// toolStrings is toolStrings(p.Tool) on the worker's buffers: three
// security rules walk every tool, and growing a stack and a path for each
// walk was a tenth of a lint's allocations.
func (p *Pass) toolStrings() iter.Seq[toolString] {
	if p.scratch == nil || p.scratch.strings.busy {
		return toolStrings(p.Tool)
	}
	return walkToolStrings(p.Tool, &p.scratch.strings)
}

// stringWalk holds the buffers of one walk at a time.
type stringWalk struct {
	stack []stringFrame
	path  []string
	busy  bool
}

type stringFrame struct {
	node  *jsontree.Node
	depth int // len(path) for this node
	token string
	// dataAt is the DataAt of the texts directly in this node.
	dataAt int
	// next is the member or item of this node to visit next.
	next int
}

// holdsText says whether a value has a string or key in it: numbers,
// booleans, nulls and empty containers are not walked at all.
func holdsText(n *jsontree.Node) bool {
	return n.Kind == jsontree.String || len(n.Members()) > 0 || len(n.Items()) > 0
}

func walkToolStrings(t *contract.Tool, w *stringWalk) iter.Seq[toolString] {
	return func(yield func(toolString) bool) {
		if t == nil || t.Node == nil {
			return
		}
		w.busy = true
		path, stack := w.path[:0], append(w.stack[:0], stringFrame{node: t.Node, dataAt: -1})
		defer func() {
			w.path, w.stack, w.busy = path[:0], stack[:0], false
		}()
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
				if !yield(toolString{Text: f.node.Text, node: f.node, Path: path, DataAt: f.dataAt}) {
					return
				}
			case jsontree.Object:
				// Keys are yielded in source order on the first visit, then
				// the values are visited in source order, one frame per
				// object re-pushed after each: a wide object costs no stack.
				if f.next == 0 {
					for _, m := range f.node.Members() {
						// Kept in path, so its growth is reused, not redone per key.
						path = append(path, m.Key)
						if !yield(toolString{Text: m.Key, keyOffset: m.KeyOffset, IsKey: true, Path: path, DataAt: f.dataAt}) {
							return
						}
						path = path[:len(path)-1]
					}
				}
				i := f.next
				for i < len(f.node.Members()) && !holdsText(f.node.Members()[i].Value) {
					i++
				}
				if i >= len(f.node.Members()) {
					continue
				}
				m := f.node.Members()[i]
				dataAt := f.dataAt
				if dataAt < 0 && dataKeywords[m.Key] && !authorNamedKeywords[f.token] {
					dataAt = f.depth
				}
				f.next = i + 1
				stack = append(stack, f, stringFrame{node: m.Value, depth: f.depth + 1, token: m.Key, dataAt: dataAt})
			case jsontree.Array:
				i := f.next
				for i < len(f.node.Items()) && !holdsText(f.node.Items()[i]) {
					i++
				}
				if i >= len(f.node.Items()) {
					continue
				}
				f.next = i + 1
				stack = append(stack, f, stringFrame{node: f.node.Items()[i], depth: f.depth + 1, token: strconv.Itoa(i), dataAt: f.dataAt})
			}
		}
	}
}
