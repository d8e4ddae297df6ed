package drift

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
)

// Composition keywords make an object schema a conjunction: the keywords
// beside anyOf/oneOf/allOf apply to every branch, and not, if/then/else,
// dependentRequired and dependentSchemas are further conjuncts. The walk
// pairs subschemas by shape, so it misreads a root anyOf whose branches only
// carry `required` (compared with the siblings as if each branch stood alone)
// and cannot tell an added keyword that narrows from one the rest already
// implies.
//
// For an object schema whose every keyword is about which keys are present
// and which scalar values they hold (the presence fragment below), whether
// the new schema accepts all the old one did is decided exactly: values that
// no keyword tells apart are interchangeable, so one value per class of each
// key, every combination of present keys and a few non-objects form a finite
// universe, on which holds evaluates both schemas as a 2020-12 validator
// would (TestCompositionProperty checks it against santhosh-tekuri/jsonschema).
// A property whose value schema is outside the fragment (a pattern, a nested
// object, a $ref) takes part as one opaque value when that schema is the only
// one its key is declared with on either side. The walk's findings on such a
// pair are then kept only when the answer bears them out, and the answer
// comes with an example.

// maxUniverse bounds the instances a decision evaluates, and maxValues the
// enum and const values it sorts into classes (each compared with each); a
// schema that would need more is left to the walk alone.
const (
	maxUniverse = 1024
	maxValues   = 64
	maxRewrite  = 256
)

