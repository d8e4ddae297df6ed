package openapi

import (
	"fmt"
	"sort"
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
	// Describe is DescribeLean (the default) or DescribeFull.
	Describe string
	// OutputSchema adds each operation's 2xx JSON response as the tool's
	// outputSchema; off by default, as it is most of a list's tokens and
	// a model reads the result, not its schema.
	OutputSchema bool
}

// Description styles. Lean is the summary alone (else the description's
// first sentence), which is what a model picks a tool by; full is summary,
// description and METHOD /path.
const (
	DescribeLean = "lean"
	DescribeFull = "full"
)

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

// Generate builds one tool per chosen operation; the findings say what of
// an operation its tool cannot carry (openapi/operation-not-expressible),
// each on the spec's line.
func Generate(s *Spec, opts Options) ([]Tool, []contract.Finding, error) {
	switch opts.Describe {
	case "", DescribeLean, DescribeFull:
	default:
		return nil, nil, contract.Inputf("describe must be %s or %s, not %q", DescribeLean, DescribeFull, opts.Describe)
	}
	ops, err := s.Operations()
	if err != nil {
		return nil, nil, err
	}
	service := ServiceName(opts.Service, s.Title)
	// Names are given over every operation, so a tool's name does not
	// depend on which others were chosen, and the binding finds it.
	names := toolNames(service, ops)
	comp := newComponents(service)
	var tools []Tool
	var found []contract.Finding
	// The tools are bounded by the spec's node budget too: each tool
	// carries every $defs entry it reaches, so a spec well within it can
	// still write one component once per operation.
	nodesLeft := MaxNodes
	for i, op := range ops {
		if !op.Select(opts.Operations, opts.Tags, opts.Paths) {
			continue
		}
		b := builder{spec: s, op: op, comp: comp, headers: opts.Headers, server: service, name: names[i], full: opts.Describe == DescribeFull, withOutput: opts.OutputSchema}
		node := b.tool()
		if b.err != nil {
			return nil, nil, b.err
		}
		found = append(found, b.findings...)
		if nodesLeft -= jsonNodes(node, nodesLeft); nodesLeft < 0 {
			return nil, nil, at(s.display(op.file), op.node, "", fmt.Sprintf("the tools generated up to %s %s pass %d JSON nodes, the node budget of a spec: generate fewer (--operation, --tag, --path)", op.Method, op.Path, MaxNodes))
		}
		tools = append(tools, Tool{Name: names[i], Operation: op, Node: node, origins: comp.origins, opFile: s.display(op.file)})
	}
	return tools, found, nil
}

// ServiceName is the namespace of a spec's $defs and the server its tool
// names are sized for: the name given, else the words of the spec's title
// that name something, at most two, up to a possessive, a version, a
// punctuation mark or a word that says what kind of document it is
// ("GitHub's official OpenAPI spec" is github, "Swagger Petstore - OpenAPI
// 3.0" petstore, "Pet Store" pet_store), lower-cased to letters, digits
// and '_'.
func ServiceName(given, title string) string {
	if given != "" {
		return identifier(given)
	}
	var words []string
	for _, w := range strings.Fields(title) {
		stop := strings.ContainsAny(w, "-:,()/|")
		w = strings.TrimRight(w, "-:,()/|")
		possessive := strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "\u2019s")
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "\u2019s")
		id := identifier(w)
		generic := id == "api" || genericTitleWords[id] || unicode.IsDigit(rune(id[0])) || id[0] == 'v' && len(id) > 1 && unicode.IsDigit(rune(id[1]))
		if generic {
			if len(words) > 0 {
				break
			}
			continue
		}
		words = append(words, id)
		if possessive || stop || len(words) == 2 {
			break
		}
	}
	if len(words) == 0 {
		return identifier(title)
	}
	return identifier(strings.Join(words, "_"))
}

// genericTitleWords say what kind of document a title belongs to, not whose.
var genericTitleWords = map[string]bool{"the": true, "a": true, "an": true, "swagger": true, "openapi": true, "open": true, "official": true, "rest": true, "restful": true, "http": true, "web": true, "public": true, "spec": true, "specification": true, "service": true, "definition": true, "my": true, "sample": true, "example": true, "version": true, "documentation": true}

