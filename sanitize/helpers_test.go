package sanitize

import (
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/source"
)

// sanitizeSchema runs profile over one tool whose inputSchema is schema and
// returns the sanitized inputSchema as compact JSON, with the changes.
func sanitizeSchema(t *testing.T, profile, schema string) (string, []Change) {
	t.Helper()
	c, err := source.Parse([]byte(`{"name":"t","inputSchema":`+schema+`}`), "tool.json", "test", "test")
	if err != nil {
		t.Fatalf("fixture does not parse: %v", err)
	}
	res, err := Catalog(c, profile)
	if err != nil {
		t.Fatalf("Catalog(%s): %v", profile, err)
	}
	doc, err := jsontree.Parse(res.JSON)
	if err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, res.JSON)
	}
	return compact(doc.Get("tools").Items()[0].Get("inputSchema")), res.Changes
}

func actions(changes []Change) []string {
	out := []string{}
	for _, c := range changes {
		a := c.Action
		if c.Lost {
			a += "!"
		}
		out = append(out, c.Pointer+" "+a)
	}
	return out
}