var (
	// objectKeywords apply to the instance itself.
	objectKeywords = keywordSet("type", "properties", "required", "anyOf", "oneOf", "allOf", "not", "if", "then", "else",
		"dependentRequired", "dependentSchemas", "additionalProperties", "minProperties", "maxProperties")
	// scalarKeywords are those a property's value schema may use.
	scalarKeywords = keywordSet("type", "enum", "const", "anyOf", "oneOf", "allOf", "not")
	// Prose constrains nothing.
	proseKeywords = keywordSet("description", "title", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly", "$schema")
	// compositionKeywords make a schema a conjunction the walk may misread.
	compositionKeywords = []string{"anyOf", "oneOf", "allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas"}
)

func keywordSet(words ...string) map[string]bool {
	out := map[string]bool{}
	for _, w := range words {
		out[w] = true
	}
	return out
}

func hasComposition(n *jsontree.Node) bool {
	for _, k := range compositionKeywords {
		if n.Get(k) != nil {
			return true
		}
	}
	return false
}

// presence gathers what a decision needs from one or two schemas: the keys
// they name, the value schemas each key must or may meet, and candidate values.
type presence struct {
	keys     []string
	declared map[string]bool
	preds    map[string][]*jsontree.Node
	// extra are additionalProperties schemas, which may apply to any key.
	extra []*jsontree.Node
	pool  []*jsontree.Node
	// counted is the largest minProperties or maxProperties.
	counted int
	// scalarKey marks keys declared with scalar-fragment schemas; opaque
	// maps each other key to the one schema it is declared with, tokens that
	// key to the const standing for the values its schema accepts.
	scalarKey  map[string]bool
	opaque     map[string]string
	tokens     map[string]*jsontree.Node
	opaqueRefs bool
	// rewritten counts the subschemas rewrite has visited.
	rewritten int
	// rootDecls holds, for each key the two roots declare, the canonical
	// declaration of each side; mentions counts every other place a key is
	// named; nested and countsKeys say whether any additionalProperties below
	// a root, or any minProperties/maxProperties, judges keys by name or number.
	rootDecls  map[string][]string
	mentions   map[string]int
	nested     bool
	countsKeys bool
	// legacy: the schema being rewritten is draft-07.
	legacy bool
	// plain is the fresh string no schema lists (fresh).
	plain string
}

func newPresence() *presence {
	return &presence{declared: map[string]bool{}, preds: map[string][]*jsontree.Node{},
		scalarKey: map[string]bool{}, opaque: map[string]string{}, tokens: map[string]*jsontree.Node{},
		rootDecls: map[string][]string{}, mentions: map[string]int{}}
}

// fresh adds, for every JSON type, values that no enum or const names (the
// pool holds those by now), so a type can always be told from its listed
// values; and both booleans and null, which no fresh value can stand for.
func (ps *presence) fresh() {
	listed := map[string]bool{}
	for _, v := range ps.pool {
		listed[canonical(v)] = true
	}
	kinds := []func(i int) any{
		func(i int) any { return "s" + strings.Repeat("~", i) },
		func(i int) any { return json.Number(strconv.Itoa(i + 1)) },
		func(i int) any { return json.Number(strconv.Itoa(i+1) + ".5") },
		func(i int) any { return make([]any, i) },
		func(i int) any { return map[string]any{strings.Repeat("~", i): nil} },
	}
	for _, kind := range kinds {
		// One of the first len(listed)+1 candidates is unlisted.
		for i := 0; i <= len(listed); i++ {
			if n := jsontree.FromValue(kind(i)); !listed[canonical(n)] {
				ps.value(n)
				if n.Is(jsontree.String) {
					ps.plain = n.Text
				}
				break
			}
		}
	}
	for _, v := range []any{true, false, nil} {
		ps.value(jsontree.FromValue(v))
	}
}

func (ps *presence) key(k string) {
	if !slices.Contains(ps.keys, k) {
		ps.keys = append(ps.keys, k)
	}
}

func (ps *presence) value(v *jsontree.Node) {
	c := canonical(v)
	for _, p := range ps.pool {
		if canonical(p) == c {
			return
		}
	}
	ps.pool = append(ps.pool, v)
}

// rewrite reads a schema that applies to the instance itself (local $refs
// followed against root) and returns the schema the decision validates:
// refs inlined, prose dropped, and each property value schema outside the
// scalar fragment replaced by a const token standing for "a value it
// accepts". That stands in faithfully only when every declaration of the
// key is that same schema, on both sides (checked here and, for $refs into
// $defs, by decide). false when anything lies outside the fragment.
func (ps *presence) rewrite(n, root *jsontree.Node, depth int) (*jsontree.Node, bool) {
	// Inlined $refs can repeat a schema many times over (a web of refs to
	// "#"); past maxRewrite subschemas the pair is left to the walk.
	if ps.rewritten++; ps.rewritten > maxRewrite {
		return nil, false
	}
	if n.Is(jsontree.Bool) {
		return n, true
	}
	if !n.Is(jsontree.Object) || depth > 16 {
		return nil, false
	}
	out := &jsontree.Node{Kind: jsontree.Object, Offset: -1}
	var conj []*jsontree.Node
	sub := func(v *jsontree.Node) (*jsontree.Node, bool) { return ps.rewrite(v, root, depth+1) }
	for _, m := range n.Members() {
		v := m.Value
		switch k := m.Key; {
		case ps.legacy && n.Get("$ref") != nil && k != "$ref":
			// draft-07 ignores a $ref's siblings.
		case ps.legacy && (k == "dependentRequired" || k == "dependentSchemas" || k == "dependencies"):
			return nil, false
		case proseKeywords[k], k == "$defs", k == "definitions":
		case k == "$ref":
			frag, ok := strings.CutPrefix(v.Text, "#")
			target, found := root.Lookup(frag)
			if !v.Is(jsontree.String) || !ok || !found {
				return nil, false
			}
			t, ok := sub(target)
			if !ok {
				return nil, false
			}
			conj = append(conj, t)
		case !objectKeywords[k]:
			return nil, false
		case k == "type":
			if !v.Is(jsontree.String) && !v.Is(jsontree.Array) {
				return nil, false
			}
			out.Set(k, v)
		case k == "minProperties" || k == "maxProperties":
			f, ok := v.Float()
			if !ok || f > 16 {
				return nil, false
			}
			ps.counted = max(ps.counted, int(f))
			ps.countsKeys = true
			out.Set(k, v)
		case k == "properties":
			if !v.Is(jsontree.Object) {
				return nil, false
			}
			props := &jsontree.Node{Kind: jsontree.Object, Offset: -1}
			for _, p := range v.Members() {
				pv, ok := ps.property(p.Key, p.Value, depth+1)
				if !ok {
					return nil, false
				}
				props.Set(p.Key, pv)
				if depth == 0 {
					ps.rootDecls[p.Key] = append(ps.rootDecls[p.Key], canonical(p.Value))
				} else {
					ps.mentions[p.Key]++
				}
			}
			out.Set(k, props)
		case k == "required":
			if !v.Is(jsontree.Array) || len(v.Strings()) != len(v.Items()) {
				return nil, false
			}
			for _, s := range v.Strings() {
				ps.key(s)
				ps.mentions[s]++
			}
			out.Set(k, v)
		case k == "dependentRequired":
			if !v.Is(jsontree.Object) {
				return nil, false
			}
			for _, d := range v.Members() {
				ps.key(d.Key)
				ps.mentions[d.Key]++
				if !d.Value.Is(jsontree.Array) || len(d.Value.Strings()) != len(d.Value.Items()) {
					return nil, false
				}
				for _, s := range d.Value.Strings() {
					ps.key(s)
					ps.mentions[s]++
				}
			}
			out.Set(k, v)
		case k == "dependentSchemas":
			if !v.Is(jsontree.Object) {
				return nil, false
			}
			deps := &jsontree.Node{Kind: jsontree.Object, Offset: -1}
			for _, d := range v.Members() {
				ps.key(d.Key)
				ps.mentions[d.Key]++
				dv, ok := sub(d.Value)
				if !ok {
					return nil, false
				}
				deps.Set(d.Key, dv)
			}
			out.Set(k, deps)
		case k == "anyOf" || k == "oneOf" || k == "allOf":
			if !v.Is(jsontree.Array) {
				return nil, false
			}
			items := &jsontree.Node{Kind: jsontree.Array, Offset: -1}
			for _, it := range v.Items() {
				iv, ok := sub(it)
				if !ok {
					return nil, false
				}
				items.SetItems(append(items.Items(), iv))
			}
			if k == "allOf" {
				conj = append(conj, items.Items()...)
			} else {
				out.Set(k, items)
			}
		case k == "additionalProperties":
			ps.nested = ps.nested || depth > 0
			if v.Is(jsontree.Object) {
				ps.extra = append(ps.extra, v)
				if !ps.scalar(v, depth+1) {
					return nil, false
				}
			} else if !v.Is(jsontree.Bool) {
				return nil, false
			}
			out.Set(k, v)
		default: // not, if, then, else
			sv, ok := sub(v)
			if !ok {
				return nil, false
			}
			out.Set(k, sv)
		}
	}
	if len(conj) > 0 {
		// A $ref and allOf apply alongside the other keywords.
		out.Set("allOf", jsontree.NewArray(conj))
	}
	return out, true
}

// property records a property's declaration and returns what the decision
// validates for it: the value schema itself when it is of the scalar
// fragment, else the const token of that schema.
func (ps *presence) property(key string, v *jsontree.Node, depth int) (*jsontree.Node, bool) {
	// The walk runs prepare at every object level it reaches, and each
	// opaque value is encoded whole: a value nested past what the walk
	// compares (a schema maxDepth levels deep takes two JSON levels a
	// level) would make that cost grow with the square of the depth, so
	// such a pair is left to the walk, which stops there and says so.
	if !nestedWithin(v, 2*maxDepth) {
		return nil, false
	}
	ps.key(key)
	ps.declared[key] = true
	canon := canonical(v)
	if len(ps.pool) < maxValues && ps.scalar(v, depth) {
		if ps.opaque[key] != "" {
			return nil, false
		}
		ps.scalarKey[key] = true
		ps.preds[key] = append(ps.preds[key], v)
		return v, true
	}
	if ps.scalarKey[key] || (ps.opaque[key] != "" && ps.opaque[key] != canon) {
		return nil, false
	}
	ps.opaque[key] = canon
	ps.opaqueRefs = ps.opaqueRefs || strings.Contains(canon, `"$ref"`)
	// One token per key: two keys declared alike must not show each other's name.
	token, ok := ps.tokens[key]
	if !ok {
		token = jsontree.FromValue(fmt.Sprintf("<a value %s accepts #%d>", key, len(ps.tokens)+1))
		ps.tokens[key] = token
		ps.value(token)
	}
	c := &jsontree.Node{Kind: jsontree.Object, Offset: -1}
	c.Set("const", token)
	ps.preds[key] = append(ps.preds[key], c)
	return c, true
}

// scalar reads a property's value schema.
func (ps *presence) scalar(n *jsontree.Node, depth int) bool {
	if n.Is(jsontree.Bool) {
		return true
	}
	if !n.Is(jsontree.Object) || depth > 16 {
		return false
	}
	for _, m := range n.Members() {
		v := m.Value
		switch k := m.Key; {
		case proseKeywords[k]:
		case !scalarKeywords[k]:
			return false
		case k == "type":
			if !v.Is(jsontree.String) && !v.Is(jsontree.Array) {
				return false
			}
		case k == "enum":
			if !v.Is(jsontree.Array) || len(v.Items())+len(ps.pool) > maxValues {
				return false
			}
			for _, it := range v.Items() {
				ps.value(it)
			}
		case k == "const":
			if len(ps.pool) >= maxValues {
				return false
			}
			ps.value(v)
		case k == "not":
			if !ps.scalar(v, depth+1) {
				return false
			}
		default: // anyOf, oneOf, allOf
			if !v.Is(jsontree.Array) {
				return false
			}
			for _, it := range v.Items() {
				if !ps.scalar(it, depth+1) {
					return false
				}
			}
		}
	}
	return true
}

// matches evaluates a value schema of the scalar fragment.
func matches(s, v *jsontree.Node) bool {
	if s.Is(jsontree.Bool) {
		return s.Bool
	}
	if t := s.Get("type"); t != nil {
		var set typeSet
		if t.Is(jsontree.String) {
			set = typeBit(t.Text)
		}
		for _, name := range t.Strings() {
			set |= typeBit(name)
		}
		if valueType(v)&set == 0 {
			return false
		}
	}
	if e := s.Get("enum"); e != nil && !slices.ContainsFunc(e.Items(), func(x *jsontree.Node) bool { return canonical(x) == canonical(v) }) {
		return false
	}
	if c := s.Get("const"); c != nil && canonical(c) != canonical(v) {
		return false
	}
	if n := s.Get("not"); n != nil && matches(n, v) {
		return false
	}
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		items := s.Get(key)
		if items == nil {
			continue
		}
		hits := 0
		for _, it := range items.Items() {
			if matches(it, v) {
				hits++
			}
		}
		switch {
		case key == "allOf" && hits != len(items.Items()),
			key == "anyOf" && hits == 0,
			key == "oneOf" && hits != 1:
			return false
		}
	}
	return true
}

