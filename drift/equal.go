package drift

import (
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// unordered names the keywords whose arrays are sets: reordering them is no
// change (JSON Schema gives their order no meaning).
func unordered(key string) bool { return key == "required" || key == "enum" || key == "type" }

// equalJSON compares two values as JSON Schema reads them: object key order,
// duplicate keys (the last wins, as in encoding/json), number spelling
// ("1.0" and "1") and the order of required/enum/type arrays do not count.
func equalJSON(a, b *jsontree.Node, parentKey string) bool {
	return equalValues(a, b, parentKey, false, unbounded)
}

// unbounded is a levels argument no JSON reaches.
const unbounded = 1 << 30

// equalSubschema is equalJSON for two subschemas of different documents: a
// local "$ref" makes them unequal, since the same text may point at targets
// that differ, and the caller must then compare what the refs resolve to.
func equalSubschema(a, b *jsontree.Node) bool { return equalValues(a, b, "", true, unbounded) }

// equalWithin is equalSubschema looking at most levels JSON levels down:
// false when the two may differ only below. The walk asks it at every level
// it descends, and an unbounded look from each of them would cost the
// square of a deep schema's size (49,000 levels took minutes).
func equalWithin(a, b *jsontree.Node, levels int) bool { return equalValues(a, b, "", true, levels) }

func equalValues(a, b *jsontree.Node, parentKey string, refsDiffer bool, levels int) bool {
	if a == nil || b == nil {
		return a == b
	}
	if levels--; levels < 0 {
		return false
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case jsontree.Null:
		return true
	case jsontree.Bool:
		return a.Bool == b.Bool
	case jsontree.Number:
		// Exactly as written: 9007199254740993 is not 9007199254740992,
		// though float64 holds neither apart.
		return jsontree.NumbersEqual(a.Text, b.Text)
	case jsontree.String:
		return a.Text == b.Text
	case jsontree.Array:
		if len(a.Items()) != len(b.Items()) {
			return false
		}
		if unordered(parentKey) {
			return equalSets(a, b)
		}
		for i := range a.Items() {
			if !equalValues(a.Items()[i], b.Items()[i], "", refsDiffer, levels) {
				return false
			}
		}
		return true
	}
	if countKeys(a) != countKeys(b) {
		return false
	}
	// A large object's keys are looked up in b through a map too: Get
	// scans, and 1.5 million properties took the square of that (issue 32).
	last, lastB := lastIndexes(a), lastIndexes(b)
	inB := func(key string) *jsontree.Node {
		if lastB == nil {
			return b.Get(key)
		}
		if i, ok := lastB[key]; ok {
			return b.Members()[i].Value
		}
		return nil
	}
	for i, m := range a.Members() {
		if (last == nil && shadowed(a, i)) || (last != nil && last[m.Key] != i) {
			continue
		}
		if refsDiffer && m.Key == "$ref" && m.Value.Is(jsontree.String) && strings.HasPrefix(m.Value.Text, "#") {
			return false
		}
		if !equalValues(m.Value, inB(m.Key), m.Key, refsDiffer, levels) {
			return false
		}
	}
	return true
}

// shadowed reports whether a later duplicate of member i's key overrides it.
func shadowed(n *jsontree.Node, i int) bool {
	for _, m := range n.Members()[i+1:] {
		if m.Key == n.Members()[i].Key {
			return true
		}
	}
	return false
}

// lastIndexes maps each key of a large object to its winning member; small
// objects (nil) are scanned instead, which allocates nothing.
func lastIndexes(n *jsontree.Node) map[string]int {
	if len(n.Members()) <= 32 {
		return nil
	}
	last := make(map[string]int, len(n.Members()))
	for i, m := range n.Members() {
		last[m.Key] = i
	}
	return last
}

// countKeys counts distinct keys without allocating for the usual small object.
func countKeys(n *jsontree.Node) int {
	if len(n.Members()) > 32 {
		return len(uniqueKeys(n))
	}
	count := 0
	for i := range n.Members() {
		if !shadowed(n, i) {
			count++
		}
	}
	return count
}

func equalSets(a, b *jsontree.Node) bool {
	inOrder := true
	for i := range a.Items() {
		if !equalJSON(a.Items()[i], b.Items()[i], "") {
			inOrder = false
			break
		}
	}
	if inOrder {
		return true
	}
	ca, cb := canonicalItems(a), canonicalItems(b)
	sort.Strings(ca)
	sort.Strings(cb)
	for i := range ca {
		if ca[i] != cb[i] {
			return false
		}
	}
	return true
}

func canonicalItems(n *jsontree.Node) []string {
	out := make([]string, len(n.Items()))
	for i, it := range n.Items() {
		out[i] = canonical(it)
	}
	return out
}

// nestedWithin reports whether n holds no value more than levels JSON levels
// below it. It looks no deeper than that, so asking costs at most the part
// of the tree that is within the bound.
func nestedWithin(n *jsontree.Node, levels int) bool {
	if len(n.Members()) == 0 && len(n.Items()) == 0 {
		return true
	}
	if levels <= 0 {
		return false
	}
	for _, m := range n.Members() {
		if !nestedWithin(m.Value, levels-1) {
			return false
		}
	}
	for _, it := range n.Items() {
		if !nestedWithin(it, levels-1) {
			return false
		}
	}
	return true
}

// canonical is an encoding under which equal values (by equalJSON) are equal
// strings: sorted keys, sorted set arrays, numbers normalised.
func canonical(n *jsontree.Node) string {
	var b strings.Builder
	writeCanonical(&b, n, "")
	return b.String()
}

func writeCanonical(b *strings.Builder, n *jsontree.Node, parentKey string) {
	switch n.Kind {
	case jsontree.Number:
		b.WriteString(jsontree.CanonicalNumber(n.Text))
	case jsontree.Array:
		items := make([]string, len(n.Items()))
		for i, it := range n.Items() {
			var ib strings.Builder
			writeCanonical(&ib, it, "")
			items[i] = ib.String()
		}
		if unordered(parentKey) {
			sort.Strings(items)
		}
		b.WriteByte('[')
		b.WriteString(strings.Join(items, ","))
		b.WriteByte(']')
	case jsontree.Object:
		keys := uniqueKeys(n)
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(jsontree.Encode(&jsontree.Node{Kind: jsontree.String, Text: k}, jsontree.EncodeOptions{}))
			b.WriteByte(':')
			writeCanonical(b, n.Get(k), k)
		}
		b.WriteByte('}')
	default:
		b.Write(jsontree.Encode(n, jsontree.EncodeOptions{}))
	}
}

