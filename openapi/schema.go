package openapi

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// direction says which side of the API a schema describes: readOnly
// properties are the server's to set, so a tool never sends them, and
// writeOnly ones (passwords) never come back.
type direction int

const (
	toAPI direction = iota
	fromAPI
)

// maxSchemaDepth bounds nesting inside one schema; refs do not count, since
// each becomes a $defs entry translated once.
const maxSchemaDepth = 512

// translator turns the OpenAPI schemas one tool reaches into JSON Schema
// 2020-12; every component a $ref reaches becomes one $defs entry.
type translator struct {
	spec *Spec
	dir  direction
	comp *components
	// reached are the components this tool's own schemas refer to;
	// current is the component being translated, whose refs are its own.
	reached []*component
	current *component
	err     error
}

// components are the translated targets of $refs, shared by every tool of
// one run: GitHub's 1,223 operations reach the same repository and user
// schemas hundreds of times, and each is translated once per direction.
// The trees are never modified after they are built.
type components struct {
	namespace string
	// origins locate each translated schema object in the spec, so a
	// finding about a generated tool can be placed on the spec's line.
	origins map[*jsontree.Node]origin
	byKey   [2]map[string]*component
	// names maps a target (absolute file + "#" + fragment) to its $defs
	// name, the same in input and output; taken holds every name given.
	names map[string]string
	taken map[string]bool
}

type component struct {
	name   string
	schema *jsontree.Node
	refs   []*component
}

// origin is where a schema object was written: the file as messages name
// it, line and column.
type origin struct {
	file         string
	line, column int
}

func newComponents(namespace string) *components {
	return &components{namespace: namespace, byKey: [2]map[string]*component{{}, {}}, names: map[string]string{}, taken: map[string]bool{}, origins: map[*jsontree.Node]origin{}}
}

func newTranslator(s *Spec, comp *components, dir direction) *translator {
	return &translator{spec: s, comp: comp, dir: dir}
}

// defs are the components the tool reaches, directly or through others.
func (t *translator) defs() []*component {
	seen := map[*component]bool{}
	var out []*component
	var visit func(c *component)
	visit = func(c *component) {
		if seen[c] {
			return
		}
		seen[c] = true
		out = append(out, c)
		for _, r := range c.refs {
			visit(r)
		}
	}
	for _, c := range t.reached {
		visit(c)
	}
	return out
}

func (t *translator) fail(file string, n *yaml.Node, pointer, msg string) {
	if t.err == nil {
		t.err = at(t.spec.display(file), n, pointer, msg)
	}
}

// inline translates the schema at n, following a $ref at its root to the
// target itself (so a body or response named by ref can be flattened or be
// the tool's root) rather than to a $defs entry.
func (t *translator) inline(file string, n *yaml.Node, pointer string) *jsontree.Node {
	for hops := 0; hops < 32; hops++ {
		ref := scalar(get(n, "$ref"))
		if ref == "" || (t.spec.Is31() && len(deAlias(n).Content) > 2) {
			break
		}
		target, targetFile, err := t.spec.resolve(file, ref)
		if err != nil {
			t.fail(file, get(n, "$ref"), pointer, err.Error())
			return emptySchema()
		}
		n, file, pointer = target, targetFile, refPointer(ref)
	}
	return t.schema(file, n, pointer, 0)
}

func refPointer(ref string) string {
	_, fragment, _ := strings.Cut(ref, "#")
	return fragment
}

func emptySchema() *jsontree.Node { return &jsontree.Node{Kind: jsontree.Object, Offset: -1} }

// schema translates one schema object (or 3.1 boolean schema).
func (t *translator) schema(file string, n *yaml.Node, pointer string, depth int) *jsontree.Node {
	n = deAlias(n)
	if n == nil {
		return emptySchema()
	}
	if depth > maxSchemaDepth {
		t.fail(file, n, pointer, fmt.Sprintf("schema nested deeper than %d levels", maxSchemaDepth))
		return emptySchema()
	}
	if n.Kind == yaml.ScalarNode && (n.Tag == "!!bool") {
		return value(n)
	}
	if n.Kind != yaml.MappingNode {
		t.fail(file, n, pointer, "a schema must be an object")
		return emptySchema()
	}
	if ref := get(n, "$ref"); ref != nil {
		refNode := t.ref(file, ref, pointer)
		if !t.spec.Is31() {
			// 3.0: "properties adjacent to a $ref are ignored".
			return refNode
		}
		out := t.keywords(file, n, pointer, depth)
		out.Set("$ref", refNode.Get("$ref"))
		return out
	}
	return t.keywords(file, n, pointer, depth)
}