// classes picks one candidate value per way the predicates tell values apart.
func (ps *presence) classes(preds []*jsontree.Node) []*jsontree.Node {
	var out []*jsontree.Node
	seen := map[string]bool{}
	for _, v := range ps.pool {
		sig := make([]byte, len(preds))
		for i, p := range preds {
			if matches(p, v) {
				sig[i] = 1
			}
		}
		if !seen[string(sig)] {
			seen[string(sig)] = true
			out = append(out, v)
		}
	}
	return out
}

// space is the universe of instances that tell the schemas apart: every
// object over the named keys and enough unnamed ones, each key absent or
// holding one value of each class, and every candidate value on its own.
type space struct {
	keys    []string
	index   map[string]int
	choices [][]*jsontree.Node
	scalars []*jsontree.Node
	// inertKeys are inert keys (presence.inert) that a count can tell
	// apart, each with a value its declaration accepts; an instance holds
	// the first few of them.
	inertKeys []string
	inertVals []*jsontree.Node
}

// instance is one member of a space: an object (vals, nil where a key is
// absent, and the first inert of the inert keys) or, when scalar is set,
// that value.
type instance struct {
	sp     *space
	vals   []*jsontree.Node
	inert  int
	scalar *jsontree.Node
}

// inert reports a key that cannot tell the schemas apart by itself: both
// roots declare it alike, nothing else names it, and no additionalProperties
// below a root judges keys by name. Whatever it holds, it makes an instance
// fail both schemas or neither, and otherwise only counts towards
// minProperties and maxProperties, so the universe keeps only as many inert
// keys as a count can tell apart: a tool with many plain arguments beside a
// small composition is decided as if it had only the arguments the
// composition names.
func (ps *presence) inert(k string) bool {
	d := ps.rootDecls[k]
	return !ps.nested && ps.mentions[k] == 0 && len(d) == 2 && d[0] == d[1]
}

