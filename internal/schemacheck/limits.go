package schemacheck

import (
	"fmt"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Limits bound the work spent on one schema. MCP 2026-07-28 (SEP-2106,
// §Composition-Keyword Resource Use) asks implementations to bound schema work
// but gives no numbers; these are ours. Real tool schemas stay far below them:
// the deepest schema in testdata/corpus/servers nests 12 JSON levels and the
// largest has 199 values.
type Limits struct {
	// MaxDepth is the deepest JSON nesting allowed: the schema root is at
	// level 1 and a value inside an object or array is one level below it.
	MaxDepth int
	// MaxNodes is the most JSON values (objects, arrays, scalars) allowed.
	MaxNodes int
	// MaxRefs is the most "$ref"/"$dynamicRef" keywords allowed: each one can
	// multiply the work of validating an instance.
	MaxRefs int
}

// DefaultLimits are applied by Compile and MetaValidate.
var DefaultLimits = Limits{MaxDepth: 64, MaxNodes: 50000, MaxRefs: 500}

// Complexity is what Measure counted in a schema.
type Complexity struct {
	Depth int
	Nodes int
	Refs  int
}

// Measure counts a schema's depth, values and references without recursion,
// so a hostile 5,000-level document costs one linear walk and no stack. The
// walk keeps one frame per level, not per value: a wide enum pushed whole
// was 160 bytes of garbage per input byte (issue 32).
func Measure(schema *jsontree.Node) Complexity {
	var c Complexity
	if schema == nil {
		return c
	}
	type frame struct {
		node  *jsontree.Node
		depth int
		next  int // the next member or item to visit
	}
	stack := append(make([]frame, 0, 64), frame{node: schema, depth: 1}) // off the heap for a typical tool
	c.Nodes, c.Depth = 1, 1
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		var child *jsontree.Node
		switch {
		case f.node.Kind == jsontree.Object && f.next < len(f.node.Members()):
			m := &f.node.Members()[f.next]
			if m.Key == "$ref" || m.Key == "$dynamicRef" {
				c.Refs++
			}
			child = m.Value
		case f.node.Kind == jsontree.Array && f.next < len(f.node.Items()):
			child = f.node.Items()[f.next]
		default:
			stack = stack[:len(stack)-1]
			continue
		}
		f.next++
		depth := f.depth + 1
		c.Nodes++
		c.Depth = max(c.Depth, depth)
		if len(child.Members()) > 0 || len(child.Items()) > 0 {
			stack = append(stack, frame{node: child, depth: depth})
		}
	}
	return c
}

// Exceeds lists, in words, every limit c goes over (nil when within limits).
func (l Limits) Exceeds(c Complexity) []string {
	var over []string
	if c.Depth > l.MaxDepth {
		over = append(over, fmt.Sprintf("nesting depth %d exceeds %d", c.Depth, l.MaxDepth))
	}
	if c.Nodes > l.MaxNodes {
		over = append(over, fmt.Sprintf("%d JSON values exceed %d", c.Nodes, l.MaxNodes))
	}
	if c.Refs > l.MaxRefs {
		over = append(over, fmt.Sprintf("%d $ref keywords exceed %d", c.Refs, l.MaxRefs))
	}
	return over
}

// TooComplexError is a schema refused before compiling because it is over
// the limits.
type TooComplexError struct {
	Complexity Complexity
	Over       []string
}

func (e *TooComplexError) Error() string {
	msg := "schema is too complex to check safely: "
	for i, o := range e.Over {
		if i > 0 {
			msg += "; "
		}
		msg += o
	}
	return msg
}

func checkLimits(schema *jsontree.Node) error {
	c := Measure(schema)
	if over := DefaultLimits.Exceeds(c); over != nil {
		return &TooComplexError{Complexity: c, Over: over}
	}
	return nil
}
