package drift

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var (
	inputRequiredPropertyAdded = register(&Rule{
		ID: "drift/input-required-property-added", Change: contract.ChangeBreaking,
		Summary: "A new argument callers must send",
		Help: "Every old call lacks it and is now rejected. oasdiff keeps new-required-request-property ERR even with a default " +
			"(oasdiff#549 asked otherwise; the maintainers kept it), mcpdiff T-REQ-ADD is breaking. " +
			"Fix: make it optional with a server-side default.",
	})
	inputPropertyBecameRequired = register(&Rule{
		ID: "drift/input-property-became-required", Change: contract.ChangeBreaking,
		Summary: "An optional argument became required",
		Help: "Calls that left it out are now rejected (oasdiff request-property-became-required ERR, mcpdiff T-OPT-TO-REQ). " +
			"Fix: keep it optional and default it on the server.",
	})
	inputPropertyBecameOptional = register(&Rule{
		ID: "drift/input-property-became-optional", Change: contract.ChangeNonBreaking,
		Summary: "A required argument became optional",
		Help: "Old calls that send it still pass (oasdiff request-property-became-optional INFO, mcpdiff T-REQ-TO-OPT); " +
			"github-mcp-server made projects_* owner_type optional this way. Fix: nothing.",
	})
	outputRequiredPropertyRemoved = register(&Rule{
		ID: "drift/output-required-property-removed", Change: contract.ChangeBreaking,
		Summary: "A result field is no longer guaranteed",
		Help: "Consumers that read it unconditionally now meet results without it (oasdiff response-property-became-optional ERR, " +
			"mcpdiff T-OUT-REQ-REMOVE). Fix: keep it required, or version the tool.",
	})
	outputRequiredPropertyAdded = register(&Rule{
		ID: "drift/output-required-property-added", Change: contract.ChangeNonBreaking,
		Summary: "A result field is now guaranteed",
		Help:    "Consumers get at least what they got before (oasdiff response-required-property-added INFO). Fix: nothing.",
	})
)

var _ = addSchemaCheck(checkRequired)

// checkRequired compares "required" lists as sets. A name leaving "required"
// because its property was removed is reported as the removal only.
func checkRequired(p *schemaPass) {
	if !p.Structural() {
		return
	}
	oldReq, newReq := p.c.old.requiredOf(p.Old, 0), p.c.new.requiredOf(p.New, 0)
	newProps := p.New.value("properties")
	newNode, newPtr := p.New.get("required")
	oldNode, oldPtr := p.Old.get("required")
	for _, name := range orderedStrings(newNode) {
		if oldReq[name] {
			continue
		}
		at, ptr := requiredItem(newNode, newPtr, name)
		p.claim(claim{kind: claimRequires, prop: name, shape: true})
		switch {
		case p.Dir == dirOutput:
			p.reportNode(outputRequiredPropertyAdded, false, at, ptr, "%s property %q is now required", p.Path, name)
		case p.New.outer != nil && p.c.old.declares(p.Old, name, 0):
			p.reportNode(inputPropertyBecameRequired, false, at, ptr,
				"%s property %q became required in this alternative: a call without it must match another one", p.Path, name)
		case p.New.outer != nil:
			p.reportNode(inputRequiredPropertyAdded, false, at, ptr,
				"%s gained required property %q in this alternative: a call without it must match another one", p.Path, name)
		case p.c.old.declares(p.Old, name, 0):
			p.reportNode(inputPropertyBecameRequired, false, at, ptr, "%s property %q became required: calls without it are rejected", p.Path, name)
		default:
			p.reportNode(inputRequiredPropertyAdded, false, at, ptr, "%s gained required property %q: every existing call lacks it", p.Path, name)
		}
	}
	for _, name := range orderedStrings(oldNode) {
		if newReq[name] || (p.c.old.declares(p.Old, name, 0) && !p.c.new.declares(p.New, name, 0)) {
			continue
		}
		p.claim(claim{kind: claimUnrequires, prop: name, shape: true})
		if p.Dir == dirOutput {
			at, ptr := requiredItem(oldNode, oldPtr, name)
			p.reportNode(outputRequiredPropertyRemoved, true, at, ptr, "%s property %q is no longer required: consumers may not get it", p.Path, name)
			continue
		}
		at, ptr := p.New.node, p.New.ptr
		if n := newProps.Get(name); n != nil {
			_, propsPtr := p.New.get("properties")
			at, ptr = n, jsontree.Append(propsPtr, name)
		}
		p.reportNode(inputPropertyBecameOptional, false, at, ptr, "%s property %q became optional", p.Path, name)
	}
}

// requiredOf is every name an instance of v must hold: v's own required
// (requiredSet), what every alternative that admits objects requires (a
// union whose object branches all require "type" requires it, and a string
// branch beside them frees no object of it), and what any allOf conjunct
// requires.
func (r resolver) requiredOf(v view, depth int) map[string]bool {
	out := v.requiredSet()
	if depth > 4 {
		return out
	}
	for _, it := range items(v.value("allOf")) {
		if isSchemaNode(it) {
			for name := range r.requiredOf(r.resolve(it, ""), depth+1) {
				out[name] = true
			}
		}
	}
	var common map[string]bool
	for _, alt := range altNodes(v) {
		a := r.resolve(alt, "")
		if r.typesOf(a)&tObject == 0 {
			continue
		}
		req := r.requiredOf(a, depth+1)
		if common == nil {
			common = req
			continue
		}
		for name := range common {
			if !req[name] {
				delete(common, name)
			}
		}
	}
	for name := range common {
		out[name] = true
	}
	return out
}

func requiredItem(list *jsontree.Node, ptr, name string) (*jsontree.Node, string) {
	for i, it := range list.Items() {
		if it.IsString(name) {
			return it, jsontree.AppendIndex(ptr, i)
		}
	}
	return list, ptr
}

func stringSet(n *jsontree.Node) map[string]bool {
	out := map[string]bool{}
	for _, s := range n.Strings() {
		out[s] = true
	}
	return out
}

// orderedStrings returns the distinct strings of an array in source order.
func orderedStrings(n *jsontree.Node) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range n.Strings() {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
