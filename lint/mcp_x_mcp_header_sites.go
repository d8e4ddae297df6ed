package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// headerSite is one "x-mcp-header" annotation in a tool's inputSchema
// (SEP-2243, MCP 2026-07-28 server/tools.mdx §x-mcp-header).
type headerSite struct {
	// Schema is the annotated property schema; Value the annotation itself.
	Schema  *jsontree.Node
	Value   *jsontree.Node
	Pointer string // of the annotation, relative to the tool
	// Property is the property name the schema sits under ("" when it is not
	// under "properties").
	Property string
	// Reachable is true when the path from the root goes through
	// "properties" keys only, the one place the spec (and the Go SDK's
	// collectParamHeaderAnnotations) looks for annotations.
	Reachable bool
}

// headerSites lists every x-mcp-header annotation in the inputSchema, in
// document order. A schema over the size limits is left to
// schema/too-complex. Five rules ask and almost no schema has an
// annotation, so a plain key scan comes before the schema walk.
func headerSites(t *contract.Tool) []headerSite {
	var sites []headerSite
	if !hasKey(t.Input(), "x-mcp-header") || !withinLimits(t.Input()) {
		return nil
	}
	reachable := map[*jsontree.Node]bool{}
	schemawalk.Walk(t.Input(), "/inputSchema", func(s schemawalk.Schema) bool {
		ok := s.Parent == nil || (reachable[s.Parent] && s.Via == "properties")
		reachable[s.Node] = ok
		if v := s.Node.Get("x-mcp-header"); v != nil && s.Parent != nil {
			sites = append(sites, headerSite{Schema: s.Node, Value: v, Pointer: s.Pointer() + "/x-mcp-header", Property: s.Name, Reachable: ok})
		}
		return true
	})
	return sites
}

// headerName returns the annotation's header name when it is a valid one.
func (h headerSite) headerName() (string, bool) {
	if !h.Value.Is(jsontree.String) || h.Value.Text == "" {
		return "", false
	}
	for _, c := range h.Value.Text {
		if !isTChar(c) {
			return "", false
		}
	}
	return h.Value.Text, true
}

// isTChar is RFC 9110 §5.6.2 tchar, the only characters a field name may hold.
func isTChar(c rune) bool {
	switch {
	case c >= '0' && c <= '9', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return false
}

// holdsMembers says whether n is or holds an object with members.
func holdsMembers(n *jsontree.Node) bool {
	return n != nil && (len(n.Members()) > 0 || len(n.Items()) > 0)
}

// hasKey reports whether any object below n has a member named key.
func hasKey(n *jsontree.Node, key string) bool {
	stack := append(make([]*jsontree.Node, 0, 64), n) // off the heap for a typical tool
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			continue
		}
		for _, m := range n.Members() {
			if m.Key == key {
				return true
			}
			if holdsMembers(m.Value) {
				stack = append(stack, m.Value)
			}
		}
		// Only what can hold a member is pushed: a wide enum of scalars
		// grew the stack by every value (issue 32).
		for _, it := range n.Items() {
			if holdsMembers(it) {
				stack = append(stack, it)
			}
		}
	}
	return false
}
