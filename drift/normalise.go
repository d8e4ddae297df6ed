package drift

import (
	"slices"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
)

// Equivalence before difference: every check reads keywords through
// view.get, which reads each side in its own declared dialect lifted to
// 2020-12 and spells what means the same one way, so that a rewrite that
// changes no accepted instance is no change:
//
//   - draft-04/06/07 (legacy): an array "items" is a tuple, "prefixItems" in
//     2020-12, and "additionalItems" then plays 2020-12's "items";
//     "dependencies" splits into "dependentRequired" (array values) and
//     "dependentSchemas" (schema values); siblings of "$ref" are ignored
//     (resolver.resolve). zod 4 and pydantic emit 2020-12 where older
//     generators emitted draft-07, so a server migrating rewrites all of these.
//   - an anyOf/oneOf whose every branch is a const (or an enum) is an enum
//     (oneOf only when the values are distinct, as two equal branches match
//     nothing under oneOf);
//   - a vacuous keyword is absent: minLength/minItems/minProperties 0,
//     required [], an empty pattern, and true or {} for a keyword whose
//     subschema only restricts (items, additionalProperties, propertyNames,
//     …), as well as propertyNames {"type": "string"}, since every property
//     name is a string.

// legacyDialect reports whether a schema document is read by draft-07 or an
// older draft's rules.
func legacyDialect(root *jsontree.Node) bool {
	d, err := schemacheck.DialectOf(root)
	return err == nil && (d == schemacheck.Draft04 || d == schemacheck.Draft06 || d == schemacheck.Draft07)
}

// lifted returns a keyword's value as 2020-12 reads it from n, a schema of
// the view's dialect, and its pointer; nil when 2020-12 has no such keyword
// there.
func (v view) lifted(n *jsontree.Node, ptr, key string) (*jsontree.Node, string) {
	if v.legacy {
		switch key {
		case "prefixItems":
			if it := n.Get("items"); it.Is(jsontree.Array) {
				return it, jsontree.Append(ptr, "items")
			}
			return nil, ""
		case "items":
			it, at := n.Get("items"), "items"
			if it.Is(jsontree.Array) {
				it, at = n.Get("additionalItems"), "additionalItems"
			}
			if it == nil || vacuous("items", it) {
				return nil, ""
			}
			return it, jsontree.Append(ptr, at)
		case "additionalItems", "dependencies", "$defs":
			// Lifted into items, dependentRequired/dependentSchemas; $defs
			// is no keyword of these drafts (definitions is, and is prose
			// to the walk, which follows refs wherever they point).
			return nil, ""
		case "dependentRequired", "dependentSchemas":
			return splitDependencies(n.Get("dependencies"), key == "dependentRequired"), jsontree.Append(ptr, "dependencies")
		}
	}
	switch key {
	case "enum":
		if x := n.Get(key); x != nil {
			return x, jsontree.Append(ptr, key)
		}
		if n.Get("const") != nil {
			return nil, ""
		}
		if vals := constUnion(n); vals != nil {
			return vals, jsontree.Append(ptr, constUnionKey(n))
		}
		return nil, ""
	case "anyOf", "oneOf":
		if n.Get("enum") == nil && n.Get("const") == nil && constUnion(n) != nil {
			return nil, ""
		}
	}
	x := n.Get(key)
	if x == nil || vacuous(key, x) {
		return nil, ""
	}
	return x, jsontree.Append(ptr, key)
}

func constUnionKey(n *jsontree.Node) string {
	if n.Get("anyOf").Is(jsontree.Array) {
		return "anyOf"
	}
	return "oneOf"
}

