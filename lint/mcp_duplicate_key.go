package lint

import (
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "mcp/duplicate-key",
	Profile:  ProfileMCP,
	Severity: contract.Error,
	Summary:  "an object in the tool repeats a key, so clients may read different tools",
	Help: `Why: RFC 8259 §4 says the names in a JSON object SHOULD be unique and that
with duplicates "the behavior of software that receives such an object is
unpredictable": JavaScript's JSON.parse and Go's encoding/json keep the last
value, other parsers keep the first or refuse the document. A tool with
"type":"string" and later "type":"integer" in one schema is then a string to
one client, an integer to another, and mcp-contract (which reads the last,
as the TypeScript and Go SDKs do) checks only one of them.

What is checked: every object anywhere in the tool object (the tool, its
schemas, annotations, _meta) for a key written twice; each repeat is
reported at its second occurrence.

Fix: keep one of the two, the one every client should see.`,
	CheckTool: func(p *Pass) {
		// One frame per level, each walking its node's children in source
		// order: a frame per object or array of the tool held every branch
		// of a 5-million-branch anyOf at once (issue 32). Room for a
		// typical tool's depth, kept off the heap.
		stack := append(make([]keyLevel, 0, 16), keyLevel{n: p.Tool.Node})
		pointer := func() string {
			var b strings.Builder
			for _, l := range stack[:len(stack)-1] {
				if l.n.Kind == jsontree.Object {
					b.WriteString("/" + jsontree.EscapeToken(l.n.Members()[l.next-1].Key))
				} else {
					b.WriteString("/" + strconv.Itoa(l.next-1))
				}
			}
			return b.String()
		}
		check := func(n *jsontree.Node) {
			for _, k := range repeated(n.Members()) {
				m := n.Members()[k]
				at := pointer() + "/" + jsontree.EscapeToken(m.Key)
				p.Report(m.Value, at, "keep one of the two", "key %q appears twice in one object; clients disagree on which value wins", m.Key)
			}
		}
		check(p.Tool.Node)
		for len(stack) > 0 {
			if child := stack[len(stack)-1].nextContainer(); child != nil {
				stack = append(stack, keyLevel{n: child})
				check(child)
				continue
			}
			stack = stack[:len(stack)-1]
		}
	},
})

// keyLevel is one level of mcp/duplicate-key's walk.
type keyLevel struct {
	n *jsontree.Node
	// next is the child to look at next; the one being walked is next-1.
	next int
}

// nextContainer returns the next object or array among the level's
// children and moves past it; nil when there is none.
func (l *keyLevel) nextContainer() *jsontree.Node {
	members, items := l.n.Members(), l.n.Items()
	for l.next < len(members)+len(items) {
		var child *jsontree.Node
		if l.next < len(members) {
			child = members[l.next].Value
		} else {
			child = items[l.next-len(members)]
		}
		l.next++
		if child.Kind == jsontree.Object || child.Kind == jsontree.Array {
			return child
		}
	}
	return nil
}

// repeated lists the members whose key appears earlier in the object.
// Schema objects hold a handful of keys, where comparing pairs beats
// building a set; only a large object gets one.
func repeated(members []jsontree.Member) []int {
	var out []int
	if len(members) <= 16 {
		for k := 1; k < len(members); k++ {
			for _, m := range members[:k] {
				if m.Key == members[k].Key {
					out = append(out, k)
					break
				}
			}
		}
		return out
	}
	seen := make(map[string]bool, len(members))
	for k, m := range members {
		if seen[m.Key] {
			out = append(out, k)
		}
		seen[m.Key] = true
	}
	return out
}
