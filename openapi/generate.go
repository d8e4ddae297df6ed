package openapi

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/pb33f/go-yaml"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Options choose the operations and shape the tools.
type Options struct {
	// Service namespaces $defs names and bounds tool-name length; the
	// spec's title when empty.
	Service string
	// Operations, Tags and Paths choose operations (any match); none
	// chooses all.
	Operations, Tags, Paths []string
	// Headers names the header and cookie parameters a tool takes; the
	// others (API keys, versions) are the server's business.
	Headers []string
}

// Tool is one generated tool and the operation it calls.
type Tool struct {
	Name      string
	Operation *Operation
	// Node is the tool object: name, description, inputSchema,
	// outputSchema (when the operation answers JSON), annotations.
	Node    *jsontree.Node
	origins map[*jsontree.Node]origin
	// opFile names the file holding the operation, as messages do.
	opFile string
}

// Place moves a finding about the tool to where the spec writes what it
// points at: the nearest schema object on its pointer, else the operation.
// The tool exists only in memory; its spec is what a person edits.
func (t Tool) Place(f *contract.Finding) {
	pointer := f.Pointer
	for {
		if n, ok := t.Node.Lookup(pointer); ok {
			if o, ok := t.origins[n]; ok {
				f.File, f.Line, f.Column = o.file, o.line, o.column
				return
			}
		}
		i := strings.LastIndexByte(pointer, '/')
		if i < 0 {
			break
		}
		pointer = pointer[:i]
	}
	f.File, f.Line, f.Column = t.opFile, t.Operation.Line, t.Operation.Column
}

// Note is something the generator left out, and why.
type Note struct {
	Operation *Operation
	Msg       string
}

// Generate builds one tool per chosen operation.
func Generate(s *Spec, opts Options) ([]Tool, []Note, error) {
	ops, err := s.Operations()
	if err != nil {
		return nil, nil, err
	}
	service := ServiceName(opts.Service, s.Title)
	names := newNamer(service)
	comp := newComponents(service)
	var tools []Tool
	var notes []Note
	// The tools are bounded by the spec's node budget too: each tool
	// carries every $defs entry it reaches, so a spec well within it can
	// still write one component once per operation.
	nodesLeft := MaxNodes
	for _, op := range ops {
		if !op.Select(opts.Operations, opts.Tags, opts.Paths) {
			continue
		}
		b := builder{spec: s, op: op, comp: comp, headers: opts.Headers}
		node, skip := b.tool(names.name(op))
		if b.err != nil {
			return nil, nil, b.err
		}
		notes = append(notes, b.notes...)
		if !skip {
			if nodesLeft -= jsonNodes(node, nodesLeft); nodesLeft < 0 {
				return nil, nil, at(s.display(op.file), op.node, "", fmt.Sprintf("the tools generated up to %s %s pass %d JSON nodes, the node budget of a spec: generate fewer (--operation, --tag, --path)", op.Method, op.Path, MaxNodes))
			}
			tools = append(tools, Tool{Name: node.Get("name").Text, Operation: op, Node: node, origins: comp.origins, opFile: s.display(op.file)})
		}
	}
	return tools, notes, nil
}

// ServiceName is the namespace of a spec's $defs: the name given, else the
// spec's title, lower-cased to letters, digits and '_'.
func ServiceName(given, title string) string {
	name := given
	if name == "" {
		name = title
	}
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	out := strings.Trim(b.String(), "_")
	if out == "" {
		return "api"
	}
	if len(out) > 24 {
		out = strings.TrimRight(out[:24], "_")
	}
	return out
}

type builder struct {
	spec    *Spec
	op      *Operation
	comp    *components
	headers []string
	// layout, when not bodyAuto, puts the JSON body where a tool being
	// compared with the operation has it.
	layout bodyLayout
	notes  []Note
	err    error
}

type bodyLayout int

const (
	bodyAuto bodyLayout = iota
	// bodyNested keeps the body under "body" even when it could be flattened.
	bodyNested
	// bodyFlat puts an object body's properties beside the parameters even
	// when that loses a constraint (a parameter's name wins a clash), as
	// generators such as Notion's do.
	bodyFlat
)

func (b *builder) note(format string, args ...any) {
	b.notes = append(b.notes, Note{Operation: b.op, Msg: fmt.Sprintf(format, args...)})
}

