package drift

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The truth of examples (issue 28): every example a finding shows, in its
// message or its details, is checked by santhosh-tekuri/jsonschema against
// both schemas and against the claim beside it. "P became required" needs an
// object without P that the old schema accepts and the new one rejects; "P is
// no longer required" one without P that the new accepts and the old
// rejected; a keyword's change an instance the new schema with that keyword
// as it was judges as the old one does; "accepts less/more" an instance on
// one side only; a pattern's change a string one pattern matches and the
// other does not. A stand-in ("<a value k accepts #1>") is replaced by a
// value the key's declaration accepts (or rejects), checked first.

type truth struct {
	checked, untrue, unverified int
	notes                       []string
}

var (
	exampleRe  = regexp.MustCompile(`\(for example |accepts (?:less|more) than before: `)
	propertyRe = regexp.MustCompile(`property "([^"]*)"`)
	tokenRe    = regexp.MustCompile(`^<a value (.+) (accepts #\d+|rejects)>$`)
)

// findings checks every example of fs; old and new are the two catalogs.
func (tr *truth) findings(t *testing.T, old, new *contract.Catalog, fs []contract.Finding) {
	t.Helper()
	for _, f := range fs {
		for _, text := range append([]string{f.Message}, f.Details...) {
			loc := exampleRe.FindStringIndex(text)
			if loc == nil {
				continue
			}
			dec := json.NewDecoder(strings.NewReader(text[loc[1]:]))
			dec.UseNumber()
			var instance any
			if err := dec.Decode(&instance); err != nil {
				tr.note(false, "%s: example does not parse: %s", f.Rule, text)
				continue
			}
			ok, why := tr.check(f, text, instance, toolOf(old, f.Tool), toolOf(new, f.Tool))
			switch {
			case why != "":
				tr.unverified++
				tr.notes = append(tr.notes, fmt.Sprintf("unverified (%s) %s %s: %s", why, f.Rule, f.Pointer, text))
			default:
				tr.note(ok, "%s %s: %s", f.Rule, f.Pointer, text)
			}
		}
	}
}

func (tr *truth) note(ok bool, format string, args ...any) {
	tr.checked++
	if !ok {
		tr.untrue++
		tr.notes = append(tr.notes, "UNTRUE "+fmt.Sprintf(format, args...))
	}
}

