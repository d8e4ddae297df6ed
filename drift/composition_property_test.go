package drift

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
)

// The composition property (issue 8): keywords beside anyOf/oneOf/allOf
// apply to every branch, and dependentSchemas, dependentRequired,
// if/then/else and not are conjuncts too. For generated pairs of object
// schemas, whenever every instance valid under the old schema is valid under
// the new one, drift must not call an input change breaking; whenever every
// instance valid under the new one is valid under the old, it must not call
// an output change breaking; and conversely, a pair that narrows an input
// (or widens an output) must be reported as breaking. Validity is the validator's
// (santhosh-tekuri/jsonschema) over a universe of instances that tells apart
// everything the generator can write: every object over the keys a, b, c and
// x with the values "s", "t", "u", 1 and null (b and x fewer), and three
// non-objects.
//
// The generator varies the assertions, the types and enums of the
// declarations, and where the siblings of a composition sit. Since issue 19
// it also drops a declaration as the object opens up or closes down (an
// input declaration dropped from an object that stays open is breaking by
// design, whatever the validator says, as the argument passes and nothing
// reads it; and so, mirrored, an output one added to an object that stays
// closed is not, so neither is generated), removes or adds a root
// composition of required-only alternatives and a dependentSchemas block
// with the properties unchanged, and pads a third of the pairs with plain
// arguments, as real tools have, so the decision must leave out what cannot
// tell the schemas apart instead of giving up to the walk.

// propDecl is the one declaration each property gets.
var propDecl = map[string]any{
	"a": map[string]any{"type": "string"},
	"b": map[string]any{"type": "integer"},
	"c": map[string]any{"type": "string", "enum": []any{"s", "t"}},
}

var propNames = []string{"a", "b", "c"}

func instanceUniverse() []any {
	scalars := []any{"absent", nil, "s", "t", "u", json.Number("1")}
	values := map[string][]any{"a": scalars, "b": {"absent", nil, "s", json.Number("1")}, "c": scalars, "x": {"absent", json.Number("1")}}
	var out []any
	for _, a := range values["a"] {
		for _, b := range values["b"] {
			for _, c := range values["c"] {
				for _, x := range values["x"] {
					obj := map[string]any{}
					for k, v := range map[string]any{"a": a, "b": b, "c": c, "x": x} {
						if v != "absent" {
							obj[k] = v
						}
					}
					out = append(out, obj)
				}
			}
		}
	}
	return append(out, "s", json.Number("1"), nil)
}

type schemaGen struct{ rng *rand.Rand }