// tool builds the tool object; skip is set when the operation cannot be
// called through a tool (a required body that is not JSON).
func (b *builder) tool(name string) (tool *jsontree.Node, skip bool) {
	in := newTranslator(b.spec, b.comp, toAPI)
	input, skip := b.input(in)
	if skip || in.err != nil {
		b.err = in.err
		return nil, true
	}
	tool = emptySchema()
	tool.Set("name", str(name))
	tool.Set("description", str(b.description()))
	tool.Set("inputSchema", withDefs(input, in.defs()))
	out := newTranslator(b.spec, b.comp, fromAPI)
	if output := b.output(out); output != nil {
		if out.err != nil {
			b.err = out.err
			return nil, true
		}
		tool.Set("outputSchema", withDefs(output, out.defs()))
	}
	if ann := annotations(b.op.Method); ann != nil {
		tool.Set("annotations", ann)
	}
	return tool, false
}

func withDefs(schema *jsontree.Node, defs []*component) *jsontree.Node {
	if len(defs) == 0 {
		return schema
	}
	sort.SliceStable(defs, func(i, j int) bool { return defs[i].name < defs[j].name })
	all := schema.Get("$defs")
	if !all.Is(jsontree.Object) {
		all = emptySchema()
	}
	for _, d := range defs {
		all.Members = append(all.Members, jsontree.Member{Key: d.name, KeyOffset: -1, Value: d.schema})
	}
	schema.Set("$defs", all)
	return schema
}

func (b *builder) description() string {
	var parts []string
	for _, p := range []string{b.op.Summary, b.op.Description} {
		p = strings.TrimSpace(p)
		if p != "" && (len(parts) == 0 || parts[0] != p) {
			parts = append(parts, p)
		}
	}
	parts = append(parts, b.op.Method+" "+b.op.Path)
	if b.op.Deprecated {
		parts = append(parts, "Deprecated.")
	}
	return strings.Join(parts, "\n\n")
}

// annotations are what the HTTP method promises (RFC 9110 §9.2): GET and
// HEAD change nothing, PUT may be repeated, DELETE destroys.
func annotations(method string) *jsontree.Node {
	var key string
	switch method {
	case "GET", "HEAD":
		key = "readOnlyHint"
	case "PUT":
		key = "idempotentHint"
	case "DELETE":
		key = "destructiveHint"
	default:
		return nil
	}
	return &jsontree.Node{Kind: jsontree.Object, Offset: -1, Members: []jsontree.Member{
		{Key: key, KeyOffset: -1, Value: &jsontree.Node{Kind: jsontree.Bool, Bool: true, Offset: -1}},
	}}
}

// input is one object: the path and query parameters (and the headers the
// options name), then the JSON body's properties, flattened when that
// keeps its meaning, else the body under "body".
func (b *builder) input(t *translator) (*jsontree.Node, bool) {
	props := emptySchema()
	var required []string
	for _, p := range b.op.parameters {
		name, in := scalar(get(p.node, "name")), scalar(get(p.node, "in"))
		if name == "" {
			t.fail(p.file, p.node, p.pointer, "a parameter without a name (or an unresolvable $ref)")
			return nil, true
		}
		if (in == "header" || in == "cookie") && !b.wantsHeader(name) {
			continue
		}
		schema := b.parameterSchema(t, p)
		if props.Get(name) != nil {
			b.note("%s parameter %q has the name of another parameter; the first is kept", in, name)
			continue
		}
		props.Members = append(props.Members, jsontree.Member{Key: name, KeyOffset: -1, Value: schema})
		if in == "path" || scalar(get(p.node, "required")) == "true" {
			required = append(required, name)
		}
	}
	if skip := b.body(t, props, &required); skip {
		return nil, true
	}
	root := &jsontree.Node{Kind: jsontree.Object, Offset: -1}
	root.Set("type", str("object"))
	root.Set("properties", props)
	if len(required) > 0 {
		root.Set("required", strs(required))
	}
	// The tool sends exactly the declared parameters; a key it does not
	// know has nowhere to go in the request.
	root.Set("additionalProperties", &jsontree.Node{Kind: jsontree.Bool, Offset: -1})
	return root, false
}

func (b *builder) wantsHeader(name string) bool {
	for _, h := range b.headers {
		if strings.EqualFold(h, name) {
			return true
		}
	}
	return false
}

