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
// universe on which the validator answers. The walk's findings on such a pair
// are then kept only when the answer bears them out, and the answer comes
// with an example.

// maxUniverse bounds the instances a decision validates, and maxValues the
// enum and const values it sorts into classes (each compared with each); a
// schema that would need more is left to the walk alone.
const (
	maxUniverse = 1024
	maxValues   = 64
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
}

func newPresence() *presence {
	return &presence{declared: map[string]bool{}, preds: map[string][]*jsontree.Node{}}
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

// object reads a schema that applies to the instance itself; false when it
// uses anything outside the presence fragment.
func (ps *presence) object(n *jsontree.Node, depth int) bool {
	if n.Is(jsontree.Bool) {
		return true
	}
	if !n.Is(jsontree.Object) || depth > 16 {
		return false
	}
	for _, m := range n.Members {
		v := m.Value
		switch k := m.Key; {
		case proseKeywords[k]:
		case !objectKeywords[k]:
			return false
		case k == "type":
			if !v.Is(jsontree.String) && !v.Is(jsontree.Array) {
				return false
			}
		case k == "minProperties" || k == "maxProperties":
			f, ok := v.Float()
			if !ok || f > 16 {
				return false
			}
			ps.counted = max(ps.counted, int(f))
		case k == "properties":
			if !v.Is(jsontree.Object) {
				return false
			}
			for _, p := range v.Members {
				ps.key(p.Key)
				ps.declared[p.Key] = true
				ps.preds[p.Key] = append(ps.preds[p.Key], p.Value)
				if !ps.scalar(p.Value, depth+1) {
					return false
				}
			}
		case k == "required":
			if !v.Is(jsontree.Array) || len(v.Strings()) != len(v.Items) {
				return false
			}
			for _, s := range v.Strings() {
				ps.key(s)
			}
		case k == "dependentRequired":
			if !v.Is(jsontree.Object) {
				return false
			}
			for _, d := range v.Members {
				ps.key(d.Key)
				if !d.Value.Is(jsontree.Array) || len(d.Value.Strings()) != len(d.Value.Items) {
					return false
				}
				for _, s := range d.Value.Strings() {
					ps.key(s)
				}
			}
		case k == "dependentSchemas":
			if !v.Is(jsontree.Object) {
				return false
			}
			for _, d := range v.Members {
				ps.key(d.Key)
				if !ps.object(d.Value, depth+1) {
					return false
				}
			}
		case k == "anyOf" || k == "oneOf" || k == "allOf":
			if !v.Is(jsontree.Array) {
				return false
			}
			for _, it := range v.Items {
				if !ps.object(it, depth+1) {
					return false
				}
			}
		case k == "additionalProperties":
			if v.Is(jsontree.Object) {
				ps.extra = append(ps.extra, v)
				if !ps.scalar(v, depth+1) {
					return false
				}
			} else if !v.Is(jsontree.Bool) {
				return false
			}
		default: // not, if, then, else
			if !ps.object(v, depth+1) {
				return false
			}
		}
	}
	return true
}

// scalar reads a property's value schema.
func (ps *presence) scalar(n *jsontree.Node, depth int) bool {
	if n.Is(jsontree.Bool) {
		return true
	}
	if !n.Is(jsontree.Object) || depth > 16 {
		return false
	}
	for _, m := range n.Members {
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
			if !v.Is(jsontree.Array) || len(v.Items)+len(ps.pool) > maxValues {
				return false
			}
			for _, it := range v.Items {
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
			for _, it := range v.Items {
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
	if e := s.Get("enum"); e != nil && !slices.ContainsFunc(e.Items, func(x *jsontree.Node) bool { return canonical(x) == canonical(v) }) {
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
		for _, it := range items.Items {
			if matches(it, v) {
				hits++
			}
		}
		switch {
		case key == "allOf" && hits != len(items.Items),
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

// universe lists the instances that tell the schemas apart: every object over
// the named keys and one more, each key absent or holding one value of each
// class, and every candidate value on its own; nil when too many.
func (ps *presence) universe() []any {
	ps.fresh()
	keys := slices.Clone(ps.keys)
	slices.Sort(keys)
	other := "other"
	for slices.ContainsFunc(keys, func(k string) bool { return strings.HasPrefix(k, other) }) {
		other = "_" + other
	}
	// minProperties and maxProperties count keys: enough unnamed ones to
	// exceed every bound named.
	for fresh := 1; fresh == 1 || len(keys) <= ps.counted; fresh++ {
		keys = append(keys, other)
		other += "_"
	}
	choices := make([][]*jsontree.Node, len(keys))
	size := 1
	for i, k := range keys {
		// Unnamed keys meet only the additionalProperties schemas.
		choices[i] = append([]*jsontree.Node{nil}, ps.classes(append(slices.Clone(ps.preds[k]), ps.extra...))...)
		size *= len(choices[i])
		if size > maxUniverse {
			return nil
		}
	}
	out := make([]any, 0, size+len(ps.pool))
	pick := make([]int, len(keys))
	for {
		obj := map[string]any{}
		for i, c := range pick {
			if v := choices[i][c]; v != nil {
				obj[keys[i]] = v.Interface()
			}
		}
		out = append(out, obj)
		i := 0
		for ; i < len(pick); i++ {
			if pick[i]++; pick[i] < len(choices[i]) {
				break
			}
			pick[i] = 0
		}
		if i == len(pick) {
			break
		}
	}
	for _, v := range ps.pool {
		out = append(out, v.Interface())
	}
	return out
}

// verdict is what a decision found: an instance only the old schema
// accepts (lost) and one only the new one accepts (gained), when there is one
// (null is an instance too).
type verdict struct {
	lost, gained      any
	narrowed, widened bool
}

// decide compares two object schemas of the presence fragment on their
// universe; ok is false when either lies outside it.
func decide(old, new *jsontree.Node) (verdict, bool) {
	ps := newPresence()
	if !ps.object(old, 0) || !ps.object(new, 0) {
		return verdict{}, false
	}
	universe := ps.universe()
	if universe == nil {
		return verdict{}, false
	}
	so, err := schemacheck.Compile(old)
	if err != nil {
		return verdict{}, false
	}
	sn, err := schemacheck.Compile(new)
	if err != nil {
		return verdict{}, false
	}
	var v verdict
	for _, inst := range universe {
		a, b := so.Valid(inst), sn.Valid(inst)
		switch {
		case a && !b && !v.narrowed:
			v.lost, v.narrowed = inst, true
		case b && !a && !v.widened:
			v.gained, v.widened = inst, true
		}
		if v.narrowed && v.widened {
			break
		}
	}
	return v, true
}

// declaredNames are the properties a presence-fragment schema declares,
// wherever in its composition.
func declaredNames(n *jsontree.Node) map[string]bool {
	ps := newPresence()
	ps.object(n, 0)
	return ps.declared
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
	inputPropertyRemoved: effectDeclares, inputPropertyAdded: effectDeclares,
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
		!newPresence().object(old.node, 0) || !newPresence().object(new.node, 0) {
		return false
	}
	emit := c.pair.emit
	var got []contract.Finding
	c.pair.emit = func(f contract.Finding) { got = append(got, f) }
	c.judging = true
	p := &schemaPass{Dir: c.dir, Old: old, New: new, Path: path, scope: scopeFull, pair: c.pair, c: c}
	for _, check := range schemaChecks {
		check(p)
	}
	c.children(old, new, path, depth)
	c.judging = false
	c.pair.emit = emit

	composed := hasComposition(old.node) || hasComposition(new.node)
	// Under composition the walk may miss a change: decide whenever the pair
	// differs (judged is only reached for pairs that differ).
	needed := composed
	for _, f := range got {
		switch ruleEffects[Lookup(f.Rule)] {
		case effectNarrows, effectWidens, effectEither:
			needed = true
		case effectDeclares:
			needed = needed || composed
		}
	}
	v, ok := verdict{}, false
	if needed {
		v, ok = decide(old.node, new.node)
	}
	if !ok {
		for _, f := range got {
			emit(f)
		}
		return true
	}
	oldNames, newNames := declaredNames(old.node), declaredNames(new.node)
	seen := map[string]bool{}
	var narrowed, widened bool
	for _, f := range got {
		key := f.Rule + "\x00" + f.File + "\x00" + f.Pointer
		if seen[key] {
			continue
		}
		switch ruleEffects[Lookup(f.Rule)] {
		case effectNarrows:
			if !v.narrowed {
				continue
			}
			if !narrowed {
				f.Message += witness(" (for example %s matched the old schema and no longer does)", v.lost)
			}
			narrowed = true
		case effectWidens:
			if !v.widened {
				continue
			}
			if !widened {
				f.Message += witness(" (for example %s now matches and did not before)", v.gained)
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
		emit(f)
	}
	// Without composition the walk sees every change, and the decision only
	// weeds out what it cannot bear out (a property renamed reads as removed
	// and added, not also as "accepts more").
	if !composed {
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
	b, err := json.Marshal(instance)
	if err != nil {
		return ""
	}
	return fmt.Sprintf(format, string(b))
}

// lastToken is a pointer's last reference token, unescaped.
func lastToken(ptr string) string {
	tok := ptr[strings.LastIndexByte(ptr, '/')+1:]
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}
