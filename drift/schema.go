package drift

import (
	"net/url"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Bounds for hostile schemas: how many $ref hops one subschema may take, and
// how deep the pairwise walk goes. A difference below maxDepth is reported
// once, unclassified (drift/schema-too-deep).
const (
	maxRefHops = 32
	maxDepth   = 256
	// maxPairs bounds the subschema pairs compared per schema; only a
	// hostile schema (a web of $refs) comes near it.
	maxPairs = 1 << 16
	// maxBranchPairs bounds the alternatives scored against each other;
	// larger unions pair by position.
	maxBranchPairs = 1024
)

// direction says who reads a schema.
type direction int

const (
	// dirInput schemas are written by callers: narrowing breaks them.
	dirInput direction = iota
	// dirOutput schemas are read by consumers: widening breaks them.
	dirOutput
)

func (d direction) String() string {
	if d == dirOutput {
		return "outputSchema"
	}
	return "inputSchema"
}

// view is a subschema after following local $refs: node is the target, and
// over (when the schema that held the $ref had sibling keywords) is that
// schema, whose keywords win, as they apply alongside the target.
type view struct {
	node    *jsontree.Node
	ptr     string
	over    *jsontree.Node
	overPtr string
	// outer is the schema holding the anyOf/oneOf this view is an
	// alternative of, when the walk compares the alternative alone against a
	// plain schema: its keywords apply to the alternative's instances too, so
	// what it declares and requires counts for the alternative.
	outer *view
	// legacy is set for a document of draft-07 or older, whose keywords
	// get lifts to 2020-12 (normalise.go).
	legacy bool
}

// get returns a keyword's value and its pointer (relative to the tool).
// Keywords are read as 2020-12 reads them, equivalent spellings as one
// (normalise.go).
func (v view) get(key string) (*jsontree.Node, string) {
	if v.over != nil && key != "$ref" {
		if x, ptr := v.lifted(v.over, v.overPtr, key); x != nil {
			return x, ptr
		}
	}
	if x, ptr := v.lifted(v.node, v.ptr, key); x != nil {
		return x, ptr
	}
	return nil, ""
}

func (v view) value(key string) *jsontree.Node {
	x, _ := v.get(key)
	return x
}

// requiredSet is every name the view requires: its own "required" and that
// of the schema holding its $ref, which apply together, and the outer
// schema's.
func (v view) requiredSet() map[string]bool {
	out := stringSet(v.node.Get("required"))
	for name := range stringSet(v.over.Get("required")) {
		out[name] = true
	}
	if v.outer != nil {
		for name := range v.outer.requiredSet() {
			out[name] = true
		}
	}
	return out
}

// declares reports whether any part of the schema declares the property:
// its own properties, those of its anyOf/oneOf/allOf alternatives, or (for
// an alternative compared alone) those of the schema around it and of the
// other alternatives. Properties moved into alternatives are still declared.
func (r resolver) declares(v view, name string, depth int) bool {
	if v.value("properties").Get(name) != nil {
		return true
	}
	if depth > 4 {
		return false
	}
	for _, key := range []string{"anyOf", "oneOf", "allOf"} {
		for _, it := range items(v.value(key)) {
			if isSchemaNode(it) && r.declares(r.resolve(it, ""), name, depth+1) {
				return true
			}
		}
	}
	return v.outer != nil && r.declares(*v.outer, name, depth+1)
}

// resolver follows local $refs ("#/$defs/x", "#") inside one schema document.
// Remote refs are never fetched: they stay as they are.
type resolver struct {
	root    *jsontree.Node
	rootPtr string
	// legacy: the document is draft-07 or older, where a $ref's siblings
	// are ignored.
	legacy bool
}

func (r resolver) resolve(n *jsontree.Node, ptr string) view {
	v := view{node: n, ptr: ptr, legacy: r.legacy}
	for hops := 0; hops < maxRefHops; hops++ {
		ref := v.node.Get("$ref")
		if !ref.Is(jsontree.String) || !strings.HasPrefix(ref.Text, "#") {
			break
		}
		frag, err := url.PathUnescape(ref.Text[1:])
		if err != nil {
			break
		}
		target, ok := r.root.Lookup(frag)
		if !ok || !(target.Is(jsontree.Object) || target.Is(jsontree.Bool)) {
			break
		}
		if v.over == nil && len(v.node.Members()) > 1 && !r.legacy {
			v.over, v.overPtr = v.node, v.ptr
		}
		v.node, v.ptr = target, r.rootPtr+frag
	}
	return v
}

// scope limits which checks run on a pair. When one side is a plain schema
// and the other an anyOf/oneOf, the pair is compared twice: whole against
// whole for the type and the prose (scopeOuter), and the plain side against
// its closest branch for everything structural (scopeLifted).
type scope int

const (
	scopeFull scope = iota
	scopeOuter
	scopeLifted
)

// schemaPass is what a schema check sees: one pair of matched subschemas.
type schemaPass struct {
	Dir      direction
	Old, New view
	// Path names the place for people: "inputSchema.entities[].name".
	Path  string
	scope scope
	pair  *toolPair
	c     *comparer
	// decision is the pair's, when judged decides it (decide.go).
	decision *decision
}

// Structural reports whether checks on properties, required, enums and
// constraints apply to this pair.
func (p *schemaPass) Structural() bool { return p.scope != scopeOuter }

// Whole reports whether checks on type and prose apply to this pair.
func (p *schemaPass) Whole() bool { return p.scope != scopeLifted }

// pick returns the rule for this pass's direction.
func (p *schemaPass) pick(in, out *Rule) *Rule {
	if p.Dir == dirOutput {
		return out
	}
	return in
}

// reportAt reports at a keyword of the new schema (or the old one when onOld,
// for something that no longer exists); a missing keyword reports at the
// schema itself.
func (p *schemaPass) reportAt(r *Rule, onOld bool, key, format string, args ...any) {
	v := p.New
	if onOld {
		v = p.Old
	}
	node, ptr := v.get(key)
	if raw := v.node.Get(key); node == nil && raw != nil {
		// Written but vacuous (normalise.go): still the place to point at.
		node, ptr = raw, jsontree.Append(v.ptr, key)
	}
	if node == nil {
		node, ptr = v.node, v.ptr
	}
	p.pair.report(r, onOld, node, ptr, "", format, args...)
}

// reportNode reports at a given node and pointer.
func (p *schemaPass) reportNode(r *Rule, onOld bool, node *jsontree.Node, ptr, format string, args ...any) {
	p.pair.report(r, onOld, node, ptr, "", format, args...)
}

// comparer walks two schema documents in step.
type comparer struct {
	dir      direction
	old, new resolver
	pair     *toolPair
	visited  map[visitKey]bool
	budget   int
	// judging is set while judged collects the findings of a pair it decides.
	judging bool
	// stopped is set once the walk reported reaching maxDepth.
	stopped bool
	// unions are the nodes whose union changed shape (group.go).
	unions []unionNode
}

// visitKey guards against $ref cycles and repeated work: a pair of views is
// compared once per scope.
type visitKey struct {
	old, oldOver, new, newOver *jsontree.Node
	sc                         scope
}

func compareSchemas(tp *toolPair, dir direction, oldRoot, newRoot *jsontree.Node) {
	key := dir.String()
	ptr := "/" + key
	c := &comparer{
		dir:     dir,
		old:     resolver{root: oldRoot, rootPtr: ptr, legacy: legacyDialect(oldRoot)},
		new:     resolver{root: newRoot, rootPtr: ptr, legacy: legacyDialect(newRoot)},
		pair:    tp,
		visited: map[visitKey]bool{},
		budget:  maxPairs,
	}
	var all []pending
	tp.sink = func(pf pending) { all = append(all, pf) }
	c.schemas(c.old.resolve(oldRoot, ptr), c.new.resolve(newRoot, ptr), key, scopeFull, 0)
	tp.sink = nil
	c.group(all)
}

func (c *comparer) schemas(old, new view, path string, sc scope, depth int) {
	if old.node == nil || new.node == nil {
		return
	}
	if depth > maxDepth {
		c.stopAtDepth(old, new, path)
		return
	}
	// The scope is part of the key: the outer and lifted passes over the same
	// nodes check different things.
	seen := visitKey{old.node, old.over, new.node, new.over, sc}
	if c.visited[seen] || c.budget <= 0 {
		return
	}
	c.visited[seen] = true
	c.budget--
	// A schema level is at most a few JSON levels (properties, a name, the
	// schema), so looking 4× the levels left down sees every difference
	// the walk could still reach; one below is stopAtDepth's to find.
	if old.over == nil && new.over == nil && equalWithin(old.node, new.node, 4*(maxDepth-depth)+8) {
		return
	}
	if sc == scopeFull {
		c.noteUnion(old, new, path)
		if c.judged(old, new, path, depth) {
			return
		}
	}
	p := &schemaPass{Dir: c.dir, Old: old, New: new, Path: path, scope: sc, pair: c.pair, c: c}
	c.check(p)
	if sc == scopeOuter {
		return
	}
	c.children(old, new, path, depth)
}

func (c *comparer) children(old, new view, path string, depth int) {
	oldProps, oldPtr := old.get("properties")
	newProps, newPtr := new.get("properties")
	for _, name := range uniqueKeys(oldProps) {
		if n := newProps.Get(name); n != nil {
			c.schemas(c.old.resolve(oldProps.Get(name), jsontree.Append(oldPtr, name)),
				c.new.resolve(n, jsontree.Append(newPtr, name)), path+"."+name, scopeFull, depth+1)
		}
	}
	c.single(old, new, "additionalProperties", path+".*", depth)
	c.single(old, new, "items", path+"[]", depth)
	c.indexed(old, new, "items", path, depth)
	c.indexed(old, new, "prefixItems", path, depth)
	c.indexed(old, new, "allOf", path, depth)
	c.branches(old, new, path, depth)
}

// single recurses into a keyword holding one subschema on both sides.
func (c *comparer) single(old, new view, key, path string, depth int) {
	o, op := old.get(key)
	n, np := new.get(key)
	if isSchemaNode(o) && isSchemaNode(n) && o.Is(jsontree.Object) == n.Is(jsontree.Object) {
		c.schemas(c.old.resolve(o, op), c.new.resolve(n, np), path, scopeFull, depth+1)
	}
}

// indexed recurses into arrays of subschemas item by item when both sides
// hold the same number of them; otherwise the array's change is judged whole
// by the checks.
func (c *comparer) indexed(old, new view, key, path string, depth int) {
	o, op := old.get(key)
	n, np := new.get(key)
	if !o.Is(jsontree.Array) || !n.Is(jsontree.Array) || len(o.Items()) != len(n.Items()) {
		return
	}
	for i := range o.Items() {
		c.schemas(c.old.resolve(o.Items()[i], jsontree.AppendIndex(op, i)), c.new.resolve(n.Items()[i], jsontree.AppendIndex(np, i)),
			path+"."+key+"["+itoa(i)+"]", scopeFull, depth+1)
	}
}

// branch is one anyOf/oneOf alternative.
type branch struct {
	view view
	path string
}

func (c *comparer) alternatives(r resolver, v view, path string) []branch {
	return c.flatAlternatives(r, v, path, 0)
}

// flatAlternatives lists v's alternatives, those of an alternative that is
// itself only a union (an "object or string" whose object is a $ref to a
// oneOf of three parents) in its place: such a union pairs with the other
// side's branches one by one, not as one of them.
func (c *comparer) flatAlternatives(r resolver, v view, path string, depth int) []branch {
	for _, key := range []string{"anyOf", "oneOf"} {
		arr, ptr := v.get(key)
		if !arr.Is(jsontree.Array) {
			continue
		}
		var out []branch
		for i, it := range arr.Items() {
			if !isSchemaNode(it) {
				continue
			}
			b := branch{view: r.resolve(it, jsontree.AppendIndex(ptr, i)), path: path + "|" + key + "[" + itoa(i) + "]"}
			if depth < 4 && b.view.over == nil && pureUnion(b.view.node) {
				out = append(out, c.flatAlternatives(r, b.view, b.path, depth+1)...)
				continue
			}
			out = append(out, b)
		}
		return out
	}
	return nil
}

// pureUnion reports a schema that is one anyOf or oneOf and prose.
func pureUnion(n *jsontree.Node) bool {
	unions := 0
	for _, m := range n.Members() {
		switch {
		case (m.Key == "anyOf" || m.Key == "oneOf") && m.Value.Is(jsontree.Array) && len(m.Value.Items()) > 0:
			unions++
		case !proseKeywords[m.Key] && m.Key != "$defs" && m.Key != "definitions":
			return false
		}
	}
	return unions == 1 && constUnion(n) == nil
}

// branches pairs anyOf/oneOf alternatives: by type first, then by likeness
// (similarity.go), so a reordered union is no change and a new null branch
// leaves the old alternative paired with its twin.
func (c *comparer) branches(old, new view, path string, depth int) {
	ob := c.alternatives(c.old, old, path)
	nb := c.alternatives(c.new, new, path)
	switch {
	case ob != nil && nb != nil:
		for _, m := range c.pairBranches(ob, nb) {
			compare := func() { c.schemas(ob[m.i].view, nb[m.j].view, nb[m.j].path, scopeFull, depth+1) }
			if c.absorbed(ob, nb, m.i, m.j) {
				c.dropBreaking(compare)
				continue
			}
			compare()
		}
	case ob == nil && nb != nil:
		if best := c.closestBranch(old, nb, false); best >= 0 {
			alt := nb[best].view
			alt.outer = &new
			c.schemas(old, alt, nb[best].path, scopeLifted, depth+1)
		}
	case ob != nil && nb == nil:
		if best := c.closestBranch(new, ob, true); best >= 0 {
			alt := ob[best].view
			alt.outer = &old
			c.schemas(alt, new, path, scopeLifted, depth+1)
		}
	}
}

func (c *comparer) pairBranches(old, new []branch) []candidate {
	if len(old)*len(new) > maxBranchPairs {
		var byPosition []candidate
		for i := 0; i < len(old) && i < len(new); i++ {
			byPosition = append(byPosition, candidate{i, i, 1})
		}
		return byPosition
	}
	newFacts := make([]schemaFacts, len(new))
	for j, n := range new {
		newFacts[j] = facts(n.view.node)
	}
	var cands []candidate
	for i, o := range old {
		oldFacts := facts(o.view.node)
		for j, n := range new {
			cands = append(cands, candidate{i, j, c.branchScore(o.view, n.view, oldFacts, newFacts[j])})
		}
	}
	return bestPairs(cands, 0)
}

// candidate is a possible pairing of old item i with new item j.
type candidate struct {
	i, j  int
	score float64
}

// bestPairs picks pairs greedily, highest score first (ties in index order),
// each index at most once, ignoring scores at or below floor.
func bestPairs(cands []candidate, floor float64) []candidate {
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].score > cands[b].score })
	usedOld, usedNew := map[int]bool{}, map[int]bool{}
	var out []candidate
	for _, c := range cands {
		if c.score <= floor || usedOld[c.i] || usedNew[c.j] {
			continue
		}
		usedOld[c.i], usedNew[c.j] = true, true
		out = append(out, c)
	}
	return out
}