// parameterSchema is the parameter's schema (or its one content type's
// schema), with the parameter's description and deprecation on it.
func (b *builder) parameterSchema(t *translator, p located) *jsontree.Node {
	schemaNode, pointer := get(p.node, "schema"), p.pointer+"/schema"
	if schemaNode == nil {
		members(get(p.node, "content"), func(mt string, _, media *yaml.Node) {
			if schemaNode == nil {
				schemaNode, pointer = get(media, "schema"), p.pointer+"/content/"+jsontree.EscapeToken(mt)+"/schema"
			}
		})
	}
	schema := t.schema(p.file, schemaNode, pointer, 0)
	if d := strings.TrimSpace(scalar(get(p.node, "description"))); d != "" && schema.Get("description") == nil {
		schema.Set("description", str(d))
		// The text a reader sees is the parameter's, so that is where
		// a finding about it belongs.
		t.comp.origins[schema] = origin{file: t.spec.display(p.file), line: p.node.Line, column: p.node.Column}
	}
	if scalar(get(p.node, "deprecated")) == "true" {
		schema.Set("deprecated", &jsontree.Node{Kind: jsontree.Bool, Bool: true, Offset: -1})
	}
	return schema
}

// jsonMedia picks the JSON media type of a content map: application/json,
// else the first +json type.
func jsonMedia(content *yaml.Node) (string, *yaml.Node) {
	var name string
	var found *yaml.Node
	members(content, func(mt string, _, media *yaml.Node) {
		base := strings.ToLower(strings.TrimSpace(strings.SplitN(mt, ";", 2)[0]))
		if base == "application/json" && (found == nil || name != "application/json") {
			name, found = "application/json", media
		} else if found == nil && strings.HasSuffix(base, "+json") {
			name, found = mt, media
		}
	})
	return name, found
}

func (b *builder) body(t *translator, props *jsontree.Node, required *[]string) (skip bool) {
	rb, file, pointer := get(b.op.node, "requestBody"), b.op.file, b.op.Pointer+"/requestBody"
	if rb == nil {
		return false
	}
	if ref := scalar(get(rb, "$ref")); ref != "" {
		target, tfile, err := b.spec.resolve(file, ref)
		if err != nil {
			t.fail(file, get(rb, "$ref"), pointer, err.Error())
			return true
		}
		rb, file, pointer = target, tfile, refPointer(ref)
	}
	bodyRequired := scalar(get(rb, "required")) == "true"
	mt, media := jsonMedia(get(rb, "content"))
	if media == nil {
		var types []string
		members(get(rb, "content"), func(k string, _, _ *yaml.Node) { types = append(types, k) })
		if bodyRequired {
			b.note("left out: its required body is %s, not JSON", strings.Join(types, ", "))
			return true
		}
		b.note("its optional %s body is left out: only JSON bodies become arguments", strings.Join(types, ", "))
		return false
	}
	schema := t.inline(file, get(media, "schema"), pointer+"/content/"+jsontree.EscapeToken(mt)+"/schema")
	flat := b.layout == bodyAuto && flattenable(schema, props, bodyRequired) ||
		b.layout == bodyFlat && schema.Get("properties").Is(jsontree.Object)
	if flat {
		for _, m := range schema.Get("properties").Members {
			if props.Get(m.Key) == nil {
				props.Members = append(props.Members, m)
			}
		}
		if bodyRequired {
			*required = append(*required, schema.Get("required").Strings()...)
		}
		return false
	}
	if props.Get("body") != nil {
		b.note("its body is left out: a parameter is already named \"body\"")
		return false
	}
	props.Members = append(props.Members, jsontree.Member{Key: "body", KeyOffset: -1, Value: schema})
	if bodyRequired {
		*required = append(*required, "body")
	}
	return false
}

// flattenable: the body's properties can sit beside the parameters when the
// body is a plain object whose every constraint is its properties and
// required list, no property shares a parameter's name, and (for an
// optional body) nothing in it is required, since "all or none" has no flat
// form.
func flattenable(body, params *jsontree.Node, bodyRequired bool) bool {
	if !body.Is(jsontree.Object) || !body.Get("properties").Is(jsontree.Object) {
		return false
	}
	if typ := body.Get("type"); typ != nil && !typ.IsString("object") {
		return false
	}
	for _, m := range body.Members {
		switch m.Key {
		case "type", "properties", "required", "description", "title", "additionalProperties", "examples":
		default:
			return false
		}
	}
	if ap := body.Get("additionalProperties"); ap != nil && !(ap.Is(jsontree.Bool) && !ap.Bool) {
		return false
	}
	if !bodyRequired && len(body.Get("required").Strings()) > 0 {
		return false
	}
	for _, m := range body.Get("properties").Members {
		if params.Get(m.Key) != nil {
			return false
		}
	}
	return true
}