// ref returns {"$ref": "#/$defs/NAME"} for a $ref, translating its target
// the first time any tool reaches it.
func (t *translator) ref(file string, refNode *yaml.Node, pointer string) *jsontree.Node {
	ref := scalar(refNode)
	target, targetFile, err := t.spec.resolve(file, ref)
	if err != nil {
		t.fail(file, refNode, pointer, err.Error())
		return emptySchema()
	}
	key := targetFile + "#" + refPointer(ref)
	c := t.comp.byKey[t.dir][key]
	if c == nil {
		c = &component{name: t.comp.name(key, ref)}
		t.comp.byKey[t.dir][key] = c
		// Translated after it is registered, so a recursive component
		// refers to itself instead of recursing forever.
		outer := t.current
		t.current = c
		c.schema = t.schema(targetFile, target, refPointer(ref), 0)
		t.current = outer
	}
	if t.current != nil {
		t.current.refs = appendOnce(t.current.refs, c)
	} else {
		t.reached = appendOnce(t.reached, c)
	}
	return jsontree.NewObject([]jsontree.Member{
		{Key: "$ref", KeyOffset: -1, Value: str("#/$defs/" + jsontree.EscapeToken(c.name))},
	})
}

func appendOnce(list []*component, c *component) []*component {
	for _, x := range list {
		if x == c {
			return list
		}
	}
	return append(list, c)
}

