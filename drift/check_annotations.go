package drift

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var (
	annotationWeakened = register(&Rule{
		ID: "drift/annotation-weakened", Change: contract.ChangeReview,
		Summary: "A tool now claims to be less safe",
		Help: "readOnlyHint true→false, destructiveHint false→true, idempotentHint true→false or openWorldHint false→true " +
			"(absent hints read as the spec defaults: readOnly false, destructive true, idempotent false, openWorld true). " +
			"Clients auto-approve read-only tools and retry idempotent ones; after this change a tool the user let run freely " +
			"may delete or reach the outside world (mcpdiff T-ANN-WEAKEN). Fix: confirm the new behaviour is intended; " +
			"clients should re-ask for approval.",
	})
	annotationChanged = register(&Rule{
		ID: "drift/annotation-changed", Change: contract.ChangeReview,
		Summary: "A tool's annotations changed",
		Help: "A hint became safer, or another annotation changed (mcpdiff T-ANN-CHANGE). Making a hint explicit with its " +
			"spec default (destructiveHint absent → true) is not a change and is not reported. Fix: review; update the snapshot.",
	})
)

// hint is one behaviour annotation with its spec default and the value that
// makes a tool look less safe.
type hint struct {
	name     string
	absent   bool
	riskyWas bool
}

// MCP spec (2025-06-18 onwards) ToolAnnotations defaults.
var hints = []hint{
	{name: "readOnlyHint", absent: false, riskyWas: true},
	{name: "destructiveHint", absent: true, riskyWas: false},
	{name: "idempotentHint", absent: false, riskyWas: true},
	{name: "openWorldHint", absent: true, riskyWas: false},
}

var _ = addToolCheck(checkAnnotations)

func checkAnnotations(p *toolPass) {
	oldAnn, newAnn := p.Old.Node.Get("annotations"), p.New.Node.Get("annotations")
	where := func(key string) (*jsontree.Node, string) {
		if n := newAnn.Get(key); n != nil {
			return n, "/annotations/" + jsontree.EscapeToken(key)
		}
		if newAnn != nil {
			return newAnn, "/annotations"
		}
		return p.New.Node, ""
	}
	for _, h := range hints {
		was, is := hintValue(oldAnn, h), hintValue(newAnn, h)
		if was == is {
			continue
		}
		node, ptr := where(h.name)
		r := annotationChanged
		if was == h.riskyWas {
			r = annotationWeakened
		}
		p.report(r, false, node, ptr, "annotations.%s went from %t to %t", h.name, was, is)
	}
	for _, key := range mergedKeys(oldAnn, newAnn) {
		if key == "title" || isHint(key) {
			continue
		}
		o, n := oldAnn.Get(key), newAnn.Get(key)
		if o != nil && n != nil && equalJSON(o, n, key) {
			continue
		}
		node, ptr := where(key)
		p.report(annotationChanged, false, node, ptr, "annotations.%s changed from %s to %s", key, orAbsent(o), orAbsent(n))
	}
}

// hintValue reads a hint, taking the spec default when it is absent or not a
// boolean (lint reports the latter).
func hintValue(ann *jsontree.Node, h hint) bool {
	if v := ann.Get(h.name); v.Is(jsontree.Bool) {
		return v.Bool
	}
	return h.absent
}

func isHint(key string) bool {
	for _, h := range hints {
		if h.name == key {
			return true
		}
	}
	return false
}

func mergedKeys(a, b *jsontree.Node) []string {
	out := uniqueKeys(a)
	seen := map[string]bool{}
	for _, k := range out {
		seen[k] = true
	}
	for _, k := range uniqueKeys(b) {
		if !seen[k] {
			out = append(out, k)
		}
	}
	return out
}

func orAbsent(n *jsontree.Node) string {
	if n == nil {
		return "(absent)"
	}
	return short(n)
}
