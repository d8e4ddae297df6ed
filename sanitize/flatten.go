package sanitize

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// flattenRootCombinators folds anyOf/oneOf/allOf at the root into one
// type:object schema. Anthropic rejects them there ("input_schema does not
// support oneOf, allOf, or anyOf at the top level", anthropics/claude-code
// #40075; cloudflare/mcp-server-cloudflare#224), OpenAI strict requires an
// object root without anyOf (openai PR #4151), and Gemini rejects anyOf beside
// other keys (anomalyco/opencode#14509). allOf branches are merged exactly;
// anyOf/oneOf branches become one object whose properties are the union of
// the branches', requiring only what every branch requires. That loses which
// branch applies, so it is reported, never done silently.
func flattenRootCombinators(s *session, root *jsontree.Node) *jsontree.Node {
	if all := root.Get("allOf"); all.Is(jsontree.Array) {
		root.Delete("allOf")
		for i, b := range all.Items() {
			b = s.resolveBranch(root, b)
			if !b.Is(jsontree.Object) {
				continue
			}
			conflicts := merge(root, b)
			ptr := jsontree.AppendIndex(rootPointer+"/allOf", i)
			if len(conflicts) > 0 {
				s.note(ptr, "flatten-root-allof", true, "merged allOf branch %d into the root; these keywords disagreed with the root and were dropped: %s", i, strings.Join(conflicts, ", "))
			} else {
				s.note(ptr, "flatten-root-allof", false, "merged allOf branch %d into the root", i)
			}
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		branches := root.Get(k)
		if !branches.Is(jsontree.Array) {
			continue
		}
		root.Delete(k)
		s.flattenUnion(root, k, branches)
	}
	if !schemawalk.HasType(root, "object") || len(schemawalk.Types(root)) != 1 {
		if root.Has("type") {
			s.note(rootPointer+"/type", "set-root-type", true, "root type %s became \"object\"", compact(root.Get("type")))
		}
		root.Set("type", str("object"))
	}
	return root
}

// resolveBranch follows a branch's $ref when it is the branch's only keyword
// (openai-strict keeps such references); the target is copied.
func (s *session) resolveBranch(root, b *jsontree.Node) *jsontree.Node {
	ref := b.Get("$ref")
	if !ref.Is(jsontree.String) || len(b.Members()) != 1 || !strings.HasPrefix(ref.Text, "#") {
		return b
	}
	if t, ok := root.Lookup(ref.Text[1:]); ok && isSchema(t) {
		return t.Clone()
	}
	return b
}

func (s *session) flattenUnion(root *jsontree.Node, key string, branches *jsontree.Node) {
	ptr := jsontree.Append(rootPointer, key)
	var objects []*jsontree.Node
	open := false // some branch accepts any object: nothing becomes required
	var dropped []string
	for _, b := range branches.Items() {
		b = s.resolveBranch(root, b)
		switch {
		case b.Is(jsontree.Bool):
			open = open || b.Bool
		case b.Is(jsontree.Object):
			objects = append(objects, b)
			for _, k := range b.Keys() {
				if !isOneOf(k, []string{"properties", "required", "type", "description", "title"}) && !contains(dropped, k) {
					dropped = append(dropped, k)
				}
			}
		}
	}
	props := root.Get("properties")
	if !props.Is(jsontree.Object) {
		props = obj()
		root.Set("properties", props)
	}
	var names []string
	variants := map[string][]*jsontree.Node{}
	for _, b := range objects {
		bp := b.Get("properties")
		if !bp.Is(jsontree.Object) {
			continue
		}
		for _, m := range bp.Members() {
			if props.Has(m.Key) {
				continue
			}
			if _, seen := variants[m.Key]; !seen {
				names = append(names, m.Key)
			}
			if !containsJSON(variants[m.Key], m.Value) {
				variants[m.Key] = append(variants[m.Key], m.Value)
			}
		}
	}
	for _, name := range names {
		props.Set(name, unionOf(variants[name]))
	}
	required := root.Get("required").Strings()
	var common []string
	if !open && len(objects) > 0 {
		common = objects[0].Get("required").Strings()
		for _, b := range objects[1:] {
			common = intersectStrings(common, b.Get("required").Strings())
		}
	}
	var optional []string
	for _, b := range objects {
		for _, r := range b.Get("required").Strings() {
			if !contains(common, r) && !contains(required, r) && !contains(optional, r) {
				optional = append(optional, r)
			}
		}
	}
	if all := union(required, common); len(all) > 0 {
		root.Set("required", strs(all))
	}
	note := branchClauses(key, objects, union(required, common))
	if note != "" {
		appendNote(root, note)
	}
	detail := "merged the " + key + " branches into one object: which branch applies is no longer enforced"
	if len(optional) > 0 {
		detail += "; required in only some branches, now optional: " + strings.Join(optional, ", ")
	}
	if len(dropped) > 0 {
		detail += "; branch keywords dropped: " + strings.Join(dropped, ", ")
	}
	if note != "" {
		detail += "; the description now says which branch requires what"
	}
	s.note(ptr, "flatten-root-"+strings.ToLower(key), true, "%s", detail)
}

// unionOf is a schema accepting what any of the variants accepts: the
// variant itself when there is one, one enum when every variant only lists
// values (e.g. {"const":"internal"} and {"const":"wire"}), anyOf otherwise.
func unionOf(variants []*jsontree.Node) *jsontree.Node {
	if len(variants) == 1 {
		return variants[0].Clone()
	}
	values := arr()
	var typ *jsontree.Node
	for _, v := range variants {
		if !v.Is(jsontree.Object) {
			return anyOfClones(variants)
		}
		for _, k := range v.Keys() {
			if !isOneOf(k, []string{"const", "enum", "type", "description", "title"}) {
				return anyOfClones(variants)
			}
		}
		switch {
		case v.Has("const"):
			values.SetItems(append(values.Items(), v.Get("const").Clone()))
		case v.Get("enum").Is(jsontree.Array):
			for _, it := range v.Get("enum").Items() {
				values.SetItems(append(values.Items(), it.Clone()))
			}
		default:
			return anyOfClones(variants)
		}
		if t := v.Get("type"); t != nil {
			if typ != nil && !sameJSON(typ, t) {
				return anyOfClones(variants)
			}
			typ = t
		}
	}
	n := obj()
	if typ != nil {
		n.Set("type", typ.Clone())
	}
	n.Set("enum", values)
	return n
}

func anyOfClones(variants []*jsontree.Node) *jsontree.Node {
	n := obj()
	items := arr()
	for _, v := range variants {
		items.SetItems(append(items.Items(), v.Clone()))
	}
	n.Set("anyOf", items)
	return n
}

func containsJSON(list []*jsontree.Node, n *jsontree.Node) bool {
	for _, x := range list {
		if sameJSON(x, n) {
			return true
		}
	}
	return false
}

func intersectStrings(a, b []string) []string {
	var out []string
	for _, s := range a {
		if contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

// branchClauses tells the model, in the description, what flattening stops
// enforcing: what each branch requires beyond the rest. With a property whose
// value tells the branches apart ({"const":"wire"}), that is "If `mode` is
// `wire`, `iban` is required."; without one, the branches are listed as
// alternatives. "" when there is nothing to say in words.
func branchClauses(key string, objects []*jsontree.Node, required []string) string {
	extras := make([][]string, len(objects))
	some := false
	for i, b := range objects {
		for _, r := range b.Get("required").Strings() {
			if !contains(required, r) {
				extras[i] = append(extras[i], r)
			}
		}
		some = some || len(extras[i]) > 0
	}
	if !some {
		return ""
	}
	if d := discriminator(objects); d != "" {
		var out []string
		for i, b := range objects {
			if len(extras[i]) > 0 {
				v := value(pinned(b.Get("properties").Get(d)))
				out = append(out, "If "+code(d)+" is "+v+", "+requiredPhrase(extras[i])+".")
			}
		}
		return strings.Join(out, " ")
	}
	var alts []string
	single := true
	for _, e := range extras {
		if len(e) == 0 {
			// A branch that asks for nothing more makes the rest optional.
			return ""
		}
		coded := make([]string, len(e))
		for i, name := range e {
			coded[i] = code(name)
		}
		alts = append(alts, english.List(coded, "and"))
		single = single && len(e) == 1
	}
	lead := "Give at least one of "
	if key == "oneOf" {
		lead = "Give exactly one of "
	}
	if single {
		return lead + english.List(alts, "or") + "."
	}
	return lead + "these: " + strings.Join(alts, "; or ") + "."
}

// discriminator is a property every branch pins to one value of its own
// (const, or a one-value enum), so its value says which branch applies.
func discriminator(objects []*jsontree.Node) string {
	if len(objects) < 2 {
		return ""
	}
	first := objects[0].Get("properties")
	if !first.Is(jsontree.Object) {
		return ""
	}
	for _, m := range first.Members() {
		var seen []*jsontree.Node
		for _, b := range objects {
			v := pinned(b.Get("properties").Get(m.Key))
			if v == nil || containsJSON(seen, v) {
				seen = nil
				break
			}
			seen = append(seen, v)
		}
		if len(seen) == len(objects) {
			return m.Key
		}
	}
	return ""
}

// pinned is the one value a property schema allows, or nil.
func pinned(s *jsontree.Node) *jsontree.Node {
	if c := s.Get("const"); c != nil {
		return c
	}
	if e := s.Get("enum"); e.Is(jsontree.Array) && len(e.Items()) == 1 {
		return e.Items()[0]
	}
	return nil
}
