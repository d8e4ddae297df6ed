package schemacheck

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// corpusSchemas returns every inputSchema and outputSchema of the
// repository's real tool lists.
func corpusSchemas(t testing.TB) []*jsontree.Node {
	var out []*jsontree.Node
	servers, _ := filepath.Glob("../../testdata/corpus/servers/*.json")
	drift, _ := filepath.Glob("../../testdata/corpus/drift/*/*.json")
	for _, file := range append(append(servers, drift...), "../../examples/banking/strict.json") {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsontree.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range doc.Get("tools").Items() {
			for _, key := range []string{"inputSchema", "outputSchema"} {
				if s := tool.Get(key); s != nil {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// officialVerdict meta-validates with the library's own meta-schema for d.
func officialVerdict(t testing.TB, schema *jsontree.Node, d Dialect) bool {
	meta, err := metaSchema(d)
	if err != nil {
		t.Fatal(err)
	}
	var ve *jsonschema.ValidationError
	return !errors.As(meta.Validate(schema.Interface()), &ve)
}

// The fast path must be worth having: it settles most real schemas.
func TestQuickValidCoversTheCorpus(t *testing.T) {
	schemas := corpusSchemas(t)
	quick := 0
	for _, s := range schemas {
		d, err := DialectOf(s)
		if err != nil {
			continue
		}
		if quickValid(s, d) {
			quick++
			if !officialVerdict(t, s, d) {
				t.Errorf("quickValid accepted a schema its meta-schema rejects: %s", jsontree.Encode(s, jsontree.EncodeOptions{}))
			}
		}
	}
	if quick*10 < len(schemas)*9 {
		t.Errorf("fast path settled %d of %d corpus schemas, want at least 90%%", quick, len(schemas))
	}
}

func TestQuickValidDefersWhenUnsure(t *testing.T) {
	for _, s := range []string{
		`{"type":"text"}`, `{"properties":{"a":5}}`, `{"required":["a","a"]}`, `{"anyOf":[]}`, `{"minLength":-1}`,
		`{"minLength":1.5}`, `{"multipleOf":0}`, `{"$id":"x#y"}`, `5`,
	} {
		for _, d := range []Dialect{Draft2020, Draft07} {
			if quickValid(parse(t, s), d) {
				t.Errorf("%s (%s): quickValid said valid", s, d)
			}
		}
	}
	// draft-07 wants unique enum values, 2020-12 does not.
	if quickValid(parse(t, `{"enum":["a","a"]}`), Draft07) || !quickValid(parse(t, `{"enum":[1,1]}`), Draft2020) {
		t.Error("enum uniqueness is dialect-specific")
	}
}

// FuzzQuickValid holds the fast path to the official meta-schemas: whatever
// it calls valid, they must too, in both dialects it knows.
func FuzzQuickValid(f *testing.F) {
	for _, s := range corpusSchemas(f) {
		f.Add(jsontree.Encode(s, jsontree.EncodeOptions{}))
	}
	for _, s := range []string{`{"items":[{"type":"string"}]}`, `{"type":["string","string"]}`, `{"$ref":"#/a%20b"}`, `{"enum":["a"],"pattern":"("}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		schema, err := jsontree.Parse(data)
		if err != nil || DefaultLimits.Exceeds(Measure(schema)) != nil {
			return
		}
		for _, d := range []Dialect{Draft2020, Draft07} {
			if quickValid(schema, d) && !officialVerdict(t, schema, d) {
				t.Fatalf("quickValid accepted a schema the %s meta-schema rejects: %s", d, data)
			}
		}
	})
}
