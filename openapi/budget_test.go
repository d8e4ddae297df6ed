package openapi

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pb33f/go-yaml"

	"github.com/mcp-contract/mcp-contract/internal/testenv"
)

func TestBillionLaughsIsRefusedOnItsAlias(t *testing.T) {
	doc := testenv.BillionLaughs()
	if len(doc) != 669 {
		t.Fatalf("the document is %d bytes, want 669", len(doc))
	}
	for name, files := range map[string][]string{
		"in the spec":      {"api.yaml", doc},
		"in a $ref'd file": {"api.yaml", "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths:\n  /a: {$ref: 'laughs.yaml#/paths/~1a'}\n", "laughs.yaml", doc},
	} {
		_, _, err := generateErr(t, Options{}, files...)
		if err == nil || !strings.Contains(err.Error(), "aliases here expand past 4000000 nodes") {
			t.Fatalf("%s: err = %v, want the node budget", name, err)
		}
		// x-g is the first anchor whose aliases pass the budget (9 × 9^6).
		if !strings.Contains(err.Error(), ".yaml:9:") {
			t.Errorf("%s: %v does not name the alias's line", name, err)
		}
	}
}

// A spec well within the budget can still write one big component once
// per operation: the tools built count against the budget too.
func TestTranslationIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("openapi: 3.1.0\ninfo: {title: wide, version: '1'}\ncomponents:\n  schemas:\n    Big:\n      type: object\n      properties:\n")
	for i := range 5_000 {
		fmt.Fprintf(&b, "        p%d: {type: string}\n", i)
	}
	b.WriteString("paths:\n")
	for i := range 450 {
		fmt.Fprintf(&b, "  /op%d:\n    post:\n      operationId: op%d\n      requestBody: {content: {application/json: {schema: {type: object, properties: {x: {$ref: '#/components/schemas/Big'}}}}}}\n      responses: {'200': {description: ok}}\n", i, i)
	}
	_, _, err := generateErr(t, Options{}, "api.yaml", b.String())
	if err == nil || !strings.Contains(err.Error(), "pass 4000000 JSON nodes") {
		t.Fatalf("err = %v, want the translation budget", err)
	}
	// The same spec with fewer operations is well within it.
	if _, _, err := generateErr(t, Options{Paths: []string{"/op1"}}, "api.yaml", b.String()); err != nil {
		t.Fatal(err)
	}
}

// A $ref to a symlink inside --root that points outside it is not followed.
func TestRefThroughSymlinkStaysInsideRoot(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.yaml")
	os.WriteFile(secret, []byte("Secret: {type: string, description: from outside}\n"), 0o644)
	root := t.TempDir()
	os.Mkdir(filepath.Join(root, "schemas"), 0o755)
	for link, target := range map[string]string{"schemas/s.yaml": secret, "schemas/dir": outside} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	for _, ref := range []string{"schemas/s.yaml#/Secret", "schemas/dir/secret.yaml#/Secret"} {
		spec := filepath.Join(root, "api.yaml")
		os.WriteFile(spec, []byte("openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, schema: {$ref: '"+ref+"'}}\n      responses: {'200': {description: ok}}\n"), 0o644)
		s, err := Load(spec, root)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = Generate(s, Options{})
		if err == nil || !strings.Contains(err.Error(), "leads out of") {
			t.Errorf("%s: err = %v, want the ref refused", ref, err)
		}
	}
}

// The estimate made before parsing is close to the count made after, for
// JSON and for YAML in block and flow style, comments and quotes included.
func TestEstimateNodes(t *testing.T) {
	yamlDoc := "openapi: 3.1.0 # a comment: with, [punctuation]\ninfo:\n  title: 'it''s: a, title'\n  version: \"1\"\npaths:\n  /a:\n    get:\n      tags: [a, b, c]\n      parameters:\n        - name: q\n          in: query\n          description: see http://example.com/x, a URL\n          schema: {type: string, enum: [x, y]}\n"
	notion, err := os.ReadFile("../testdata/openapi/notion/notion-openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"yaml": yamlDoc, "notion.json": string(notion), "laughs": testenv.BillionLaughs()} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(data), &doc); err != nil {
			t.Fatal(err)
		}
		// Aliases are expanded after parsing; the estimate is of the text.
		var parsed func(n *yaml.Node) int
		parsed = func(n *yaml.Node) int {
			count := 1
			for _, c := range n.Content {
				count += parsed(c)
			}
			return count
		}
		est := estimateNodes([]byte(data))
		if got := parsed(&doc); float64(est) < 0.8*float64(got) || float64(est) > 1.25*float64(got) {
			t.Errorf("%s: estimated %d nodes, parsed %d", name, est, got)
		}
	}
}

// The widest block mapping is found without parsing: nested mappings,
// sequence items and quoted keys each count where they belong.
func TestWidestMapping(t *testing.T) {
	doc := "openapi: 3.1.0\ninfo:\n  title: x\n  version: '1'\ntags:\n  - name: a\n    description: b\n  - name: c\n    x-y: d\n    x-z: e\npaths:\n  \"/a\":\n    get: {}\n  '/b': {}\n  /c: {}\n  /d:\n    # a comment: with a colon\n    post: {}\n"
	if keys, _ := widestMapping([]byte(doc)); keys != 4 {
		t.Errorf("widest mapping has %d keys, want 4 (the paths)", keys)
	}
	var b strings.Builder
	b.WriteString("openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Big:\n      properties:\n")
	for i := range MaxMappingKeys + 1 {
		fmt.Fprintf(&b, "        p%d: {type: string}\n", i)
	}
	_, _, err := generateErr(t, Options{}, "api.yaml", b.String())
	if err == nil || !strings.Contains(err.Error(), "api.yaml:10008:1: a YAML mapping of 10001 keys") {
		t.Errorf("err = %v, want the mapping refused on its first key past the bound", err)
	}
	if keys, _ := widestMapping([]byte(`{"paths": {"a": 1, "b": 2}}`)); keys != 0 {
		t.Errorf("JSON is not bounded so: %d", keys)
	}
}