func identifier(name string) string {
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
	// server and name are the tool's, for its findings.
	server, name string
	// full writes today's long description; withOutput the outputSchema.
	full, withOutput bool
	// layout, when not bodyAuto, puts the body where a tool being compared
	// with the operation has it, under bodyKey when nested.
	layout   bodyLayout
	bodyKey  string
	findings []contract.Finding
	err      error
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

// notExpressible records a part of the operation its tool cannot carry,
// at the node of the spec that declares it.
func (b *builder) notExpressible(file string, n *yaml.Node, format string, args ...any) {
	f := operationNotExpressible.finding(b.server, b.name, fmt.Sprintf("%s %s: ", b.op.Method, b.op.Path)+fmt.Sprintf(format, args...))
	f.File, f.Line, f.Column = b.spec.display(file), b.op.Line, b.op.Column
	if n != nil && n.Line > 0 {
		f.Line, f.Column = n.Line, n.Column
	}
	b.findings = append(b.findings, f)
}

// tool builds the tool object; nil only with b.err set.
func (b *builder) tool() *jsontree.Node {
	in := newTranslator(b.spec, b.comp, toAPI)
	input := b.input(in)
	if in.err != nil {
		b.err = in.err
		return nil
	}
	tool := emptySchema()
	tool.Set("name", str(b.name))
	tool.Set("description", str(b.description()))
	tool.Set("inputSchema", withDefs(input, in.defs()))
	if b.withOutput {
		out := newTranslator(b.spec, b.comp, fromAPI)
		if output := b.output(out); output != nil {
			if out.err != nil {
				b.err = out.err
				return nil
			}
			tool.Set("outputSchema", withDefs(output, out.defs()))
		}
	}
	if ann := annotations(b.op.Method); ann != nil {
		tool.Set("annotations", ann)
	}
	return tool
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
		all.SetMembers(append(all.Members(), jsontree.Member{Key: d.name, KeyOffset: -1, Value: d.schema}))
	}
	schema.Set("$defs", all)
	return schema
}

func (b *builder) description() string {
	if !b.full {
		text := strings.TrimSpace(b.op.Summary)
		if text == "" {
			text = firstSentence(b.op.Description)
		}
		if text == "" {
			text = b.op.Method + " " + b.op.Path
		}
		if b.op.Deprecated {
			text += " Deprecated."
		}
		return text
	}
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

// firstSentence is the text up to its first full stop followed by a space
// or a line break, else its first line.
func firstSentence(text string) string {
	text = strings.TrimSpace(text)
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = strings.TrimSpace(text[:i])
	}
	if i := strings.Index(text, ". "); i >= 0 {
		text = text[:i+1]
	}
	return text
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
	return jsontree.NewObject([]jsontree.Member{
		{Key: key, KeyOffset: -1, Value: &jsontree.Node{Kind: jsontree.Bool, Bool: true, Offset: -1}},
	})
}