// closestBranch picks the alternative most like whole; altsAreOld says which
// document the alternatives come from.
func (c *comparer) closestBranch(whole view, alts []branch, altsAreOld bool) int {
	best, bestScore := -1, 0.0
	wholeFacts := facts(whole.node)
	for i, a := range alts[:min(len(alts), maxBranchPairs)] {
		var s float64
		if altsAreOld {
			s = c.branchScore(a.view, whole, facts(a.view.node), wholeFacts)
		} else {
			s = c.branchScore(whole, a.view, wholeFacts, facts(a.view.node))
		}
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

// branchScore prefers alternatives of the same type, then alike ones; two
// alternatives sharing no type are never paired.
func (c *comparer) branchScore(old, new view, oldFacts, newFacts schemaFacts) float64 {
	to, tn := c.old.typesOf(old), c.new.typesOf(new)
	if to&tn == 0 {
		return 0
	}
	s := similarity(oldFacts, newFacts)
	if to == tn {
		s++
	}
	return s + 0.01
}

func isSchemaNode(n *jsontree.Node) bool { return n.Is(jsontree.Object) || n.Is(jsontree.Bool) }

func uniqueKeys(n *jsontree.Node) []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range n.Keys() {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

func itoa(i int) string { return jsontree.AppendIndex("", i)[1:] }

// compareTools runs the tool checks and walks both schemas of a pair.
func compareTools(tp *toolPair) {
	p := &toolPass{Old: tp.old, New: tp.new, pair: tp}
	if equalJSON(tp.old.Node, tp.new.Node, "") {
		return
	}
	for _, check := range toolChecks {
		check(p)
	}
	// A slot that does not hold an object is checkSchemaValues' finding: read
	// as the empty schema it would pass for a widening to "any".
	if o, n := tp.old.Input(), tp.new.Input(); isObjectSchema(o) && isObjectSchema(n) {
		compareSchemas(tp, dirInput, o, n)
	}
	if o, n := tp.old.Output(), tp.new.Output(); isObjectSchema(o) && isObjectSchema(n) {
		compareSchemas(tp, dirOutput, o, n)
	}
}

// toolPass is what a tool check sees: one pair of matched tools.
type toolPass struct {
	Old, New *contract.Tool
	pair     *toolPair
}

func (p *toolPass) report(r *Rule, onOld bool, node *jsontree.Node, pointer, format string, args ...any) {
	p.pair.report(r, onOld, node, pointer, "", format, args...)
}

// orEmpty reads an absent inputSchema as the empty schema, for scoring renames
// and replaying calls; lint and checkSchemaValues report the absence.
func orEmpty(n *jsontree.Node) *jsontree.Node {
	if n == nil {
		return &jsontree.Node{Kind: jsontree.Object, Offset: -1}
	}
	return n
}
