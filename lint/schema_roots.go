package lint

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// schemaRoot is one JSON Schema document of a tool.
type schemaRoot struct {
	Node    *jsontree.Node
	Pointer string
	// Complexity is filled by checkableSchemas.
	Complexity schemacheck.Complexity
}

// toolSchemas returns the tool's inputSchema and outputSchema when they are
// schemas at all (objects or booleans). Anything else is the business of the
// mcp/*-root-not-object rules, so schema rules stay quiet about it.
func toolSchemas(t *contract.Tool) []schemaRoot {
	var out []schemaRoot
	for _, key := range []string{"inputSchema", "outputSchema"} {
		n := t.Node.Get(key)
		if n.Is(jsontree.Object) || n.Is(jsontree.Bool) {
			out = append(out, schemaRoot{Node: n, Pointer: "/" + key})
		}
	}
	return out
}

// checkableSchemas is toolSchemas without the schemas over
// schemacheck.DefaultLimits: schema/too-complex reports those, and walking a
// hostile 5,000-level schema again in every rule would cost time (schemawalk
// builds each subschema's pointer, so work grows with depth squared) and
// bury that one finding in noise.
func checkableSchemas(t *contract.Tool) []schemaRoot {
	var out []schemaRoot
	for _, root := range toolSchemas(t) {
		root.Complexity = schemacheck.Measure(root.Node)
		if schemacheck.DefaultLimits.Exceeds(root.Complexity) == nil {
			out = append(out, root)
		}
	}
	return out
}

func withinLimits(schema *jsontree.Node) bool {
	return schemacheck.DefaultLimits.Exceeds(schemacheck.Measure(schema)) == nil
}

// schemaRef is one "$ref" or "$dynamicRef" and the schema resource it is
// resolved in.
type schemaRef struct {
	Value   string
	Node    *jsontree.Node
	Pointer string
	// Resource is the nearest enclosing schema with its own "$id" (or
	// draft-04 "id"), else the document root: a "#..." reference is resolved
	// against it.
	Resource *jsontree.Node
}

// eachRef visits every reference in a schema document. The walk is
// iterative (schemawalk), so a 5,000-level schema costs no stack; a root
// from checkableSchemas without references is not walked at all, which
// spares most real schemas.
func eachRef(root schemaRoot, fn func(schemaRef)) {
	if root.Complexity.Refs == 0 && root.Complexity.Nodes > 0 {
		return
	}
	resource := map[*jsontree.Node]*jsontree.Node{}
	schemawalk.Walk(root.Node, root.Pointer, func(s schemawalk.Schema) bool {
		res := resource[s.Parent]
		if s.Parent == nil || declaresID(s.Node) {
			res = s.Node
		}
		resource[s.Node] = res
		for _, key := range []string{"$ref", "$dynamicRef"} {
			if v := s.Node.Get(key); v.Is(jsontree.String) {
				fn(schemaRef{Value: v.Text, Node: v, Pointer: jsontree.Append(s.Pointer(), key), Resource: res})
			}
		}
		return true
	})
}

// declaresID reports whether a schema starts a new resource: an "$id" (or
// draft-04 "id") naming a URI, not just a "#fragment" anchor.
func declaresID(n *jsontree.Node) bool {
	for _, key := range []string{"$id", "id"} {
		if v := n.Get(key); v.Is(jsontree.String) && !strings.HasPrefix(v.Text, "#") {
			return true
		}
	}
	return false
}

// documentIDs lists every "$id" URI declared in a schema document, without
// fragment, so a reference to an embedded resource is not taken as external.
func documentIDs(root schemaRoot) map[string]bool {
	ids := map[string]bool{}
	schemawalk.Walk(root.Node, root.Pointer, func(s schemawalk.Schema) bool {
		for _, key := range []string{"$id", "id"} {
			if v := s.Node.Get(key); v.Is(jsontree.String) && !strings.HasPrefix(v.Text, "#") {
				ids[strings.SplitN(v.Text, "#", 2)[0]] = true
			}
		}
		return true
	})
	return ids
}
