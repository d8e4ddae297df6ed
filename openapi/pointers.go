package openapi

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// pointerMap maps pointers into the API side of a comparison (the
// operation built as a tool, whose $defs are the spec's components) to the
// node in the bound tool that stands for the same value: the API's
// /inputSchema/$defs/notion.page/properties/parent is the tool's
// /inputSchema/properties/parent when the tool writes that object inline.
type pointerMap map[string]string

// mapPointers walks the two tools side by side from each schema's root,
// through properties, items and composition branches, following $refs on
// either side, and records for every API node reached the tool node it
// meets.
func mapPointers(api, tool *jsontree.Node) pointerMap {
	m := pointerMap{}
	for _, key := range []string{"inputSchema", "outputSchema"} {
		a, t := api.Get(key), tool.Get(key)
		if a == nil || t == nil {
			continue
		}
		w := walker{m: m, apiRoot: a, toolRoot: t, apiBase: "/" + key, toolBase: "/" + key, seen: map[string]bool{}}
		w.walk(a, w.apiBase, t, w.toolBase, 0)
	}
	return m
}

type walker struct {
	m                 pointerMap
	apiRoot, toolRoot *jsontree.Node
	apiBase, toolBase string
	seen              map[string]bool
}

// deref follows a local $ref of a schema to its target, returning the
// target and its pointer in the tool.
func deref(root *jsontree.Node, base string, n *jsontree.Node, pointer string) (*jsontree.Node, string) {
	for hops := 0; hops < 16 && n.Is(jsontree.Object); hops++ {
		ref := n.Get("$ref")
		if !ref.Is(jsontree.String) || !strings.HasPrefix(ref.Text, "#/") {
			break
		}
		target, ok := root.Lookup(ref.Text[1:])
		if !ok {
			break
		}
		n, pointer = target, base+ref.Text[1:]
	}
	return n, pointer
}

func (w *walker) walk(a *jsontree.Node, ap string, t *jsontree.Node, tp string, depth int) {
	if depth > 64 || !a.Is(jsontree.Object) || !t.Is(jsontree.Object) {
		return
	}
	if _, ok := w.m[ap]; !ok {
		w.m[ap] = tp
	}
	a, ap = deref(w.apiRoot, w.apiBase, a, ap)
	t, tp = deref(w.toolRoot, w.toolBase, t, tp)
	if w.seen[ap+"\x00"+tp] {
		return
	}
	w.seen[ap+"\x00"+tp] = true
	if _, ok := w.m[ap]; !ok {
		w.m[ap] = tp
	}
	// A tool that types an argument "the API's object, or a string" has
	// the API's schema as one of its branches.
	if !hasBranches(a) {
		for _, key := range []string{"anyOf", "oneOf"} {
			for i, branch := range items(t.Get(key)) {
				if b, _ := deref(w.toolRoot, w.toolBase, branch, ""); sameType(a, b) {
					w.walk(a, ap, branch, jsontree.AppendIndex(jsontree.Append(tp, key), i), depth+1)
					return
				}
			}
		}
	}
	for _, key := range []string{"properties", "patternProperties"} {
		for _, mem := range members0(a.Get(key)) {
			if tv := t.Get(key).Get(mem.Key); tv != nil {
				w.walk(mem.Value, jsontree.Append(jsontree.Append(ap, key), mem.Key), tv, jsontree.Append(jsontree.Append(tp, key), mem.Key), depth+1)
			}
		}
	}
	for _, key := range []string{"items", "additionalProperties", "contains", "not"} {
		w.walk(a.Get(key), jsontree.Append(ap, key), t.Get(key), jsontree.Append(tp, key), depth+1)
	}
	for _, key := range []string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		ta := t.Get(key)
		for i, branch := range items(a.Get(key)) {
			if ta.Is(jsontree.Array) && i < len(ta.Items()) {
				w.walk(branch, jsontree.AppendIndex(jsontree.Append(ap, key), i), ta.Items()[i], jsontree.AppendIndex(jsontree.Append(tp, key), i), depth+1)
			}
		}
	}
}

func hasBranches(n *jsontree.Node) bool { return n.Get("anyOf") != nil || n.Get("oneOf") != nil }

// sameType: both say the same type, or the branch says none.
func sameType(a, b *jsontree.Node) bool {
	at, bt := a.Get("type"), b.Get("type")
	if at == nil || bt == nil {
		return bt == nil || a.Get("properties") != nil && bt.IsString("object")
	}
	return at.Is(jsontree.String) && bt.Is(jsontree.String) && at.Text == bt.Text
}

// toolPointer is where a finding's pointer lands in the tool: as is when it
// names a node of the tool already, else the tool node mapped from the
// longest API pointer it starts with, plus what is left of it, cut back to
// the deepest node the tool has (for a property the tool lacks, the object
// that lacks it), so that every pointer resolves in the tool's file.
func (m pointerMap) toolPointer(pointer string, tool *jsontree.Node) string {
	if _, ok := tool.Lookup(pointer); ok {
		return pointer
	}
	mapped := pointer
	for p := pointer; p != ""; {
		if tp, ok := m[p]; ok {
			mapped = tp + pointer[len(p):]
			break
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	for {
		if _, ok := tool.Lookup(mapped); ok || mapped == "" {
			return mapped
		}
		mapped = mapped[:strings.LastIndexByte(mapped, '/')]
	}
}

func items(n *jsontree.Node) []*jsontree.Node {
	if !n.Is(jsontree.Array) {
		return nil
	}
	return n.Items()
}

func members0(n *jsontree.Node) []jsontree.Member {
	if !n.Is(jsontree.Object) {
		return nil
	}
	return n.Members()
}

// specNode is the deepest node on pointer's path in the API side that the
// spec wrote, following $refs into the $defs they name: where the spec says
// what a finding is about.
func specNode(api *jsontree.Node, pointer string, known func(*jsontree.Node) bool) *jsontree.Node {
	var found *jsontree.Node
	cur, base := api, ""
	toks := strings.Split(pointer, "/")[1:]
	for i, tok := range toks {
		if i == 1 {
			base = "/" + toks[0]
		}
		if i >= 1 {
			cur, _ = deref(api.Get(toks[0]), base, cur, "")
		}
		if known(cur) {
			found = cur
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		next, ok := cur.Lookup("/" + jsontree.EscapeToken(tok))
		if !ok {
			return found
		}
		cur = next
	}
	if cur, _ = deref(api.Get(firstToken(pointer)), "", cur, ""); known(cur) {
		found = cur
	}
	return found
}

func firstToken(pointer string) string {
	tok, _, _ := strings.Cut(strings.TrimPrefix(pointer, "/"), "/")
	return tok
}