func toolOf(c *contract.Catalog, name string) *contract.Tool {
	for _, t := range c.Tools {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// keywordSegments are pointer segments naming a keyword of a node, not a node.
var keywordSegments = keywordSet("type", "enum", "const", "pattern", "format", "not", "if", "then", "else", "additionalProperties",
	"dependentRequired", "dependentSchemas", "minProperties", "maxProperties", "minLength", "maxLength", "minimum", "maximum",
	"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "minItems", "maxItems", "propertyNames", "patternProperties")

// check returns whether instance proves the claim of text; why is set when
// it cannot be checked.
func (tr *truth) check(f contract.Finding, text string, instance any, oldT, newT *contract.Tool) (bool, string) {
	if oldT == nil || newT == nil {
		return false, "tool on one side only"
	}
	segs := strings.Split(f.Pointer, "/")[1:]
	if len(segs) == 0 {
		return false, "no pointer"
	}
	root := segs[0]
	segs = segs[1:]
	keyword := ""
	switch n := len(segs); {
	case n >= 2 && segs[n-2] == "required":
		segs = segs[:n-2]
	case n >= 2 && segs[n-2] == "properties" && (propertyRe.MatchString(text)):
		segs = segs[:n-2]
	case n >= 1 && keywordSegments[segs[n-1]]:
		keyword = segs[n-1]
		segs = segs[:n-1]
	}
	ptr := ""
	for _, s := range segs {
		ptr += "/" + s
	}
	oldRoot, newRoot := oldT.Node.Get(root), newT.Node.Get(root)
	if oldRoot == nil || newRoot == nil {
		return false, "schema on one side only"
	}
	if strings.Contains(text, "pattern changed from") {
		return checkPatternExample(oldRoot, newRoot, ptr, text, instance)
	}
	// A finding on an alternative compared alone against a plain schema
	// claims what the union's node accepts.
	for _, r := range []*jsontree.Node{oldRoot, newRoot} {
		if _, found := r.Lookup(ptr); !found {
			if i := strings.LastIndex(ptr, "/"); i > 0 && (strings.HasSuffix(ptr[:i], "/anyOf") || strings.HasSuffix(ptr[:i], "/oneOf")) {
				ptr = ptr[:strings.LastIndex(ptr[:i], "/")]
			}
		}
	}
	oldS, err1 := compileAt(oldRoot, ptr)
	newS, err2 := compileAt(newRoot, ptr)
	if err1 != nil || err2 != nil {
		return false, fmt.Sprintf("node %s not in both: %v %v", ptr, err1, err2)
	}
	oldNode, _ := oldRoot.Lookup(ptr)
	newNode, _ := newRoot.Lookup(ptr)
	instance, why := concrete(instance, oldRoot, oldNode, newRoot, newNode)
	if why != "" {
		return false, why
	}
	inOld, inNew := oldS.Validate(instance) == nil, newS.Validate(instance) == nil
	narrows := strings.Contains(text, "matched the old schema and no longer does")
	if !narrows && !strings.Contains(text, "now matches and did not before") {
		return false, "no claim read"
	}
	if narrows != (inOld && !inNew) || !narrows != (inNew && !inOld) {
		return false, ""
	}
	head := text[:exampleRe.FindStringIndex(text)[0]]
	if m := propertyRe.FindStringSubmatch(head); m != nil && strings.Contains(head, "required") {
		obj, isObj := instance.(map[string]any)
		if !isObj {
			return false, ""
		}
		_, has := obj[m[1]]
		return !has, ""
	}
	if keyword == "" {
		if w := strings.Fields(head); len(w) >= 3 && slices.Contains([]string{"added", "removed", "set", "changed", "tightened", "relaxed"}, w[2]) {
			keyword = w[1]
		} else if strings.Contains(head, "(additionalProperties)") {
			keyword = "additionalProperties"
		}
	}
	if keyword == "" {
		return true, ""
	}
	// The keyword's change alone must tell the instance apart: the new
	// node with the keyword as it was judges it as the old one does.
	variant := newRoot.Clone()
	node, _ := variant.Lookup(ptr)
	node.Delete(keyword)
	if o := oldNode.Get(keyword); o != nil {
		node.Set(keyword, o.Clone())
	}
	vs, err := compileAt(variant, ptr)
	if err != nil {
		return false, "variant: " + err.Error()
	}
	return (vs.Validate(instance) == nil) == inOld, ""
}

func compileAt(root *jsontree.Node, ptr string) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(jsontree.Encode(root, jsontree.EncodeOptions{})))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem:///s.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("mem:///s.json#" + ptr)
}

// concrete replaces the stand-ins of an object instance by values the key's
// declaration (on either side) accepts or rejects, as the token says.
func concrete(instance any, oldRoot, oldNode, newRoot, newNode *jsontree.Node) (any, string) {
	obj, ok := instance.(map[string]any)
	if !ok {
		return instance, ""
	}
	out := map[string]any{}
	for k, v := range obj {
		out[k] = v
		s, isStr := v.(string)
		m := tokenRe.FindStringSubmatch(s)
		if !isStr || m == nil {
			continue
		}
		root, decl := newRoot, declaration(newNode, m[1])
		if decl == nil {
			root, decl = oldRoot, declaration(oldNode, m[1])
		}
		if decl == nil {
			return nil, "stand-in for an undeclared key"
		}
		accept := strings.HasPrefix(m[2], "accepts")
		val, found := sampleFor(root, decl, accept)
		if !found {
			return nil, "no sample for " + string(jsontree.Encode(decl, jsontree.EncodeOptions{}))
		}
		out[k] = val
	}
	return out, ""
}

// declaration is k's schema in node's properties or those of its
// alternatives and conjuncts.
func declaration(node *jsontree.Node, k string) *jsontree.Node {
	if d := node.Get("properties").Get(k); d != nil {
		return d
	}
	for _, key := range []string{"anyOf", "oneOf", "allOf"} {
		for _, it := range items(node.Get(key)) {
			if d := it.Get("properties").Get(k); d != nil {
				return d
			}
		}
	}
	return nil
}

// sampleFor finds a value the declaration accepts (or rejects), checked by
// the validator.
func sampleFor(root, decl *jsontree.Node, accept bool) (any, bool) {
	wrap := root.Clone()
	wrap.Set("$defs", &jsontree.Node{Kind: jsontree.Object, Offset: -1})
	if d := root.Get("$defs"); d != nil {
		wrap.Set("$defs", d.Clone())
	}
	wrap.Get("$defs").Set("__sample", decl.Clone())
	s, err := compileAt(wrap, "/$defs/__sample")
	if err != nil {
		return nil, false
	}
	for _, c := range sampleCandidates(decl) {
		if (s.Validate(c) == nil) == accept {
			return c, true
		}
	}
	return nil, false
}

// sampleCandidates are values to try for a declaration: plain values of
// every type, and an object holding what it requires.
func sampleCandidates(decl *jsontree.Node) []any {
	out := []any{nil, true, json.Number("1"), json.Number("1.5"), "s", "sssssssssssssssssssssssssssssss", []any{}, map[string]any{}}
	obj := map[string]any{}
	for _, r := range decl.Get("required").Strings() {
		obj[r] = "s"
		if p := decl.Get("properties").Get(r); p != nil {
			if t := p.Get("type"); t.IsString("object") {
				obj[r] = map[string]any{}
			}
		}
	}
	return append(out, obj)
}

// checkPatternExample checks a string one pattern matches and the other not.
func checkPatternExample(oldRoot, newRoot *jsontree.Node, ptr, text string, instance any) (bool, string) {
	s, ok := instance.(string)
	if !ok {
		return false, ""
	}
	o, _ := oldRoot.Lookup(ptr + "/pattern")
	n, _ := newRoot.Lookup(ptr + "/pattern")
	if o == nil || n == nil {
		return false, "pattern on one side only"
	}
	ro, err1 := regexp.Compile(o.Text)
	rn, err2 := regexp.Compile(n.Text)
	if err1 != nil || err2 != nil {
		return false, "pattern does not compile"
	}
	if strings.Contains(text, "matched the old pattern and no longer does") {
		return ro.MatchString(s) && !rn.MatchString(s), ""
	}
	return rn.MatchString(s) && !ro.MatchString(s), ""
}

// The corpus' real changes: zero untrue examples.
func TestCorpusExamplesAreTrue(t *testing.T) {
	dirs := corpusDirs(t)
	var tr truth
	for _, dir := range dirs {
		old, new := loadCase(t, dir, "before.json"), loadCase(t, dir, "after.json")
		tr.findings(t, old, new, Compare(old, new, Options{}))
	}
	for _, n := range tr.notes {
		t.Log(n)
	}
	t.Logf("corpus: %d examples checked, %d untrue, %d unverified", tr.checked, tr.untrue, tr.unverified)
	if tr.untrue > 0 || tr.unverified > 0 {
		t.Errorf("%d untrue and %d unverified examples", tr.untrue, tr.unverified)
	}
}

func corpusDirs(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob("../testdata/corpus/drift/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no corpus cases: %v", err)
	}
	return dirs
}

// diffTruth is diffJSON with every example checked into tr.
func diffTruth(t *testing.T, tr *truth, oldJSON, newJSON string) []contract.Finding {
	t.Helper()
	old, new := catalog(t, "old.json", oldJSON), catalog(t, "new.json", newJSON)
	fs := Compare(old, new, Options{})
	tr.findings(t, old, new, fs)
	return fs
}
