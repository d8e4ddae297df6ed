package drift

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// One change, one finding. A union introduced or removed at a node (a
// closed object becoming "that object, or a resource item"; an argument
// typed "the API's object, or a string") makes several keywords differ at
// once: the type, what is required, the content model. Reported one by one
// they read as several breaking changes, and none of them names the change.
// The breaking findings the checks of one such node report are therefore
// said once, naming the change, with each keyword-level fact in the
// finding's details; the findings of the nodes below it stand on their own.

// nodeKey names a pair of schema nodes the walk compares; a branch compared
// alone against a plain schema (scopeLifted) counts as the union's node.
type nodeKey struct{ old, new *jsontree.Node }

func keyOf(old, new view) nodeKey {
	switch {
	case old.outer != nil:
		return nodeKey{old.outer.node, new.node}
	case new.outer != nil:
		return nodeKey{old.node, new.outer.node}
	}
	return nodeKey{old.node, new.node}
}

// unionNode is a node where a union was introduced or removed, or branches
// were added or removed.
type unionNode struct {
	key      nodeKey
	old, new view
	path     string
}

// shapesAdded reports a union that gives the side reading the schema
// shapes it did not have: introduced in an output (consumers meet new
// items), removed from an input's new side (callers lose theirs). Its one
// finding is still the change, not the keyword it shows in.
func (u unionNode) shapesAdded(dir direction) bool {
	if dir == dirOutput {
		return altNodes(u.old) == nil && altNodes(u.new) != nil
	}
	return altNodes(u.old) != nil && altNodes(u.new) == nil
}

// check runs the schema checks on one pass.
func (c *comparer) check(p *schemaPass) {
	c.pair.at = keyOf(p.Old, p.New)
	for _, check := range schemaChecks {
		c.pair.next = claim{}
		check(p)
	}
	c.pair.next = claim{}
}

// noteUnion records the pair when its union changed shape.
func (c *comparer) noteUnion(old, new view, path string) {
	ob, nb := altNodes(old), altNodes(new)
	if (ob == nil) == (nb == nil) && len(ob) == len(nb) {
		return
	}
	c.unions = append(c.unions, unionNode{key: nodeKey{old.node, new.node}, old: old, new: new, path: path})
}

// group emits the walk's findings, those of a changed union's node that
// break said as one.
func (c *comparer) group(all []pending) {
	byNode := map[nodeKey][]int{}
	for i, pf := range all {
		if pf.f.Change == contract.ChangeBreaking && pf.claim.shape {
			byNode[pf.at] = append(byNode[pf.at], i)
		}
	}
	merged := map[int]bool{}
	var out []contract.Finding
	for _, u := range c.unions {
		idx := byNode[u.key]
		if len(idx) == 0 || len(idx) == 1 && !u.shapesAdded(c.dir) {
			continue
		}
		delete(byNode, u.key)
		var group []pending
		for _, i := range idx {
			merged[i] = true
			group = append(group, all[i])
		}
		out = append(out, c.oneChange(u, group))
	}
	for i, pf := range all {
		if !merged[i] {
			c.pair.emit(pf.f)
		}
	}
	for _, f := range out {
		c.pair.emit(f)
	}
}

// oneChange is the finding that names a union's change, its group's
// messages as details.
func (c *comparer) oneChange(u unionNode, group []pending) contract.Finding {
	var details, facts, missing, required []string
	var typeFinding *contract.Finding
	for i := range group {
		f := &group[i].f
		details = append(details, f.Message)
		switch cl := group[i].claim; {
		case cl.kind == claimUnrequires:
			missing = append(missing, strconv.Quote(cl.prop))
		case cl.kind == claimRequires:
			required = append(required, strconv.Quote(cl.prop))
		case strings.Contains(f.Rule, "-type-") && typeFinding == nil:
			typeFinding = f
		default:
			facts = append(facts, strings.TrimPrefix(f.Message, u.path+" "))
		}
	}
	if len(missing) > 0 {
		facts = append([]string{english.List(missing, "and") + " may be missing"}, facts...)
	}
	if len(required) > 0 {
		facts = append([]string{english.List(required, "and") + " must be sent"}, facts...)
	}
	if typeFinding != nil && len(group) == 1 {
		// The type's own finding already names the change.
		return *typeFinding
	}
	var head string
	rule := c.pickRule(outputConstraintRelaxed, inputConstraintTightened)
	switch {
	case typeFinding != nil:
		rule = Lookup(typeFinding.Rule)
		head = typeFinding.Message
	case altNodes(u.new) != nil && altNodes(u.old) == nil:
		head = fmt.Sprintf("%s may now be %s", u.path, c.newShapes(u))
	case altNodes(u.old) != nil && altNodes(u.new) == nil:
		head = fmt.Sprintf("%s is no longer a union of %d alternatives", u.path, len(altNodes(u.old)))
	default:
		head = fmt.Sprintf("%s went from %d alternatives to %d", u.path, len(altNodes(u.old)), len(altNodes(u.new)))
	}
	var f contract.Finding
	emit := c.pair.emit
	c.pair.emit = func(x contract.Finding) { f = x }
	sink := c.pair.sink
	c.pair.sink = nil
	msg := head
	if len(facts) > 0 {
		msg += ": " + strings.Join(facts, "; ")
	}
	c.pair.report(rule, false, u.new.node, u.new.ptr, "", "%s", msg)
	c.pair.emit, c.pair.sink = emit, sink
	f.Details = details
	return f
}

func (c *comparer) pickRule(out, in *Rule) *Rule {
	if c.dir == dirOutput {
		return out
	}
	return in
}

// newShapes describes the alternatives of the new union that the old
// schema is not the closest to: what the node may now hold.
func (c *comparer) newShapes(u unionNode) string {
	nb := c.alternatives(c.new, u.new, u.path)
	closest := c.closestBranch(u.old, nb, false)
	var shapes []string
	for i, b := range nb {
		if i != closest {
			shapes = append(shapes, shapeOf(b.view))
		}
	}
	if len(shapes) == 0 {
		return "one of " + strconv.Itoa(len(nb)) + " alternatives"
	}
	return english.List(shapes, "or")
}

// shapeOf is a short picture of an alternative: an object by the constant
// it is told apart by and the keys it requires, `{type: "resource", …}`;
// anything else by its type.
func shapeOf(v view) string {
	props := v.value("properties")
	if props.Is(jsontree.Object) {
		for _, m := range props.Members() {
			vals := enumValues(view{node: m.Value})
			if vals != nil && len(vals.Items()) == 1 {
				return "`{" + m.Key + ": " + string(jsontree.Encode(vals.Items()[0], jsontree.EncodeOptions{})) + ", …}`"
			}
		}
		var keys []string
		for _, k := range orderedStrings(v.value("required")) {
			keys = append(keys, k)
			if len(keys) == 3 {
				break
			}
		}
		if len(keys) > 0 {
			return "`{" + strings.Join(keys, ", ") + ", …}`"
		}
	}
	if t := v.value("type"); t.Is(jsontree.String) {
		return "a " + t.Text
	}
	return "another alternative"
}