func (g schemaGen) names(min int) []any {
	var out []any
	for _, n := range propNames {
		if g.rng.IntN(2) == 0 {
			out = append(out, n)
		}
	}
	for len(out) < min {
		out = append(out, propNames[g.rng.IntN(len(propNames))])
		slices.SortFunc(out, func(a, b any) int { return compareStrings(a.(string), b.(string)) })
		out = slices.Compact(out)
	}
	return out
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// branch is a small assertion: one alternative or conjunct.
func (g schemaGen) branch() map[string]any {
	switch g.rng.IntN(5) {
	case 0:
		return map[string]any{}
	case 1:
		return map[string]any{"not": map[string]any{"required": g.names(1)}}
	case 2:
		return map[string]any{"minProperties": g.rng.IntN(3) + 1}
	}
	return map[string]any{"required": g.names(1)}
}

func (g schemaGen) branches() []any {
	n := 1 + g.rng.IntN(3)
	out := make([]any, n)
	for i := range out {
		out[i] = g.branch()
	}
	return out
}

// keywords are the assertion keywords the generator sets beside the
// declarations, each built fresh.
var keywords = map[string]func(g schemaGen) any{
	"required": func(g schemaGen) any { return g.names(1) },
	"anyOf":    func(g schemaGen) any { return g.branches() },
	"oneOf":    func(g schemaGen) any { return g.branches() },
	"allOf":    func(g schemaGen) any { return g.branches() },
	"not":      func(g schemaGen) any { return map[string]any{"required": g.names(1)} },
	"dependentRequired": func(g schemaGen) any {
		return map[string]any{propNames[g.rng.IntN(3)]: g.names(1)}
	},
	"dependentSchemas": func(g schemaGen) any { return map[string]any{propNames[g.rng.IntN(3)]: g.branch()} },
	"if":               func(g schemaGen) any { return map[string]any{"required": g.names(1)} },
	"then":             func(g schemaGen) any { return g.branch() },
	"else":             func(g schemaGen) any { return g.branch() },
	"additionalProperties": func(g schemaGen) any {
		return false
	},
	"minProperties": func(g schemaGen) any { return g.rng.IntN(3) + 1 },
}

func keywordNames() []string {
	var out []string
	for k := range keywords {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (g schemaGen) schema() map[string]any {
	s := map[string]any{"type": "object", "properties": map[string]any{}}
	for _, n := range propNames {
		s["properties"].(map[string]any)[n] = propDecl[n]
	}
	for _, k := range keywordNames() {
		if g.rng.IntN(4) == 0 {
			s[k] = keywords[k](g)
		}
	}
	return s
}

// declarations are the values a's and c's declarations take when a
// mutation changes them (b's stays put: the universe has no fraction).
var declarations = map[string][]any{
	"a": {map[string]any{"type": "string"}, map[string]any{"type": []any{"string", "null"}}, map[string]any{"type": "integer"}},
	"c": {map[string]any{"type": "string", "enum": []any{"s", "t"}}, map[string]any{"type": "string", "enum": []any{"s"}},
		map[string]any{"type": "string", "enum": []any{"s", "t", "u"}}},
}

// mutate changes a copy of s: a keyword added, removed or replaced, or the
// declaration of a or c changed.
func (g schemaGen) mutate(s map[string]any) map[string]any {
	out := deepCopy(s).(map[string]any)
	if g.rng.IntN(5) == 0 {
		name := []string{"a", "c"}[g.rng.IntN(2)]
		choices := declarations[name]
		out["properties"].(map[string]any)[name] = deepCopy(choices[g.rng.IntN(len(choices))])
		return out
	}
	names := keywordNames()
	k := names[g.rng.IntN(len(names))]
	if out[k] == nil || g.rng.IntN(2) == 0 {
		out[k] = keywords[k](g)
	} else {
		delete(out, k)
	}
	return out
}

// dropDeclaration removes one property's declaration from a copy of s and
// flips its content model: a closed object opens (additionalProperties
// true or absent), an open one closes.
func (g schemaGen) dropDeclaration(s map[string]any) map[string]any {
	out := deepCopy(s).(map[string]any)
	delete(out["properties"].(map[string]any), propNames[g.rng.IntN(len(propNames))])
	switch {
	case out["additionalProperties"] != false:
		out["additionalProperties"] = false
	case g.rng.IntN(2) == 0:
		out["additionalProperties"] = true
	default:
		delete(out, "additionalProperties")
	}
	return out
}

// rootComposition removes every composition keyword from a copy of s when
// it has one, and otherwise adds a root anyOf of required-only alternatives
// and a dependentSchemas block; properties and required stay as they are.
func (g schemaGen) rootComposition(s map[string]any) map[string]any {
	out := deepCopy(s).(map[string]any)
	had := false
	for _, k := range compositionKeywords {
		if out[k] != nil {
			had = true
			delete(out, k)
		}
	}
	if !had {
		out["anyOf"] = []any{map[string]any{"required": g.names(1)}, map[string]any{"required": g.names(1)}}
		out["dependentSchemas"] = map[string]any{propNames[g.rng.IntN(3)]: map[string]any{"required": g.names(1)}}
	}
	return out
}

// pad declares eight plain arguments beside a, b and c in copies of both
// schemas; the universe's instances never hold them.
func pad(schemas ...map[string]any) []map[string]any {
	var out []map[string]any
	for _, s := range schemas {
		s = deepCopy(s).(map[string]any)
		for i := range 8 {
			s["properties"].(map[string]any)["p"+strconv.Itoa(i)] = map[string]any{"type": "string"}
		}
		out = append(out, s)
	}
	return out
}

// distribute moves every sibling of the anyOf (or oneOf) into each branch,
// which changes nothing a validator sees when no branch sets the same keyword.
func distribute(s map[string]any) map[string]any {
	key := "anyOf"
	if s[key] == nil {
		key = "oneOf"
	}
	if s[key] == nil {
		return s
	}
	var out []any
	for _, b := range s[key].([]any) {
		merged := deepCopy(b).(map[string]any)
		for k, v := range s {
			if k == key {
				continue
			}
			if _, clash := merged[k]; clash {
				return s
			}
			merged[k] = deepCopy(v)
		}
		out = append(out, merged)
	}
	return map[string]any{key: out}
}

func deepCopy(v any) any {
	b, _ := json.Marshal(v)
	var out any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	dec.Decode(&out)
	return out
}

// accepted lists, for each instance of the universe, whether s accepts it.
func accepted(t *testing.T, s map[string]any, universe []any) []bool {
	t.Helper()
	compiled, err := schemacheck.Compile(jsontree.FromValue(deepCopy(s)))
	if err != nil {
		t.Fatalf("generated schema does not compile: %v\n%s", err, mustJSON(s))
	}
	out := make([]bool, len(universe))
	for i, inst := range universe {
		out[i] = len(compiled.Validate(inst)) == 0
	}
	return out
}

// within reports whether everything a accepts, b accepts.
func within(a, b []bool) bool {
	for i := range a {
		if a[i] && !b[i] {
			return false
		}
	}
	return true
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func breakingFindings(fs []contract.Finding) []contract.Finding {
	var out []contract.Finding
	for _, f := range fs {
		if f.Change == contract.ChangeBreaking {
			out = append(out, f)
		}
	}
	return out
}

func TestCompositionProperty(t *testing.T) {
	g := schemaGen{rng: rand.New(rand.NewPCG(8, 2026))}
	universe := instanceUniverse()
	pairs := 200
	if testing.Short() {
		pairs = 60
	}
	var checkedIn, checkedOut, narrowedIn, dropped, composed, padded int
	var tr truth
	for i := 0; i < pairs; i++ {
		a := g.schema()
		var b map[string]any
		switch g.rng.IntN(6) {
		case 0:
			b = g.mutate(g.mutate(a))
		case 1:
			// The same schema with its siblings moved into every branch,
			// or with a keyword changed as well.
			if b = distribute(a); g.rng.IntN(2) == 0 {
				b = distribute(g.mutate(a))
			}
		case 2:
			b = g.dropDeclaration(a)
			dropped++
		case 3:
			b = g.rootComposition(a)
			composed++
		default:
			b = g.mutate(a)
		}
		if a["properties"] != nil && b["properties"] != nil && g.rng.IntN(3) == 0 {
			ab := pad(a, b)
			a, b = ab[0], ab[1]
			padded++
		}
		accA, accB := accepted(t, a, universe), accepted(t, b, universe)
		for swap := range 2 {
			old, new, accOld, accNew := a, b, accA, accB
			if swap == 1 {
				old, new, accOld, accNew = b, a, accB, accA
			}
			in := breakingFindings(diffTruth(t, &tr, `[{"name":"t","inputSchema":`+mustJSON(old)+`}]`, `[{"name":"t","inputSchema":`+mustJSON(new)+`}]`))
			if within(accOld, accNew) {
				checkedIn++
				for _, f := range in {
					t.Errorf("input only relaxed, but %s %s: %s\nold %s\nnew %s", f.Rule, f.Pointer, f.Message, mustJSON(old), mustJSON(new))
				}
			} else {
				// And the converse: a narrowing is never a false green.
				narrowedIn++
				if len(in) == 0 {
					t.Errorf("input narrowed, but nothing breaking:\nold %s\nnew %s", mustJSON(old), mustJSON(new))
				}
			}
			out := breakingFindings(diffTruth(t, &tr, `[{"name":"t","inputSchema":{"type":"object"},"outputSchema":`+mustJSON(old)+`}]`,
				`[{"name":"t","inputSchema":{"type":"object"},"outputSchema":`+mustJSON(new)+`}]`))
			if within(accNew, accOld) {
				checkedOut++
				for _, f := range out {
					t.Errorf("output only narrowed, but %s %s: %s\nold %s\nnew %s", f.Rule, f.Pointer, f.Message, mustJSON(old), mustJSON(new))
				}
			} else if len(out) == 0 {
				t.Errorf("output widened, but nothing breaking:\nold %s\nnew %s", mustJSON(old), mustJSON(new))
			}
		}
	}
	t.Logf("%d input pairs only relaxed, %d output pairs only narrowed, %d input pairs narrowed; of %d pairs, %d dropped a declaration, "+
		"%d removed or added a root composition, %d were padded", checkedIn, checkedOut, narrowedIn, pairs, dropped, composed, padded)
	// Every example shown proves the claim beside it (issue 28).
	for _, n := range tr.notes {
		t.Log(n)
	}
	t.Logf("%d examples checked against both schemas and their claim, %d untrue, %d unverified", tr.checked, tr.untrue, tr.unverified)
	if tr.untrue > 0 || tr.unverified > 0 {
		t.Errorf("%d untrue and %d unverified examples", tr.untrue, tr.unverified)
	}
	if dropped < pairs/10 || composed < pairs/10 || padded < pairs/10 {
		t.Fatalf("too few pairs of issue 19's shapes: %d dropped, %d composed, %d padded of %d", dropped, composed, padded, pairs)
	}
	// A generator that never produced a relaxing pair would prove nothing.
	if checkedIn < pairs/4 || checkedOut < pairs/4 || narrowedIn < pairs/4 {
		t.Fatalf("too few pairs of each kind: %d relaxed inputs, %d narrowed outputs, %d narrowed inputs of %d", checkedIn, checkedOut, narrowedIn, 2*pairs)
	}
}
