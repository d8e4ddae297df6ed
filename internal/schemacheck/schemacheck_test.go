package schemacheck

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

func parse(t *testing.T, s string) *jsontree.Node {
	t.Helper()
	n, err := jsontree.Parse([]byte(s))
	if err != nil {
		t.Fatalf("parse %s: %v", s, err)
	}
	return n
}

// bankingSchema is transfer_funds' inputSchema from examples/banking/strict.json.
func bankingSchema(t *testing.T) *jsontree.Node {
	t.Helper()
	data, err := os.ReadFile("../../examples/banking/strict.json")
	if err != nil {
		t.Fatal(err)
	}
	doc := parse(t, string(data))
	n, ok := doc.Lookup("/tools/0/inputSchema")
	if !ok {
		t.Fatal("strict.json has no /tools/0/inputSchema")
	}
	return n
}

func lines(vs []Violation) string {
	var out []string
	for _, v := range vs {
		out = append(out, v.Keyword+" "+v.String())
	}
	return strings.Join(out, "\n")
}

// The three calls of examples/banking/README.md.
func TestValidateBankingCalls(t *testing.T) {
	s, err := Compile(bankingSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	if s.Dialect != Draft2020 {
		t.Errorf("dialect = %s", s.Dialect)
	}
	cases := []struct {
		name, args, want string
	}{
		{"over 10000 without approval", `{"transfer_type":"internal","source_account":"ACC1001","destination_account":"ACC2002","amount":12500}`,
			"required (root): 'compliance_approval_code' is a required property"},
		{"over 10000 with approval", `{"transfer_type":"internal","source_account":"ACC1001","destination_account":"ACC2002","amount":12500,"compliance_approval_code":"CMP-DEMO-2026"}`,
			""},
		{"internal and wire fields mixed", `{"transfer_type":"internal","source_account":"ACC1001","destination_account":"ACC2002","iban":"DE89370400440532013000","amount":50}`,
			"unevaluatedProperties /iban: not allowed: no subschema accepts it and unevaluatedProperties is false"},
		{"wrong approval code", `{"transfer_type":"internal","source_account":"ACC1001","destination_account":"ACC2002","amount":12500,"compliance_approval_code":"X"}`,
			"const /compliance_approval_code: value must be 'CMP-DEMO-2026'"},
		{"wire missing swift", `{"transfer_type":"wire","source_account":"ACC1001","iban":"DE89370400440532013000","beneficiary_name":"A","amount":5}`,
			"required (root): 'swift' is a required property"},
		{"amount as string", `{"transfer_type":"internal","source_account":"ACC1001","destination_account":"ACC2002","amount":"5"}`,
			"type /amount: got string, want number"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			inst, err := DecodeInstance([]byte(c.args))
			if err != nil {
				t.Fatal(err)
			}
			if got := lines(s.Validate(inst)); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestCompileDialects(t *testing.T) {
	cases := []struct {
		schema string
		want   Dialect
	}{
		{`{"type":"object"}`, Draft2020},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}`, Draft07},
		{`{"$schema":"https://json-schema.org/draft/2019-09/schema","type":"object"}`, Draft2019},
		{`{"$schema":"http://json-schema.org/draft-04/schema#","type":"object"}`, Draft04},
		{`{"$schema":"http://json-schema.org/draft-06/schema#","type":"object"}`, Draft06},
		{`true`, Draft2020},
	}
	for _, c := range cases {
		s, err := Compile(parse(t, c.schema))
		if err != nil {
			t.Errorf("%s: %v", c.schema, err)
			continue
		}
		if s.Dialect != c.want {
			t.Errorf("%s: dialect %s, want %s", c.schema, s.Dialect, c.want)
		}
	}
	_, err := Compile(parse(t, `{"$schema":"https://example.com/my-dialect","type":"object"}`))
	var unknown *UnknownDialectError
	if !errors.As(err, &unknown) || unknown.URI != "https://example.com/my-dialect" {
		t.Errorf("unknown dialect: err = %v", err)
	}
}

// Draft-04's boolean exclusiveMinimum is valid there and invalid in 2020-12;
// the dialect decides (the Mistral failure in schema-rules.md §2.7).
func TestDialectChangesValidity(t *testing.T) {
	d4 := `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"n":{"type":"number","minimum":0,"exclusiveMinimum":true}}}`
	if vs, d, err := MetaValidate(parse(t, d4)); err != nil || len(vs) != 0 || d != Draft04 {
		t.Errorf("draft-04: %v %v %v", vs, d, err)
	}
	d2020 := `{"type":"object","properties":{"n":{"type":"number","minimum":0,"exclusiveMinimum":true}}}`
	vs, _, err := MetaValidate(parse(t, d2020))
	if err != nil || lines(vs) != "exclusiveMinimum /properties/n/exclusiveMinimum: got boolean, want number" {
		t.Errorf("2020-12: %q %v", lines(vs), err)
	}
}

func TestMetaValidate(t *testing.T) {
	cases := []struct{ schema, want string }{
		{`{"type":"object","properties":{"a":{"type":"string"}}}`, ""},
		{`{"type":"text"}`, "type /type: value must be one of 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'"},
		{`{"type":"object","properties":{"a":5}}`, "properties /properties/a: got number, want boolean or object"},
		{`{"type":"object","required":"a"}`, "required /required: got string, want array"},
		{`{"type":"object","properties":{"a":{"type":"array","items":[{"type":"string"}]}}}`, "items /properties/a/items: got array, want boolean or object"},
		{`{"anyOf":[{"type":"string"},{"minLength":-1}]}`, "minLength /anyOf/1/minLength: minimum: got -1, want 0"},
		{`5`, "(root): got number, want boolean or object"},
	}
	for _, c := range cases {
		vs, _, err := MetaValidate(parse(t, c.schema))
		if err != nil {
			t.Errorf("%s: %v", c.schema, err)
			continue
		}
		if got := strings.TrimSpace(lines(vs)); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.schema, got, c.want)
		}
	}
}

// A remote $ref must make no request at all: a real HTTP server on
// 127.0.0.1 counts hits while the schema points at it.
func TestRemoteRefIsNeverFetched(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"type":"string"}`))
	}))
	defer srv.Close()
	for _, schema := range []string{
		`{"type":"object","properties":{"a":{"$ref":"` + srv.URL + `/a.json"}}}`,
		`{"$id":"` + srv.URL + `/root.json","type":"object","properties":{"a":{"$ref":"a.json"}}}`,
		`{"$schema":"` + srv.URL + `/meta.json","type":"object"}`,
	} {
		_, err := Compile(parse(t, schema))
		if err == nil {
			t.Errorf("%s: compiled, want an error", schema)
		}
		var nf *RefNotFetchedError
		if strings.Contains(schema, `"$ref"`) && (!errors.As(err, &nf) || !strings.Contains(err.Error(), "not fetched")) {
			t.Errorf("%s: err = %v, want RefNotFetchedError", schema, err)
		}
		if _, _, err := MetaValidate(parse(t, schema)); err != nil && !strings.Contains(schema, "$schema") {
			t.Errorf("%s: meta-validation: %v", schema, err)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("server got %d requests, want 0", n)
	}
}