// name gives a target its $defs name, after its service, so tools of two
// services loaded together never share one: #/components/schemas/RichText
// of the notion service is notion.RichText.
func (cs *components) name(key, ref string) string {
	if name, ok := cs.names[key]; ok {
		return name
	}
	fragment := refPointer(ref)
	base := fragment[strings.LastIndexByte(fragment, '/')+1:]
	if base == "" {
		target, _, _ := strings.Cut(ref, "#")
		base = strings.TrimSuffix(target[strings.LastIndexAny(target, `/\`)+1:], ".yaml")
		base = strings.TrimSuffix(strings.TrimSuffix(base, ".json"), ".yml")
	}
	base = strings.ReplaceAll(strings.ReplaceAll(base, "~1", "/"), "~0", "~")
	name := cs.namespace + "." + base
	for i := 2; cs.taken[name]; i++ {
		name = fmt.Sprintf("%s.%s_%d", cs.namespace, base, i)
	}
	cs.taken[name] = true
	cs.names[key] = name
	return name
}

// Keywords that hold one subschema, a list of them, or a map of them.
var (
	subschema = map[string]bool{
		"items": true, "additionalProperties": true, "not": true, "contains": true,
		"propertyNames": true, "if": true, "then": true, "else": true,
		"unevaluatedItems": true, "unevaluatedProperties": true, "contentSchema": true,
		"additionalItems": true,
	}
	subschemaList = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true}
	subschemaMap  = map[string]bool{"patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true}
	// OpenAPI's own keywords, which mean nothing to a JSON Schema
	// validator or a model.
	openAPIOnly = map[string]bool{"discriminator": true, "xml": true, "externalDocs": true, "nullable": true, "example": true}
)

func (t *translator) keywords(file string, n *yaml.Node, pointer string, depth int) *jsontree.Node {
	out := emptySchema()
	is30 := !t.spec.Is31()
	members(n, func(key string, keyNode, v *yaml.Node) {
		p := pointer + "/" + jsontree.EscapeToken(key)
		switch {
		case key == "$ref":
		case strings.HasPrefix(key, "x-"):
		case key == "example":
			out.Set("examples", jsontree.NewArray([]*jsontree.Node{value(v)}))
		case openAPIOnly[key]:
		case key == "properties":
			out.Set(key, t.properties(file, v, p, depth))
		case key == "required":
			out.Set(key, value(v))
		case is30 && (key == "exclusiveMinimum" || key == "exclusiveMaximum"):
			// 3.0: a boolean that makes minimum/maximum exclusive;
			// handled with its bound below.
		case subschema[key]:
			if v.Kind == yaml.SequenceNode && key == "items" {
				// Draft 4–2019 tuple form.
				out.Set("prefixItems", t.list(file, v, p, depth))
				return
			}
			out.Set(key, t.schema(file, v, p, depth+1))
		case subschemaList[key] && v.Kind == yaml.SequenceNode:
			out.Set(key, t.list(file, v, p, depth))
		case subschemaMap[key] && v.Kind == yaml.MappingNode:
			m := emptySchema()
			members(v, func(k string, _, s *yaml.Node) {
				m.SetMembers(append(m.Members(), jsontree.Member{Key: k, KeyOffset: -1, Value: t.schema(file, s, p+"/"+jsontree.EscapeToken(k), depth+1)}))
			})
			out.Set(key, m)
		default:
			out.Set(key, value(v))
		}
	})
	if is30 {
		exclusiveBound(out, n, "minimum", "exclusiveMinimum")
		exclusiveBound(out, n, "maximum", "exclusiveMaximum")
		// "A true value adds null to the allowed values of the type
		// specified by the type keyword, only if type is explicitly
		// defined within the same Schema Object" (3.0.3).
		if scalar(get(n, "nullable")) == "true" {
			if typ := out.Get("type"); typ.Is(jsontree.String) {
				out.Set("type", jsontree.NewArray([]*jsontree.Node{str(typ.Text), str("null")}))
				if enum := out.Get("enum"); enum.Is(jsontree.Array) && !hasNull(enum) {
					enum.SetItems(append(enum.Items(), &jsontree.Node{Kind: jsontree.Null, Offset: -1}))
				}
			} else if typ == nil {
				out = orNull(out)
			}
		}
	}
	out = binaryString(out)
	t.dropOneSided(out)
	t.comp.origins[out] = origin{file: t.spec.display(file), line: n.Line, column: n.Column}
	return out
}

// annotationKeys describe a value without constraining it.
var annotationKeys = map[string]bool{"description": true, "title": true, "examples": true, "default": true, "deprecated": true, "readOnly": true, "writeOnly": true, "$comment": true}

// orNull is a 3.0 schema with nullable: true and no type (GitHub's
// {nullable: true, allOf: [{$ref: milestone}]}, 135 times in its REST
// description) as its author meant it: the schema's values, or null.
// 3.0.3 says nullable has no effect without a type beside it, so a strict
// reading forbids null; but then issues/update could not clear a milestone,
// which the same spec documents as "pass null", and no author writes
// nullable: true meaning nothing. The constraints move into one anyOf
// branch beside {type: null}; the annotations stay where they are.
func orNull(out *jsontree.Node) *jsontree.Node {
	constraints := emptySchema()
	wrapped := emptySchema()
	for _, m := range out.Members() {
		if annotationKeys[m.Key] {
			wrapped.SetMembers(append(wrapped.Members(), m))
		} else {
			constraints.SetMembers(append(constraints.Members(), m))
		}
	}
	if len(constraints.Members()) == 0 {
		// No constraint: null is allowed already.
		return out
	}
	null := emptySchema()
	null.Set("type", str("null"))
	wrapped.Set("anyOf", jsontree.NewArray([]*jsontree.Node{constraints, null}))
	return wrapped
}

func hasNull(enum *jsontree.Node) bool {
	for _, it := range enum.Items() {
		if it.Is(jsontree.Null) {
			return true
		}
	}
	return false
}

// binaryString is a string of bytes (format: binary, which 2020-12 does not
// know) as JSON carries bytes: base64, with the media type unknown unless
// the schema says it.
func binaryString(out *jsontree.Node) *jsontree.Node {
	if !out.Get("format").IsString("binary") {
		return out
	}
	out.Delete("format")
	if out.Get("contentEncoding") == nil {
		out.Set("contentEncoding", str("base64"))
	}
	if out.Get("contentMediaType") == nil {
		out.Set("contentMediaType", str("application/octet-stream"))
	}
	return out
}

// exclusiveBound turns 3.0's {minimum: 5, exclusiveMinimum: true} into
// 2020-12's {exclusiveMinimum: 5}; exclusiveMinimum: false is the default.
func exclusiveBound(out *jsontree.Node, n *yaml.Node, bound, exclusive string) {
	if scalar(get(n, exclusive)) != "true" {
		return
	}
	if v := out.Get(bound); v != nil {
		out.Delete(bound)
		out.Set(exclusive, v)
	}
}

// dropOneSided leaves out of an object the properties that only the other
// side of the API sees, and takes them out of required.
func (t *translator) dropOneSided(out *jsontree.Node) {
	props := out.Get("properties")
	if !props.Is(jsontree.Object) {
		return
	}
	hidden := "readOnly"
	if t.dir == fromAPI {
		hidden = "writeOnly"
	}
	var dropped []string
	kept := props.Members()[:0]
	for _, m := range props.Members() {
		if flag := m.Value.Get(hidden); flag.Is(jsontree.Bool) && flag.Bool {
			dropped = append(dropped, m.Key)
			continue
		}
		kept = append(kept, m)
	}
	props.SetMembers(kept)
	if len(dropped) == 0 {
		return
	}
	if req := out.Get("required"); req.Is(jsontree.Array) {
		items := req.Items()[:0]
		for _, it := range req.Items() {
			if !(it.Is(jsontree.String) && contains(dropped, it.Text)) {
				items = append(items, it)
			}
		}
		req.SetItems(items)
		if len(items) == 0 {
			out.Delete("required")
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func (t *translator) properties(file string, v *yaml.Node, pointer string, depth int) *jsontree.Node {
	m := emptySchema()
	members(v, func(k string, _, s *yaml.Node) {
		m.SetMembers(append(m.Members(), jsontree.Member{Key: k, KeyOffset: -1, Value: t.schema(file, s, pointer+"/"+jsontree.EscapeToken(k), depth+1)}))
	})
	return m
}

func (t *translator) list(file string, v *yaml.Node, pointer string, depth int) *jsontree.Node {
	arr := &jsontree.Node{Kind: jsontree.Array, Offset: -1}
	for i, s := range v.Content {
		arr.SetItems(append(arr.Items(), t.schema(file, s, pointer+"/"+strconv.Itoa(i), depth+1)))
	}
	return arr
}

func str(s string) *jsontree.Node { return &jsontree.Node{Kind: jsontree.String, Text: s, Offset: -1} }

// value converts plain YAML data (enum values, defaults, examples) to JSON.
func value(n *yaml.Node) *jsontree.Node {
	return valueAt(n, 0)
}

func valueAt(n *yaml.Node, depth int) *jsontree.Node {
	n = deAlias(n)
	if n == nil || depth > maxSchemaDepth {
		return &jsontree.Node{Kind: jsontree.Null, Offset: -1}
	}
	switch n.Kind {
	case yaml.MappingNode:
		out := emptySchema()
		members(n, func(k string, _, v *yaml.Node) {
			out.SetMembers(append(out.Members(), jsontree.Member{Key: k, KeyOffset: -1, Value: valueAt(v, depth+1)}))
		})
		return out
	case yaml.SequenceNode:
		out := &jsontree.Node{Kind: jsontree.Array, Offset: -1}
		for _, it := range n.Content {
			out.SetItems(append(out.Items(), valueAt(it, depth+1)))
		}
		return out
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return &jsontree.Node{Kind: jsontree.Null, Offset: -1}
		case "!!bool":
			return &jsontree.Node{Kind: jsontree.Bool, Bool: n.Value == "true" || n.Value == "True" || n.Value == "TRUE", Offset: -1}
		case "!!int", "!!float":
			if lit, ok := jsonNumber(n.Value); ok {
				return &jsontree.Node{Kind: jsontree.Number, Text: lit, Offset: -1}
			}
		}
		return str(n.Value)
	}
	return &jsontree.Node{Kind: jsontree.Null, Offset: -1}
}

// jsonNumber keeps a number's literal when JSON can write it as is, and
// rewrites YAML's other spellings (0x1F, 1_000, +5); .inf and .nan have no
// JSON form.
func jsonNumber(lit string) (string, bool) {
	if n, err := jsontree.Parse([]byte(lit)); err == nil && n.Kind == jsontree.Number {
		return lit, true
	}
	clean := strings.ReplaceAll(strings.TrimPrefix(lit, "+"), "_", "")
	if i, err := strconv.ParseInt(clean, 0, 64); err == nil {
		return strconv.FormatInt(i, 10), true
	}
	if f, err := strconv.ParseFloat(clean, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64), true
	}
	return "", false
}