// universe builds the space; nil when it would hold more than maxUniverse.
func (ps *presence) universe() *space {
	ps.fresh()
	var keys, inert []string
	for _, k := range ps.keys {
		if ps.inert(k) {
			inert = append(inert, k)
		} else {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	other := "other"
	for slices.ContainsFunc(ps.keys, func(k string) bool { return strings.HasPrefix(k, other) }) {
		other = "_" + other
	}
	// minProperties and maxProperties count keys: enough unnamed ones to
	// exceed every bound named.
	for fresh := 1; fresh == 1 || len(keys) <= ps.counted; fresh++ {
		keys = append(keys, other)
		other += "_"
	}
	sp := &space{keys: keys, index: map[string]int{}, choices: make([][]*jsontree.Node, len(keys)), scalars: ps.pool}
	if ps.countsKeys {
		// Only how many are present counts, and only up to every bound named.
		slices.Sort(inert)
		for _, k := range inert {
			if len(sp.inertKeys) > ps.counted {
				break
			}
			if i := slices.IndexFunc(ps.pool, func(v *jsontree.Node) bool { return matches(ps.preds[k][0], v) }); i >= 0 {
				sp.inertKeys, sp.inertVals = append(sp.inertKeys, k), append(sp.inertVals, ps.pool[i])
			}
		}
	}
	size := len(ps.pool)
	objects := len(sp.inertKeys) + 1
	for i, k := range keys {
		sp.index[k] = i
		// Unnamed keys meet only the additionalProperties schemas.
		sp.choices[i] = append([]*jsontree.Node{nil}, ps.classes(append(slices.Clone(ps.preds[k]), ps.extra...))...)
		if objects *= len(sp.choices[i]); objects+size > maxUniverse {
			return nil
		}
	}
	return sp
}

// each calls fn with every instance of the space (the same value, changed
// in place) until fn returns false.
func (sp *space) each(fn func(*instance) bool) {
	in := &instance{sp: sp, vals: make([]*jsontree.Node, len(sp.keys))}
	for in.inert = 0; in.inert <= len(sp.inertKeys); in.inert++ {
		pick := make([]int, len(sp.keys))
		for {
			for i, c := range pick {
				in.vals[i] = sp.choices[i][c]
			}
			if !fn(in) {
				return
			}
			i := 0
			for ; i < len(pick); i++ {
				if pick[i]++; pick[i] < len(sp.choices[i]) {
					break
				}
				pick[i] = 0
			}
			if i == len(pick) {
				break
			}
		}
	}
	for _, v := range sp.scalars {
		if !fn(&instance{sp: sp, scalar: v}) {
			return
		}
	}
}

// value is the instance as JSON values, for messages.
func (in *instance) value() any {
	if in.scalar != nil {
		return in.scalar.Interface()
	}
	obj := map[string]any{}
	for i, v := range in.vals {
		if v != nil {
			obj[in.sp.keys[i]] = v.Interface()
		}
	}
	for i := range in.inert {
		obj[in.sp.inertKeys[i]] = in.sp.inertVals[i].Interface()
	}
	return obj
}

// holds evaluates a rewritten schema (the fragment, refs inlined) on an
// instance, as a 2020-12 validator would.
func holds(s *jsontree.Node, in *instance) bool {
	if s.Is(jsontree.Bool) {
		return s.Bool
	}
	if t := s.Get("type"); t != nil {
		set := typeBit(t.Text)
		for _, name := range t.Strings() {
			set |= typeBit(name)
		}
		got := tObject
		if in.scalar != nil {
			got = valueType(in.scalar)
		}
		if got&set == 0 {
			return false
		}
	}
	if in.scalar == nil && !holdsObject(s, in) {
		return false
	}
	if n := s.Get("not"); n != nil && holds(n, in) {
		return false
	}
	if slices.ContainsFunc(items(s.Get("allOf")), func(it *jsontree.Node) bool { return !holds(it, in) }) {
		return false
	}
	if alts := s.Get("anyOf"); alts != nil && !slices.ContainsFunc(items(alts), func(it *jsontree.Node) bool { return holds(it, in) }) {
		return false
	}
	if one := s.Get("oneOf"); one != nil {
		hits := 0
		for _, it := range items(one) {
			if holds(it, in) {
				if hits++; hits > 1 {
					break
				}
			}
		}
		if hits != 1 {
			return false
		}
	}
	if cond := s.Get("if"); cond != nil {
		branch := s.Get("else")
		if holds(cond, in) {
			branch = s.Get("then")
		}
		if branch != nil && !holds(branch, in) {
			return false
		}
	}
	return true
}

func items(n *jsontree.Node) []*jsontree.Node {
	if n == nil {
		return nil
	}
	return n.Items()
}

func members(n *jsontree.Node) []jsontree.Member {
	if n == nil {
		return nil
	}
	return n.Members()
}

// holdsObject evaluates the keywords that apply to objects only.
func holdsObject(s *jsontree.Node, in *instance) bool {
	present := func(k string) *jsontree.Node {
		if i, ok := in.sp.index[k]; ok {
			return in.vals[i]
		}
		return nil
	}
	props := s.Get("properties")
	for _, p := range members(props) {
		if v := present(p.Key); v != nil && !matches(p.Value, v) {
			return false
		}
	}
	count := in.inert
	for i, v := range in.vals {
		if v == nil {
			continue
		}
		count++
		if ap := s.Get("additionalProperties"); ap != nil && props.Get(in.sp.keys[i]) == nil && !matches(ap, v) {
			return false
		}
	}
	for _, r := range s.Get("required").Strings() {
		if present(r) == nil {
			return false
		}
	}
	for _, d := range members(s.Get("dependentRequired")) {
		if present(d.Key) == nil {
			continue
		}
		for _, r := range d.Value.Strings() {
			if present(r) == nil {
				return false
			}
		}
	}
	for _, d := range members(s.Get("dependentSchemas")) {
		if present(d.Key) != nil && !holds(d.Value, in) {
			return false
		}
	}
	if f, ok := s.Get("minProperties").Float(); ok && float64(count) < f {
		return false
	}
	if f, ok := s.Get("maxProperties").Float(); ok && float64(count) > f {
		return false
	}
	return true
}

// verdict is what a decision found: an instance only the old schema
// accepts (lost) and one only the new one accepts (gained), when there is one
// (null is an instance too), and the properties each side declares.
type verdict struct {
	lost, gained      any
	narrowed, widened bool
	oldNames          map[string]bool
	newNames          map[string]bool
}

// decision is a pair of schemas rewritten for deciding, with its universe.
type decision struct {
	ps               *presence
	old, new         *jsontree.Node
	oldRoot, newRoot *jsontree.Node
	universe         *space
	names            verdict
}

// prepare rewrites two object schemas of the presence fragment, each within
// its document (for local $refs), and builds their universe; false when
// either lies outside the fragment or the universe would be too large. It
// validates nothing: run does.
func prepare(old, oldRoot, new, newRoot *jsontree.Node) (*decision, bool) {
	// holds reads keywords as 2020-12 does (2019-09 agrees on these);
	// older drafts read dependentSchemas, if/then/else differently or not at all.
	// draft-07 reads them alike too, but ignores a $ref's siblings and
	// knows neither dependentRequired nor dependentSchemas (rewrite).
	var legacy [2]bool
	for i, root := range []*jsontree.Node{oldRoot, newRoot} {
		d, err := schemacheck.DialectOf(root)
		if err != nil || (d != schemacheck.Draft2020 && d != schemacheck.Draft2019 && d != schemacheck.Draft07) {
			return nil, false
		}
		legacy[i] = d == schemacheck.Draft07
	}
	ps := newPresence()
	d := &decision{ps: ps, oldRoot: oldRoot, newRoot: newRoot}
	var ok bool
	ps.legacy = legacy[0]
	if d.old, ok = ps.rewrite(old, oldRoot, 0); !ok {
		return nil, false
	}
	d.names.oldNames, ps.declared = ps.declared, map[string]bool{}
	ps.legacy = legacy[1]
	if d.new, ok = ps.rewrite(new, newRoot, 0); !ok {
		return nil, false
	}
	d.names.newNames = ps.declared
	// A token stands for the values of one schema only if additionalProperties
	// schemas do not also judge them, and a $ref in it means the same on both
	// sides only if what it points to is the same.
	if len(ps.tokens) > 0 && (len(ps.extra) > 0 || ps.opaqueRefs &&
		(!sameJSON(oldRoot.Get("$defs"), newRoot.Get("$defs")) || !sameJSON(oldRoot.Get("definitions"), newRoot.Get("definitions")))) {
		return nil, false
	}
	if d.universe = ps.universe(); d.universe == nil {
		return nil, false
	}
	return d, true
}

// run evaluates both schemas on every instance of the universe.
func (d *decision) run() verdict { return d.runWithout(nil) }

// runWithout is run on the instances holding none of keys.
func (d *decision) runWithout(keys []string) verdict {
	v := d.names
	d.universe.each(func(in *instance) bool {
		for _, k := range keys {
			if i, ok := d.universe.index[k]; ok && in.scalar == nil && in.vals[i] != nil {
				return true
			}
		}
		a, b := holds(d.old, in), holds(d.new, in)
		switch {
		case a && !b && !v.narrowed:
			v.lost, v.narrowed = d.ps.shown(in.value()), true
		case b && !a && !v.widened:
			v.gained, v.widened = d.ps.shown(in.value()), true
		}
		return !v.narrowed || !v.widened
	})
	return v
}

// decide is prepare then run.
func decide(old, oldRoot, new, newRoot *jsontree.Node) (verdict, bool) {
	d, ok := prepare(old, oldRoot, new, newRoot)
	if !ok {
		return verdict{}, false
	}
	return d.run(), true
}

func sameJSON(a, b *jsontree.Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	return canonical(a) == canonical(b)
}

// shown is an instance as a person should read it: a key whose schema a
// token stands for holds either that token, or some value its schema rejects.
func (ps *presence) shown(inst any) any {
	if len(ps.tokens) == 0 {
		return inst
	}
	if ps.isToken(inst) {
		return ps.plain
	}
	obj, ok := inst.(map[string]any)
	if !ok {
		return inst
	}
	out := map[string]any{}
	for k, val := range obj {
		out[k] = val
		_, opaque := ps.opaque[k]
		switch {
		case opaque && val != ps.tokens[k].Text:
			out[k] = fmt.Sprintf("<a value %s rejects>", k)
		case !opaque && ps.isToken(val):
			// Another key's token is, here, just a string no schema lists:
			// the plain one stands in the same class and does not read as a
			// value of that other key.
			out[k] = ps.plain
		}
	}
	return out
}

func (ps *presence) isToken(v any) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	for _, t := range ps.tokens {
		if t.Text == s {
			return true
		}
	}
	return false
}

// Effects of rules on the set of accepted instances.
const (
	effectNone = iota
	effectNarrows
	effectWidens
	effectEither
	effectDeclares
)

var ruleEffects = map[*Rule]int{
	inputConstraintTightened: effectNarrows, outputConstraintTightened: effectNarrows,
	inputTypeNarrowed: effectNarrows, outputTypeNarrowed: effectNarrows,
	inputRequiredPropertyAdded: effectNarrows, inputPropertyBecameRequired: effectNarrows, outputRequiredPropertyAdded: effectNarrows,
	inputAdditionalPropertiesClosed: effectNarrows, inputEnumValueRemoved: effectNarrows, outputEnumValueRemoved: effectNarrows,
	inputConstraintRelaxed: effectWidens, outputConstraintRelaxed: effectWidens,
	inputTypeWidened: effectWidens, outputTypeWidened: effectWidens,
	inputPropertyBecameOptional: effectWidens, outputRequiredPropertyRemoved: effectWidens,
	inputEnumValueAdded: effectWidens, outputEnumValueAdded: effectWidens,
	inputTypeChanged: effectEither, outputTypeChanged: effectEither,
	inputPropertyRemoved: effectDeclares, inputPropertyAdded: effectDeclares, inputPropertyAddedWithDefault: effectDeclares,
	outputPropertyRemoved: effectDeclares, outputPropertyAdded: effectDeclares,
}

// judged walks a pair of object schemas of the presence fragment, then, when
// the walk found the accepted instances narrowed or widened, keeps what the
// decision bears out: a narrowing only when some instance the old schema
// accepted is now rejected, a widening only when some instance is newly
// accepted, and under composition a property removed or added only when no
// part of the schema declares it any more (or did before); a finding said
// twice at one place is said once. Under composition, a narrowing or
// widening the walk missed is reported with its example. It reports false, having done nothing, for a
// pair outside the fragment.
func (c *comparer) judged(old, new view, path string, depth int) bool {
	if c.judging || old.over != nil || new.over != nil || !old.node.Is(jsontree.Object) || !new.node.Is(jsontree.Object) ||
		c.budget <= 0 {
		return false
	}
	d, ok := prepare(old.node, c.old.root, new.node, c.new.root)
	if !ok {
		return false
	}
	sink := c.pair.sink
	var got []pending
	c.pair.sink = func(pf pending) { got = append(got, pf) }
	c.judging = true
	p := &schemaPass{Dir: c.dir, Old: old, New: new, Path: path, scope: scopeFull, pair: c.pair, c: c, decision: d}
	c.check(p)
	c.children(old, new, path, depth)
	c.judging = false
	c.pair.sink = sink

	composed := hasComposition(old.node) || hasComposition(new.node)
	// Under composition the walk may miss a change: decide whenever the pair
	// differs (judged is only reached for pairs that differ). So may it when
	// a declaration is dropped or added.
	dropped := !subset(d.names.oldNames, d.names.newNames)
	needed := composed || dropped
	for _, pf := range got {
		switch ruleEffects[Lookup(pf.f.Rule)] {
		case effectNarrows, effectWidens, effectEither:
			needed = true
		case effectDeclares:
			needed = needed || composed
		}
	}
	var v verdict
	if needed {
		v = d.run()
	}
	if !needed {
		for _, pf := range got {
			sink(pf)
		}
		return true
	}
	oldNames, newNames := v.oldNames, v.newNames
	here := nodeKey{old.node, new.node}
	seen := map[string]bool{}
	var narrowed, widened, keptBreaking bool
	for _, pf := range got {
		f := pf.f
		key := f.Rule + "\x00" + f.File + "\x00" + f.Pointer
		if seen[key] {
			continue
		}
		effect := ruleEffects[Lookup(f.Rule)]
		// A claim of its own, made at this node, is kept only when an
		// instance proves it, and shows that instance; a finding of a node
		// below makes no claim the decision of this one could prove.
		if pf.claim.kind != claimNone && pf.at == here && (effect == effectNarrows || effect == effectWidens) {
			instance, ok := d.prove(pf.claim, effect == effectNarrows)
			if !ok {
				continue
			}
			pf.f.Message += proofText(pf.claim, effect == effectNarrows, instance)
			narrowed, widened = narrowed || effect == effectNarrows, widened || effect == effectWidens
			seen[key] = true
			keptBreaking = keptBreaking || f.Change == contract.ChangeBreaking
			sink(pf)
			continue
		}
		switch effect {
		case effectNarrows:
			if !v.narrowed {
				continue
			}
			narrowed = true
		case effectWidens:
			if !v.widened {
				continue
			}
			widened = true
		case effectEither:
			if !v.narrowed && !v.widened {
				continue
			}
			narrowed, widened = narrowed || v.narrowed, widened || v.widened
		case effectDeclares:
			if name := lastToken(f.Pointer); composed && (oldNames[name] == newNames[name] || seen[name]) {
				continue
			} else {
				seen[name] = true
			}
		}
		seen[key] = true
		keptBreaking = keptBreaking || f.Change == contract.ChangeBreaking
		sink(pf)
	}
	// Without composition the walk sees every change but one: a declaration
	// dropped where the key's absence, not its value, is what the new schema
	// rejects (still required, say), which no removal finding claims. Else the
	// decision only weeds out what it cannot bear out (a property renamed
	// reads as removed and added, not also as "accepts more").
	c.pair.at = here
	if !composed {
		if !dropped || keptBreaking {
			return true
		}
		// A declaration added is not what this is about: it narrows an open
		// input or widens a closed output by design (checkProperties).
		v = d.runWithout(added(d.names.oldNames, d.names.newNames))
		if c.dir == dirInput && v.narrowed {
			p.reportNode(inputConstraintTightened, false, new.node, new.ptr,
				"%s accepts less than before: %s", path, witness("%s matched the old schema and no longer does", v.lost))
		}
		if c.dir == dirOutput && v.widened {
			p.reportNode(outputConstraintRelaxed, false, new.node, new.ptr,
				"%s accepts more than before: %s", path, witness("%s now matches and did not before", v.gained))
		}
		return true
	}
	if v.narrowed && !narrowed {
		p.reportNode(p.pick(inputConstraintTightened, outputConstraintTightened), false, new.node, new.ptr,
			"%s accepts less than before: %s", path, witness("%s matched the old schema and no longer does", v.lost))
	}
	if v.widened && !widened {
		p.reportNode(p.pick(inputConstraintRelaxed, outputConstraintRelaxed), false, new.node, new.ptr,
			"%s accepts more than before: %s", path, witness("%s now matches and did not before", v.gained))
	}
	return true
}

func witness(format string, instance any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(instance) != nil {
		return ""
	}
	return fmt.Sprintf(format, strings.TrimSuffix(b.String(), "\n"))
}

// lastToken is a pointer's last reference token, unescaped.
func lastToken(ptr string) string {
	tok := ptr[strings.LastIndexByte(ptr, '/')+1:]
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// added lists the names declared only in new.
func added(old, new map[string]bool) []string {
	var out []string
	for k := range new {
		if !old[k] {
			out = append(out, k)
		}
	}
	return out
}