// constUnion is the enum an anyOf/oneOf of consts stands for, or nil. The
// values keep their source nodes, so a finding about one is placed on it.
func constUnion(n *jsontree.Node) *jsontree.Node {
	if !mayBeConstUnion(n) {
		return nil
	}
	key := "anyOf"
	alts := n.Get(key)
	if !alts.Is(jsontree.Array) {
		key = "oneOf"
		if alts = n.Get(key); !alts.Is(jsontree.Array) {
			return nil
		}
	}
	if len(alts.Items()) == 0 || len(alts.Items()) > maxValues {
		return nil
	}
	out := &jsontree.Node{Kind: jsontree.Array, Offset: alts.Offset}
	seen := map[string]bool{}
	for _, it := range alts.Items() {
		if !it.Is(jsontree.Object) {
			return nil
		}
		var vals []*jsontree.Node
		for _, m := range it.Members() {
			switch {
			case proseKeywords[m.Key]:
			case m.Key == "const" && vals == nil:
				vals = []*jsontree.Node{m.Value}
			case m.Key == "enum" && vals == nil && m.Value.Is(jsontree.Array):
				vals = m.Value.Items()
			default:
				return nil
			}
		}
		if vals == nil {
			return nil
		}
		for _, val := range vals {
			c := canonical(val)
			if seen[c] {
				if key == "oneOf" {
					return nil
				}
				continue
			}
			seen[c] = true
			out.SetItems(append(out.Items(), val))
		}
	}
	return out
}

// mayBeConstUnion is constUnion's test without its allocations: every
// view.get of "enum", "anyOf" or "oneOf" asks it.
func mayBeConstUnion(n *jsontree.Node) bool {
	alts := n.Get("anyOf")
	if !alts.Is(jsontree.Array) {
		if alts = n.Get("oneOf"); !alts.Is(jsontree.Array) {
			return false
		}
	}
	if len(alts.Items()) == 0 || len(alts.Items()) > maxValues {
		return false
	}
	for _, it := range alts.Items() {
		if !it.Is(jsontree.Object) || (it.Get("const") == nil && !it.Get("enum").Is(jsontree.Array)) {
			return false
		}
	}
	return true
}

// splitDependencies is the part of a legacy "dependencies" that is
// dependentRequired (array values) or dependentSchemas (schema values).
func splitDependencies(deps *jsontree.Node, arrays bool) *jsontree.Node {
	if !deps.Is(jsontree.Object) {
		return nil
	}
	out := &jsontree.Node{Kind: jsontree.Object, Offset: deps.Offset}
	for _, m := range deps.Members() {
		if m.Value.Is(jsontree.Array) == arrays {
			out.SetMembers(append(out.Members(), m))
		}
	}
	if len(out.Members()) == 0 {
		return nil
	}
	return out
}

// restricting are the keywords whose subschema only restricts what it
// applies to: true or {} there accepts everything, as if absent. (contains
// is not one: {} still demands a non-empty array.)
var restricting = keywordSet("items", "additionalItems", "additionalProperties", "propertyNames", "unevaluatedItems",
	"unevaluatedProperties")

// vacuous reports a keyword value that accepts every instance.
func vacuous(key string, x *jsontree.Node) bool {
	switch key {
	case "minLength", "minItems", "minProperties":
		f, ok := x.Float()
		return ok && f == 0
	case "required":
		return x.Is(jsontree.Array) && len(x.Items()) == 0
	case "pattern":
		return x.Is(jsontree.String) && x.Text == ""
	case "properties", "patternProperties", "dependentRequired", "dependentSchemas":
		return x.Is(jsontree.Object) && len(x.Members()) == 0
	case "propertyNames":
		if t := x.Get("type"); t.IsString("string") && onlyKeys(x, "type") {
			return true
		}
	}
	return restricting[key] && acceptsAll(x)
}

// acceptsAll reports true, or an object schema of prose only.
func acceptsAll(x *jsontree.Node) bool {
	if x.Is(jsontree.Bool) {
		return x.Bool
	}
	return x.Is(jsontree.Object) && onlyKeys(x)
}

// onlyKeys reports an object whose every key is prose or one of keys.
func onlyKeys(x *jsontree.Node, keys ...string) bool {
	for _, m := range x.Members() {
		if !proseKeywords[m.Key] && !slices.Contains(keys, m.Key) {
			return false
		}
	}
	return true
}