func TestLocalRefsCompile(t *testing.T) {
	s, err := Compile(parse(t, `{"type":"object","properties":{"a":{"$ref":"#/$defs/a"},"b":{"$ref":"#b"}},"$defs":{"a":{"type":"string"},"b":{"$anchor":"b","type":"integer"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	inst, _ := DecodeInstance([]byte(`{"a":1,"b":"x"}`))
	if got := lines(s.Validate(inst)); got != "type /a: got number, want string\ntype /b: got string, want integer" {
		t.Errorf("got %q", got)
	}
	if _, err := Compile(parse(t, `{"type":"object","properties":{"a":{"$ref":"#/$defs/missing"}}}`)); err == nil {
		t.Error("unresolved local $ref compiled")
	}
}

// deep returns a schema nested depth levels through "items" (one JSON
// level per schema level).
func deep(depth int) *jsontree.Node {
	var b strings.Builder
	for i := 0; i < depth; i++ {
		b.WriteString(`{"type":"array","items":`)
	}
	b.WriteString(`{"type":"string"}`)
	for i := 0; i < depth; i++ {
		b.WriteString(`}`)
	}
	n, err := jsontree.Parse([]byte(b.String()))
	if err != nil {
		panic(err)
	}
	return n
}

func TestLimits(t *testing.T) {
	c := Measure(deep(5000))
	if c.Depth != 5002 || c.Nodes != 5000*2+2 || c.Refs != 0 {
		t.Errorf("Measure = %+v", c)
	}
	var tc *TooComplexError
	if _, err := Compile(deep(5000)); !errors.As(err, &tc) {
		t.Errorf("Compile(5000 deep) err = %v, want TooComplexError", err)
	}
	if _, _, err := MetaValidate(deep(5000)); !errors.As(err, &tc) {
		t.Errorf("MetaValidate(5000 deep) err = %v, want TooComplexError", err)
	}
	if _, err := Compile(deep(20)); err != nil {
		t.Errorf("Compile(20 deep): %v", err)
	}
	refs := `{"type":"object","properties":{` + strings.Repeat(`"a":{"$ref":"#/$defs/x"},`, DefaultLimits.MaxRefs+1) + `"z":{}},"$defs":{"x":{}}}`
	if _, err := Compile(parse(t, refs)); !errors.As(err, &tc) || !strings.Contains(err.Error(), "$ref") {
		t.Errorf("Compile(%d refs) err = %v", DefaultLimits.MaxRefs+1, err)
	}
}

func BenchmarkMeasureDeep(b *testing.B) {
	n := deep(5000)
	for b.Loop() {
		Measure(n)
	}
}

func TestCompileInvalidSchema(t *testing.T) {
	_, err := Compile(parse(t, `{"type":"object","properties":{"q":{"type":"text"}}}`))
	var invalid *InvalidSchemaError
	if !errors.As(err, &invalid) || len(invalid.Violations) != 1 || invalid.Violations[0].Pointer != "/properties/q/type" || invalid.Violations[0].Keyword != "type" {
		t.Fatalf("err = %v", err)
	}
}

// The validate command's path, with the README's first banking call.
func TestValidateArguments(t *testing.T) {
	vs, err := ValidateArguments(bankingSchema(t), []byte(`{"transfer_type":"internal","source_account":"ACC1001","destination_account":"ACC2002","amount":12500}`))
	if err != nil || len(vs) != 1 || vs[0].String() != "(root): 'compliance_approval_code' is a required property" {
		t.Errorf("got %v, %v", vs, err)
	}
	if _, err := ValidateArguments(bankingSchema(t), []byte(`{"amount":`)); err == nil || !strings.Contains(err.Error(), "not valid JSON") {
		t.Errorf("truncated arguments: err = %v", err)
	}
	// Numbers stay exact: 10000.0000000000001 is over 10000, which a float64 would lose.
	vs, err = ValidateArguments(bankingSchema(t), []byte(`{"transfer_type":"internal","source_account":"ACC1001","destination_account":"ACC2002","amount":10000.0000000000001}`))
	if err != nil || len(vs) != 1 || vs[0].Keyword != "required" {
		t.Errorf("exact number: got %v, %v", vs, err)
	}
}

func TestMetaValidateKeywordOfArrayItems(t *testing.T) {
	vs, _, err := MetaValidate(parse(t, `{"$schema":"http://json-schema.org/draft-07/schema#","dependencies":{"a":["b",1]}}`))
	if err != nil || len(vs) == 0 || vs[0].Keyword != "dependencies" {
		t.Errorf("got %q, %v", lines(vs), err)
	}
}

func TestDialectNeedsScheme(t *testing.T) {
	var unknown *UnknownDialectError
	if _, err := DialectOf(parse(t, `{"$schema":"json-schema.org/draft-07/schema"}`)); !errors.As(err, &unknown) {
		t.Errorf("a $schema without http(s):// was recognised: %v", err)
	}
}
