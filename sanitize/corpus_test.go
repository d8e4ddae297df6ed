package sanitize

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/source"
)

func corpusFiles(t *testing.T) []string {
	var files []string
	for _, pattern := range []string{"../testdata/corpus/servers/*.json", "../testdata/corpus/drift/*/*.json", "../examples/banking/*.json"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 18 {
		t.Fatalf("only %d corpus files found", len(files))
	}
	return files
}

// bankingCalls are the accepted calls of examples/banking/README.md.
var bankingCalls = []string{
	`{"transfer_type":"internal","source_account":"ACC1001","destination_account":"ACC2002","amount":12500,"compliance_approval_code":"CMP-DEMO-2026"}`,
}

// For every corpus tool and every profile: (a) the output is the same bytes
// every time and the input is left alone; (b) linting the output with that
// profile alone finds no error of that profile; (c) a valid call stays valid
// (for openai-strict, in the form strict mode makes the model send: omitted
// optional properties as null).
func TestCorpusProperties(t *testing.T) {
	// Over the server captures and the banking example (not the drift cases
	// nor the step fixtures, which are checked too): changes, losses, tools
	// touched, tools with a loss, and tools the profile rejected before.
	type tally struct{ changes, lost, tools, lossyTools, rejected int }
	counts := map[string]tally{}
	rejectedBefore := map[string]int{}
	checked, skipped := 0, 0
	catalogs := []*contract.Catalog{fixtureCatalog(t)}
	for _, file := range corpusFiles(t) {
		c, err := source.LoadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		catalogs = append(catalogs, c)
	}
	for _, c := range catalogs {
		file := strings.TrimPrefix(c.Origin, "file:")
		before := encodeTools(c)
		for _, profile := range Profiles() {
			res, err := Catalog(c, profile)
			if err != nil {
				t.Errorf("%s %s: %v", file, profile, err)
				continue
			}
			again, _ := Catalog(c, profile)
			if !bytes.Equal(res.JSON, again.JSON) {
				t.Errorf("%s %s: two runs gave different bytes", file, profile)
			}
			if !bytes.Equal(before, encodeTools(c)) {
				t.Fatalf("%s %s: the input catalog was modified", file, profile)
			}
			if c.Server != "fixtures" && !strings.Contains(file, "/drift/") {
				n := counts[profile]
				changed, lossy := map[string]bool{}, map[string]bool{}
				for _, ch := range res.Changes {
					n.changes++
					changed[ch.Tool] = true
					if ch.Lost {
						n.lost++
						lossy[ch.Tool] = true
					}
				}
				n.tools += len(changed)
				n.lossyTools += len(lossy)
				n.rejected += len(rejectedTools(c, profile))
				counts[profile] = n
			}
			out, err := source.Parse(res.JSON, file+"."+profile, c.Server, "test")
			if err != nil {
				t.Fatalf("%s %s: output does not parse: %v", file, profile, err)
			}
			rejectedBefore[profile] += len(profileErrors(c, profile))
			for _, f := range profileErrors(out, profile) {
				t.Errorf("%s %s: tool %s still breaks %s at %s: %s", filepath.Base(file), profile, f.Tool, f.Rule, f.Pointer, f.Message)
			}
			for i, tool := range c.Tools {
				what := fmt.Sprintf("%s %s %s", filepath.Base(file), profile, tool.Name)
				if strings.HasSuffix(file, "banking/strict.json") {
					for _, call := range bankingCalls {
						checkCall(t, what, tool.Input(), out.Tools[i].Input(), call, true, profile == OpenAIStrict)
						checked++
					}
					continue
				}
				// The required properties only, then every property.
				for _, every := range []bool{false, true} {
					call, ok := minimalCall(tool.Input(), every)
					if ok && checkCall(t, what, tool.Input(), out.Tools[i].Input(), call, false, profile == OpenAIStrict) {
						checked++
					} else {
						skipped++
					}
				}
			}
		}
	}
	var lines []string
	for _, p := range Profiles() {
		n := counts[p]
		lines = append(lines, fmt.Sprintf("%s: %d tools rejected before, none after (%d error findings over every catalog checked); %d tools changed, %d changes; %d tools lost something, %d losses", p, n.rejected, rejectedBefore[p], n.tools, n.changes, n.lossyTools, n.lost))
		if rejectedBefore[p] == 0 {
			t.Errorf("%s: the corpus has no error of this profile before sanitizing, so the lint check above proves nothing", p)
		}
	}
	sort.Strings(lines)
	t.Logf("calls checked: %d, tools without a generated call: %d\n%s", checked, skipped, strings.Join(lines, "\n"))
	// Property (c) is only as strong as the calls replayed: a call generator
	// that broke (no call, or calls the original schema rejects) would leave
	// it proving nothing. The corpus gives 12,528 calls, 4% of attempts
	// without one.
	if checked < minReplayedCalls || checked*10 < (checked+skipped)*9 {
		t.Errorf("only %d calls replayed (%d attempts without a valid call); want at least %d and 90%% of attempts: the call generator is broken", checked, skipped, minReplayedCalls)
	}
}

// minReplayedCalls is the fewest valid calls TestCorpusProperties must
// replay against original and sanitized schemas.
const minReplayedCalls = 12000

// perRequestLimits count across every strict tool of one request (20 tools,
// 24 optional and 16 union-typed parameters in all). Rewriting one schema
// cannot meet them: only sending fewer tools or dropping parameters can, and
// sanitize drops neither. Making optional parameters required and nullable
// (as openai-strict does) would trade the optional limit for the union one.
var perRequestLimits = []string{"anthropic-strict/limit-tools", "anthropic-strict/limit-optional-parameters", "anthropic-strict/limit-union-parameters"}

// serverOnly are refusals no rewrite that keeps every valid call valid can
// meet. Gemini's parameters refuse an object without properties, and a
// free-form object has no properties to declare: turning it into a string
// would change what the server receives. Only the server can describe its
// keys.
var serverOnly = []string{"gemini/object-without-properties"}

// profileErrors lints c with profile alone and returns its error findings.
func profileErrors(c *contract.Catalog, profile string) []contract.Finding {
	var out []contract.Finding
	for _, f := range lint.Run([]*contract.Catalog{c}, lint.Options{Profiles: map[lint.Profile]bool{lint.Profile(profile): true}}) {
		if f.Severity == contract.Error && lint.Lookup(f.Rule).Profile == lint.Profile(profile) && !contains(perRequestLimits, f.Rule) && !contains(serverOnly, f.Rule) {
			out = append(out, f)
		}
	}
	return out
}

// fixtureCatalog holds the fragments of the step tests as tools named after
// their case: together with the corpus they break every profile, names
// included, so the lint half of the property test can fail.
func fixtureCatalog(t *testing.T) *contract.Catalog {
	tools := arr()
	for _, tc := range stepCases {
		tool, err := jsontree.Parse([]byte(`{"name":` + compact(str(tc.name)) + `,"inputSchema":` + tc.in + `}`))
		if err != nil {
			t.Fatal(err)
		}
		tools.SetItems(append(tools.Items(), tool))
	}
	doc := obj()
	doc.Set("tools", tools)
	c, err := source.Parse(jsontree.Encode(doc, jsontree.EncodeOptions{}), "", "fixtures", "fixtures")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func rejectedTools(c *contract.Catalog, profile string) map[string]bool {
	tools := map[string]bool{}
	for _, f := range profileErrors(c, profile) {
		tools[f.Tool] = true
	}
	return tools
}

func encodeTools(c *contract.Catalog) []byte {
	var buf bytes.Buffer
	for _, t := range c.Tools {
		buf.Write(jsontree.Encode(t.Node, jsontree.EncodeOptions{}))
	}
	return buf.Bytes()
}

// checkCall asserts that a call valid against the original schema is valid
// against the sanitized one, and says whether the call was valid to begin
// with. A generated call the original rejects is the generator's limit, not
// a finding; a fixture call the original rejects is a broken test.
func checkCall(t *testing.T, what string, original, sanitized *jsontree.Node, call string, fixture, fillNulls bool) bool {
	t.Helper()
	orig, err := compileCached(original)
	if err != nil {
		// No call is valid against an invalid schema (e.g. "properties": null).
		return false
	}
	inst, _ := schemacheck.DecodeInstance([]byte(call))
	if vs := orig.Validate(inst); vs != nil {
		if fixture {
			t.Errorf("%s: the fixture call %s is not valid against the original: %v", what, call, vs)
		}
		return false
	}
	san, err := compileCached(sanitized)
	if err != nil {
		t.Errorf("%s: sanitized schema does not compile: %v", what, err)
		return true
	}
	if fillNulls {
		inst = withNulls(inst, sanitized, sanitized)
		b, _ := json.Marshal(inst)
		call = string(b)
		inst, _ = schemacheck.DecodeInstance(b)
	}
	if vs := san.Validate(inst); vs != nil {
		t.Errorf("%s: call %s is valid against the original but not the sanitized schema: %v", what, call, vs)
	}
	return true
}

type compiled struct {
	schema *schemacheck.Schema
	err    error
}

// compileCache holds each schema node's compilation: every original is
// checked under eight profiles, with two calls each.
var compileCache = map[*jsontree.Node]compiled{}

func compileCached(n *jsontree.Node) (*schemacheck.Schema, error) {
	c, ok := compileCache[n]
	if !ok {
		c.schema, c.err = schemacheck.Compile(n)
		compileCache[n] = c
	}
	return c.schema, c.err
}

// withNulls sends null for every property the call omits, following the
// sanitized schema (its local $refs and the anyOf branch that has the call's
// properties).
func withNulls(inst any, schema, root *jsontree.Node) any {
	for depth := 0; depth < 32; depth++ {
		ref := schema.Get("$ref")
		if !ref.Is(jsontree.String) {
			break
		}
		target, ok := root.Lookup(strings.TrimPrefix(ref.Text, "#"))
		if !ok {
			return inst
		}
		schema = target
	}
	switch v := inst.(type) {
	case map[string]any:
		props := schema.Get("properties")
		if !props.Is(jsontree.Object) {
			branches := schema.Get("anyOf")
			if !branches.Is(jsontree.Array) {
				return inst
			}
			for _, b := range branches.Items() {
				if bp := b.Get("properties"); bp.Is(jsontree.Object) && hasAllKeys(bp, v) {
					return withNulls(inst, b, root)
				}
			}
			return inst
		}
		for _, m := range props.Members() {
			if p, ok := v[m.Key]; ok {
				v[m.Key] = withNulls(p, m.Value, root)
			} else {
				v[m.Key] = nil
			}
		}
	case []any:
		for i := range v {
			v[i] = withNulls(v[i], schema.Get("items"), root)
		}
	}
	return inst
}

func hasAllKeys(props *jsontree.Node, inst map[string]any) bool {
	for k := range inst {
		if !props.Has(k) {
			return false
		}
	}
	return true
}

// minimalCall builds a plain call from a schema's own words: its required
// properties (every property when every is set), each with a value of its
// type (const, first enum value, or a plain value of the type). It gives up on what it cannot
// satisfy (patterns, references), and the original schema has the last word
// in checkCall.
func minimalCall(schema *jsontree.Node, every bool) (string, bool) {
	v, ok := minimalValue(schema, 0, every)
	if !ok {
		return "", false
	}
	b, err := json.Marshal(v)
	return string(b), err == nil
}

func minimalValue(s *jsontree.Node, depth int, every bool) (any, bool) {
	if depth > 20 || s == nil {
		return nil, false
	}
	if s.Is(jsontree.Bool) {
		return "x", s.Bool
	}
	if s.Has("$ref") || s.Has("pattern") || s.Has("not") {
		return nil, false
	}
	if c := s.Get("const"); c != nil {
		return c.Interface(), true
	}
	if e := s.Get("enum"); e.Is(jsontree.Array) && len(e.Items()) > 0 {
		return e.Items()[0].Interface(), true
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if bs := s.Get(k); bs.Is(jsontree.Array) && len(bs.Items()) > 0 && !s.Has("type") {
			return minimalValue(bs.Items()[0], depth+1, every)
		}
	}
	typ := ""
	for _, t := range schemawalk.Types(s) {
		if t != "null" {
			typ = t
			break
		}
	}
	if typ == "" && s.Has("properties") {
		typ = "object"
	}
	switch typ {
	case "string":
		n := 1
		if f, ok := s.Get("minLength").Float(); ok && f > 1 {
			n = int(f)
		}
		format := ""
		if f := s.Get("format"); f.Is(jsontree.String) {
			format = f.Text
		}
		switch format {
		case "uri", "url":
			return "https://example.com/", true
		case "date-time":
			return "2026-01-01T00:00:00Z", true
		case "date":
			return "2026-01-01", true
		case "email":
			return "a@example.com", true
		}
		return strings.Repeat("a", n), true
	case "integer", "number":
		v := 1.0
		if f, ok := s.Get("minimum").Float(); ok && f > v {
			v = f
		}
		if f, ok := s.Get("exclusiveMinimum").Float(); ok && f >= v {
			v = f + 1
		}
		return v, true
	case "boolean":
		return true, true
	case "array":
		n := 0
		if f, ok := s.Get("minItems").Float(); ok {
			n = int(f)
		}
		out := []any{}
		for i := 0; i < n; i++ {
			item, ok := minimalValue(s.Get("items"), depth+1, every)
			if !ok {
				return nil, false
			}
			out = append(out, item)
		}
		return out, true
	case "object":
		out := map[string]any{}
		// The object's own required properties, then those of the first
		// anyOf/oneOf branch and of every allOf branch beside them.
		parts := []*jsontree.Node{s}
		for _, k := range []string{"anyOf", "oneOf"} {
			if bs := s.Get(k); bs.Is(jsontree.Array) && len(bs.Items()) > 0 {
				parts = append(parts, bs.Items()[0])
			}
		}
		if bs := s.Get("allOf"); bs.Is(jsontree.Array) {
			parts = append(parts, bs.Items()...)
		}
		for _, part := range parts {
			names := part.Get("required").Strings()
			if every {
				names = append(names, part.Get("properties").Keys()...)
			}
			for _, name := range names {
				prop := part.Get("properties").Get(name)
				if prop == nil {
					prop = s.Get("properties").Get(name)
				}
				v, ok := minimalValue(prop, depth+1, every)
				if !ok {
					return nil, false
				}
				out[name] = v
			}
		}
		return out, true
	}
	return nil, false
}

// BenchmarkCatalog sanitizes the largest corpus capture (github-mcp-server,
// 117 tools) for each profile.
func BenchmarkCatalog(b *testing.B) {
	c, err := source.LoadFile("../testdata/corpus/servers/github-mcp-server.json")
	if err != nil {
		b.Fatal(err)
	}
	for _, profile := range Profiles() {
		b.Run(profile, func(b *testing.B) {
			for b.Loop() {
				if _, err := Catalog(c, profile); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