// output is the schema of the first 2xx JSON response (200 before 201 …
// before 2XX before default), with an object root as MCP requires: any
// other root is wrapped as {"result": …}.
func (b *builder) output(t *translator) *jsontree.Node {
	responses := get(b.op.node, "responses")
	var codes []string
	members(responses, func(code string, _, _ *yaml.Node) {
		if len(code) == 3 && code[0] == '2' {
			codes = append(codes, code)
		}
	})
	sort.Slice(codes, func(i, j int) bool { return strings.ToUpper(codes[i]) < strings.ToUpper(codes[j]) })
	for _, code := range codes {
		resp, file, pointer := get(responses, code), b.op.file, b.op.Pointer+"/responses/"+code
		if ref := scalar(get(resp, "$ref")); ref != "" {
			target, tfile, err := b.spec.resolve(file, ref)
			if err != nil {
				t.fail(file, get(resp, "$ref"), pointer, err.Error())
				return nil
			}
			resp, file, pointer = target, tfile, refPointer(ref)
		}
		mt, media := jsonMedia(get(resp, "content"))
		if media == nil || get(media, "schema") == nil {
			continue
		}
		schema := t.inline(file, get(media, "schema"), pointer+"/content/"+jsontree.EscapeToken(mt)+"/schema")
		if isObjectRoot(schema) {
			return schema
		}
		wrapped := &jsontree.Node{Kind: jsontree.Object, Offset: -1}
		wrapped.Set("type", str("object"))
		wrapped.Set("properties", &jsontree.Node{Kind: jsontree.Object, Offset: -1, Members: []jsontree.Member{{Key: "result", KeyOffset: -1, Value: schema}}})
		wrapped.Set("required", strs([]string{"result"}))
		return wrapped
	}
	return nil
}

func isObjectRoot(s *jsontree.Node) bool {
	if !s.Is(jsontree.Object) {
		return false
	}
	typ := s.Get("type")
	return typ.IsString("object") || typ == nil && s.Get("properties") != nil && s.Get("$ref") == nil
}

func strs(list []string) *jsontree.Node {
	arr := &jsontree.Node{Kind: jsontree.Array, Offset: -1}
	for _, s := range list {
		arr.Items = append(arr.Items, str(s))
	}
	return arr
}

// namer gives each operation a tool name that every provider accepts under
// every prefix a client adds (mcp__{server}__{tool} is the longest, and
// Gemini's 63 characters the shortest limit), unique within the spec.
type namer struct {
	max  int
	used map[string]bool
}

// longestPrefix is mcp__ and __ around the server name.
const longestPrefix = len("mcp__") + len("__")

func newNamer(service string) *namer {
	max := 63 - longestPrefix - len(service)
	if max < 24 {
		max = 24
	}
	return &namer{max: max, used: map[string]bool{}}
}

func (n *namer) name(op *Operation) string {
	base := op.ID
	if base == "" {
		base = strings.ToLower(op.Method) + "_" + op.Path
	}
	name := toolName(base)
	if len(name) > n.max {
		sum := sha256.Sum256([]byte(base))
		name = strings.TrimRight(name[:n.max-7], "_-") + "_" + hex.EncodeToString(sum[:])[:6]
	}
	unique := name
	for i := 2; n.used[unique]; i++ {
		suffix := "_" + strconv.Itoa(i)
		if len(name)+len(suffix) > n.max {
			unique = name[:n.max-len(suffix)] + suffix
		} else {
			unique = name + suffix
		}
	}
	n.used[unique] = true
	return unique
}

// toolName keeps letters, digits, '_' and '-', turns every other run into
// one '_', and starts with a letter (Gemini wants a letter or '_').
func toolName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_'):
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	out := strings.Trim(b.String(), "_-")
	if out == "" || !unicode.IsLetter(rune(out[0])) {
		out = "op_" + out
	}
	return out
}
