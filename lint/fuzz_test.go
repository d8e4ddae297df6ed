package lint

import (
	"os"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/source"
)

// FuzzLint runs every registered rule, at every MCP version, over whatever
// source.Parse accepts: no input may make a rule panic or hang. Seeded with
// every tool of the corpus and with hostile schema shapes.
func FuzzLint(f *testing.F) {
	for _, file := range corpusFiles(f) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		doc, err := jsontree.Parse(data)
		if err != nil {
			f.Fatalf("%s: %v", file, err)
		}
		// One seed per tool: whole 200 KB files make each execution slow.
		for _, tool := range doc.Get("tools").Items() {
			f.Add(jsontree.Encode(tool, jsontree.EncodeOptions{Indent: "  "}))
		}
	}
	for _, s := range []string{
		`{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/a%"},"b":{"$ref":"#"},"c":{"$dynamicRef":"#x"}},"$defs":{"a":{"$id":"urn:x","$ref":"#/y"}}}}`,
		`{"name":"t","inputSchema":{"$schema":"http://json-schema.org/draft-04/schema#","id":"http://x/","type":"object","properties":{"a":{"$ref":"b.json"}}}}`,
		`{"name":"t","inputSchema":{"type":"object","properties":{"h":{"type":"number","x-mcp-header":"A B"},"i":{"items":{"x-mcp-header":"a"}}}}}`,
		`[{"name":"a"},{"name":"a","annotations":{"readOnlyHint":"yes","title":1}},{"inputSchema":null}]`,
		`{"name":"t","inputSchema":true,"outputSchema":{"type":["object","null"],"pattern":"(?!x)"}}`,
	} {
		f.Add([]byte(s))
	}
	profiles, _ := ExpandProfiles([]string{"all"})
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := source.Parse(data, "fuzz.json", "fuzz", "fuzz")
		if err != nil {
			return
		}
		for _, version := range KnownMCPVersions {
			Run([]*contract.Catalog{c}, Options{Profiles: profiles, MCPVersion: version})
		}
	})
}
