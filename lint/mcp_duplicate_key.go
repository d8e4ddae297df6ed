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
		type frame struct {
			n      *jsontree.Node
			parent int
			token  string
		}
		// Room for a typical tool's objects and arrays, kept off the heap.
		frames := append(make([]frame, 0, 64), frame{n: p.Tool.Node, parent: -1})
		pointer := func(i int) string {
			var tokens []string
			for ; i > 0; i = frames[i].parent {
				tokens = append(tokens, frames[i].token)
			}
			var b strings.Builder
			for j := len(tokens) - 1; j >= 0; j-- {
				b.WriteString("/" + jsontree.EscapeToken(tokens[j]))
			}
			return b.String()
		}
		// frames doubles as the work list: every node is appended once and
		// visited in order, so the walk holds no recursion.
		for i := 0; i < len(frames); i++ {
			n := frames[i].n
			for _, k := range repeated(n.Members()) {
				m := n.Members()[k]
				at := pointer(i) + "/" + jsontree.EscapeToken(m.Key)
				p.Report(m.Value, at, "keep one of the two", "key %q appears twice in one object; clients disagree on which value wins", m.Key)
			}
			for _, m := range n.Members() {
				if m.Value.Kind == jsontree.Object || m.Value.Kind == jsontree.Array {
					frames = append(frames, frame{n: m.Value, parent: i, token: m.Key})
				}
			}
			for j, it := range n.Items() {
				if it.Kind == jsontree.Object || it.Kind == jsontree.Array {
					frames = append(frames, frame{n: it, parent: i, token: strconv.Itoa(j)})
				}
			}
		}
	},
})

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
