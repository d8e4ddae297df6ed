package drift

import "github.com/mcp-contract/mcp-contract/internal/jsontree"

// A finding's example must prove the claim printed beside it, not merely
// that the schema changed: "property P is no longer required (for example
// X)" is true only of an X without P that the new schema accepts and the old
// one rejected. A check that makes such a claim says so (schemaPass.claim);
// the decision then looks for an instance proving that very claim, and a
// claim that no instance of its exact universe proves is false and is not
// reported (the pair's "accepts less/more than before" carries the example
// the decision did find). A finding the decision cannot judge carries no
// example at all.

// claimKind is what a finding says of the instances.
type claimKind uint8

const (
	claimNone claimKind = iota
	// claimRequires: an object without prop that the old schema accepts and
	// the new one rejects.
	claimRequires
	// claimUnrequires: an object without prop that the new schema accepts
	// and the old one rejects.
	claimUnrequires
	// claimKeyword: an instance that the change of keyword prop alone tells
	// apart: rejected (or, for a widening, accepted) by the new schema and
	// not by the new schema with that keyword as the old one had it.
	claimKeyword
)

// claim is a finding's claim about one property or keyword. shape marks a
// finding about the node's shape (type, required, content model,
// alternatives), which a union's change moves all at once (group.go).
type claim struct {
	kind  claimKind
	prop  string
	shape bool
}

// claim makes the pass's next finding carry c.
func (p *schemaPass) claim(c claim) *schemaPass {
	p.pair.next = c
	return p
}

// prove looks for an instance proving c in the decision's universe; for a
// keyword claim, narrows says which way the finding says the keyword moved.
func (d *decision) prove(c claim, narrows bool) (any, bool) {
	if c.kind == claimKeyword {
		return d.proveKeyword(c.prop, narrows)
	}
	i, ok := d.universe.index[c.prop]
	if !ok {
		return nil, false
	}
	var found any
	hit := false
	d.universe.each(func(in *instance) bool {
		if in.scalar != nil || in.vals[i] != nil {
			return true
		}
		a, b := holds(d.old, in), holds(d.new, in)
		if (c.kind == claimRequires && a && !b) || (c.kind == claimUnrequires && b && !a) {
			found, hit = d.ps.shown(in.value()), true
			return false
		}
		return true
	})
	return found, hit
}

// proofText is the example sentence for a proved claim.
func proofText(c claim, narrows bool, instance any) string {
	if c.kind == claimRequires || (c.kind == claimKeyword && narrows) {
		return witness(" (for example %s matched the old schema and no longer does)", instance)
	}
	return witness(" (for example %s now matches and did not before)", instance)
}

// proveKeyword looks for an instance that only keyword's change tells
// apart: the new schema with the old value of keyword (or without it)
// judges it as the old one does. A keyword the rewrite folds into others
// ($ref, allOf) or does not keep (prose) proves nothing on its own.
func (d *decision) proveKeyword(keyword string, narrows bool) (any, bool) {
	if keyword == "allOf" || keyword == "$ref" || keyword == "properties" || !objectKeywords[keyword] {
		return nil, false
	}
	variant := &jsontree.Node{Kind: jsontree.Object, Offset: -1}
	for _, m := range d.new.Members() {
		if m.Key != keyword {
			variant.SetMembers(append(variant.Members(), m))
		}
	}
	if o := d.old.Get(keyword); o != nil {
		variant.Set(keyword, o)
	}
	var found any
	hit := false
	d.universe.each(func(in *instance) bool {
		a, b, v := holds(d.old, in), holds(d.new, in), holds(variant, in)
		if (narrows && a && !b && v) || (!narrows && b && !a && !v) {
			found, hit = d.ps.shown(in.value()), true
			return false
		}
		return true
	})
	return found, hit
}