// input is one object: the path and query parameters (and the headers the
// options name), then the JSON body's properties, flattened when that
// keeps its meaning, else the body under "body".
func (b *builder) input(t *translator) *jsontree.Node {
	props := emptySchema()
	var required []string
	for _, p := range b.op.parameters {
		name, in := scalar(get(p.node, "name")), scalar(get(p.node, "in"))
		if name == "" {
			t.fail(p.file, p.node, p.pointer, "a parameter without a name (or an unresolvable $ref)")
			return nil
		}
		if in == "header" || in == "cookie" {
			arg, ok := b.headerArgument(name)
			if !ok {
				continue
			}
			name = arg
		}
		schema := b.parameterSchema(t, p)
		if props.Get(name) != nil {
			b.notExpressible(p.file, p.node, "%s parameter %q is left out: another parameter has its name, and an argument can bind to only one", in, name)
			continue
		}
		props.SetMembers(append(props.Members(), jsontree.Member{Key: name, KeyOffset: -1, Value: schema}))
		if in == "path" || scalar(get(p.node, "required")) == "true" {
			required = append(required, name)
		}
	}
	if skip := b.body(t, props, &required); skip {
		return nil
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
	return root
}

// headerArgument is the argument a header or cookie parameter becomes, if
// any: HTTP header names are case-insensitive, so Notion-Version binds an
// argument notion-version, under the argument's own spelling.
func (b *builder) headerArgument(name string) (string, bool) {
	for _, h := range b.headers {
		if strings.EqualFold(h, name) {
			return h, true
		}
	}
	return "", false
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

// bodyKind is how a media type's body becomes arguments.
type bodyKind int

const (
	jsonBody bodyKind = iota
	formBody
	multipartBody
	textBody
	bytesBody
)

// bodyMedia picks the media type a tool sends: JSON first, as a model
// writes it most faithfully, then a form, multipart, text, and last any
// other type as bytes.
func bodyMedia(content *yaml.Node) (string, *yaml.Node, bodyKind) {
	var name string
	var found *yaml.Node
	best, exact := bytesBody+1, false
	members(content, func(mt string, _, media *yaml.Node) {
		base := strings.ToLower(strings.TrimSpace(strings.SplitN(mt, ";", 2)[0]))
		kind := bytesBody
		switch {
		case base == "application/json" || strings.HasSuffix(base, "+json"):
			kind = jsonBody
		case base == "application/x-www-form-urlencoded":
			kind = formBody
		case base == "multipart/form-data" || base == "multipart/mixed":
			kind = multipartBody
		case strings.HasPrefix(base, "text/") || base == "application/xml" || strings.HasSuffix(base, "+xml"):
			kind = textBody
		}
		if kind < best || kind == jsonBody && best == jsonBody && !exact && base == "application/json" {
			name, found, best, exact = mt, media, kind, base == "application/json"
		}
	})
	return name, found, best
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
	mt, media, kind := bodyMedia(get(rb, "content"))
	if media == nil {
		b.notExpressible(file, rb, "its request body has no content, so the tool sends none")
		return false
	}
	schema := b.bodySchema(t, file, media, mt, kind, pointer+"/content/"+jsontree.EscapeToken(mt)+"/schema")
	flat := b.layout == bodyAuto && flattenable(schema, props, bodyRequired) ||
		b.layout == bodyFlat && schema.Get("properties").Is(jsontree.Object)
	if flat {
		for _, m := range schema.Get("properties").Members() {
			if props.Get(m.Key) == nil {
				props.SetMembers(append(props.Members(), m))
			}
		}
		if bodyRequired {
			*required = append(*required, schema.Get("required").Strings()...)
		}
		return false
	}
	key := b.bodyKey
	if key == "" {
		key = "body"
		if props.Get(key) != nil {
			key = "requestBody"
		}
	}
	if props.Get(key) != nil {
		b.notExpressible(file, rb, "its %s body is left out: parameters already take the names \"body\" and \"requestBody\"", mt)
		return false
	}
	props.SetMembers(append(props.Members(), jsontree.Member{Key: key, KeyOffset: -1, Value: schema}))
	if bodyRequired {
		*required = append(*required, key)
	}
	return false
}

// bodySchema is the schema of the arguments one body becomes. Text is one
// string and any other non-JSON, non-form body one base64 string, as JSON
// can carry bytes no other way; a multipart part that is a file is a
// base64 string with its part's content type.
func (b *builder) bodySchema(t *translator, file string, media *yaml.Node, mt string, kind bodyKind, pointer string) *jsontree.Node {
	schemaNode := get(media, "schema")
	base := strings.TrimSpace(strings.SplitN(mt, ";", 2)[0])
	switch kind {
	case textBody:
		schema := emptySchema()
		if schemaNode != nil {
			schema = t.inline(file, schemaNode, pointer)
		}
		if schema.Get("type") == nil && schema.Get("$ref") == nil {
			schema.Set("type", str("string"))
		}
		if schema.Get("type").IsString("string") && schema.Get("contentMediaType") == nil {
			schema.Set("contentMediaType", str(base))
		}
		return schema
	case bytesBody:
		schema := emptySchema()
		schema.Set("type", str("string"))
		schema.Set("contentEncoding", str("base64"))
		if !strings.Contains(base, "*") {
			schema.Set("contentMediaType", str(base))
		}
		if d := strings.TrimSpace(scalar(get(schemaNode, "description"))); d != "" {
			schema.Set("description", str(d))
		}
		return schema
	}
	schema := t.inline(file, schemaNode, pointer)
	if kind == multipartBody {
		encoding := get(media, "encoding")
		for _, m := range schema.Get("properties").Members() {
			filePart(m.Value, scalar(get(get(encoding, m.Key), "contentType")))
			filePart(m.Value.Get("items"), scalar(get(get(encoding, m.Key), "contentType")))
		}
	}
	return schema
}

// filePart makes a multipart part that carries a file (3.0's format:
// binary, 3.1's contentMediaType) a base64 string with the part's content
// type, which the encoding map may name.
func filePart(s *jsontree.Node, contentType string) {
	if !s.Is(jsontree.Object) || s.Get("contentMediaType") == nil || !s.Get("type").IsString("string") {
		return
	}
	if s.Get("contentEncoding") == nil {
		s.Set("contentEncoding", str("base64"))
	}
	if ct := strings.TrimSpace(strings.SplitN(contentType, ",", 2)[0]); ct != "" && !strings.Contains(ct, "*") {
		s.Set("contentMediaType", str(ct))
	}
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
	for _, m := range body.Members() {
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
	for _, m := range body.Get("properties").Members() {
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
		wrapped.Set("properties", jsontree.NewObject([]jsontree.Member{{Key: "result", KeyOffset: -1, Value: schema}}))
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
		arr.SetItems(append(arr.Items(), str(s)))
	}
	return arr
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