// typeSet is the set of JSON types a schema admits, one bit per type.
// "number" is integer|fraction so that integer → number reads as a widening.
type typeSet uint8

const (
	tNull typeSet = 1 << iota
	tBoolean
	tObject
	tArray
	tString
	tInteger
	tFraction
	tNumber = tInteger | tFraction
	tAny    = tNull | tBoolean | tObject | tArray | tString | tNumber
)

func typeBit(name string) typeSet {
	switch name {
	case "null":
		return tNull
	case "boolean":
		return tBoolean
	case "object":
		return tObject
	case "array":
		return tArray
	case "string":
		return tString
	case "integer":
		return tInteger
	case "number":
		return tNumber
	}
	return 0
}

func (t typeSet) String() string {
	if t == tAny {
		return "any type"
	}
	if t == 0 {
		return "nothing"
	}
	var names []string
	for _, n := range []string{"null", "boolean", "object", "array", "string", "number", "integer"} {
		bit := typeBit(n)
		if t&bit == bit && !(n == "integer" && t&tNumber == tNumber) {
			names = append(names, n)
		}
	}
	return strings.Join(names, "|")
}

// typesOf returns what types a schema admits: its "type", else the union of
// its anyOf/oneOf alternatives, else the types of its enum/const values,
// narrowed by allOf, following local $refs. Each subschema is judged once
// (memo), so shared and cyclic $refs cost linear time; a cycle reads as any
// type.
func (r resolver) typesOf(v view) typeSet {
	return r.types(v, map[*jsontree.Node]typeSet{}, 0)
}

func (r resolver) types(v view, memo map[*jsontree.Node]typeSet, depth int) typeSet {
	if v.node.Is(jsontree.Bool) && v.over == nil {
		if v.node.Bool {
			return tAny
		}
		return 0
	}
	if v.over == nil {
		if set, ok := memo[v.node]; ok {
			return set
		}
		memo[v.node] = tAny
	}
	sub := func(n *jsontree.Node) typeSet {
		if depth >= maxDepth {
			return tAny
		}
		return r.types(r.resolve(n, ""), memo, depth+1)
	}
	set := tAny
	switch t := v.value("type"); {
	case t.Is(jsontree.String):
		set = typeBit(t.Text)
	case t.Is(jsontree.Array):
		set = 0
		for _, name := range t.Strings() {
			set |= typeBit(name)
		}
	default:
		if alts := altNodes(v); alts != nil {
			set = 0
			for _, a := range alts {
				set |= sub(a)
			}
		} else if vals := enumValues(v); vals != nil {
			set = 0
			for _, val := range vals.Items() {
				set |= valueType(val)
			}
		}
	}
	if all := v.value("allOf"); all.Is(jsontree.Array) {
		for _, a := range all.Items() {
			if isSchemaNode(a) {
				set &= sub(a)
			}
		}
	}
	if v.over == nil {
		memo[v.node] = set
	}
	return set
}

func altNodes(v view) []*jsontree.Node {
	for _, key := range []string{"anyOf", "oneOf"} {
		if arr := v.value(key); arr.Is(jsontree.Array) {
			var out []*jsontree.Node
			for _, it := range arr.Items() {
				if isSchemaNode(it) {
					out = append(out, it)
				}
			}
			return out
		}
	}
	return nil
}

// enumValues returns the allowed values: enum, or const as a one-value enum.
func enumValues(v view) *jsontree.Node {
	if e := v.value("enum"); e.Is(jsontree.Array) {
		return e
	}
	if c := v.value("const"); c != nil {
		return jsontree.NewArray([]*jsontree.Node{c})
	}
	return nil
}

func valueType(n *jsontree.Node) typeSet {
	switch n.Kind {
	case jsontree.Null:
		return tNull
	case jsontree.Bool:
		return tBoolean
	case jsontree.String:
		return tString
	case jsontree.Array:
		return tArray
	case jsontree.Object:
		return tObject
	}
	if jsontree.IsInteger(n.Text) {
		return tInteger
	}
	return tFraction
}
