package drift

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Union absorption: a branch of an input union tightened while a sibling
// branch of the new union still accepts everything it did breaks no caller
// (a string branch gains a pattern beside a plain string branch), nor does
// a branch of an output union widened into what a sibling old branch
// already returned. Inclusion is decided where it can be (equal schemas, a
// sibling that accepts anything of the branch's types, the presence
// fragment's exact decision), at most maxAbsorb branches a side; anything
// else is not absorbed and reported as before.
const maxAbsorb = 64

// absorbed reports whether another alternative of the wider side accepts
// everything the paired alternative of the narrower side does: for inputs,
// old branch i against the new branches but j; for outputs, new branch j
// against the old branches but i.
func (c *comparer) absorbed(ob, nb []branch, i, j int) bool {
	if len(ob) > maxAbsorb || len(nb) > maxAbsorb {
		return false
	}
	if c.dir == dirInput {
		for k, b := range nb {
			if k != j && c.includes(ob[i].view, c.old, b.view, c.new) {
				return true
			}
		}
		return false
	}
	for k, b := range ob {
		if k != i && c.includes(nb[j].view, c.new, b.view, c.old) {
			return true
		}
	}
	return false
}

// includes reports, where it can tell, that every instance a accepts, b
// accepts (a read in ra's document, b in rb's).
func (c *comparer) includes(a view, ra resolver, b view, rb resolver) bool {
	switch {
	case b.over == nil && acceptsAll(b.node):
		return true
	case a.over == nil && b.over == nil && equalSubschema(a.node, b.node):
		return true
	case b.over == nil && b.node.Is(jsontree.Object) && onlyKeys(b.node, "type"):
		// b asks only for a type: it takes every value of a's types.
		return ra.typesOf(a)&^rb.typesOf(b) == 0
	case a.over == nil && b.over == nil && a.node.Is(jsontree.Object) && b.node.Is(jsontree.Object):
		if v, ok := decide(a.node, ra.root, b.node, rb.root); ok {
			return !v.narrowed
		}
	}
	return false
}

// absorbedAlone reports an alternative without a counterpart whose values
// an alternative of the other side accepts: a removed input branch another
// new branch still takes, an added output branch an old one already gave.
func (c *comparer) absorbedAlone(alt branch, altsOld bool, others []branch) bool {
	if len(others) > maxAbsorb {
		return false
	}
	ra, rb := c.old, c.new
	if !altsOld {
		ra, rb = c.new, c.old
	}
	for _, b := range others {
		if c.includes(alt.view, ra, b.view, rb) {
			return true
		}
	}
	return false
}

// dropBreaking runs fn with the breaking findings it reports dropped.
func (c *comparer) dropBreaking(fn func()) {
	sink := c.pair.sink
	c.pair.sink = func(pf pending) {
		if pf.f.Change != contract.ChangeBreaking {
			sink(pf)
		}
	}
	fn()
	c.pair.sink = sink
}
