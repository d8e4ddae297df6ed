package lint

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
	"github.com/mcp-contract/mcp-contract/source"
)

// nestedTool returns a tool whose inputSchema nests depth object levels
// through "items" (one JSON level each), the shape of a hostile schema.
func nestedTool(depth int) string {
	var b strings.Builder
	b.WriteString(`{"name":"deep","description":"d","inputSchema":{"type":"object","properties":{"a":`)
	for i := 0; i < depth; i++ {
		b.WriteString(`{"type":"array","items":`)
	}
	b.WriteString(`{"type":"string","$ref":"#/$defs/missing"}`)
	b.WriteString(strings.Repeat("}", depth))
	b.WriteString(`}}}`)
	return b.String()
}

func TestSchemaTooComplex(t *testing.T) {
	refs := `{"name":"t","inputSchema":{"type":"object","properties":{` +
		strings.Repeat(`"a":{"$ref":"#/$defs/x"},`, schemacheck.DefaultLimits.MaxRefs+1) + `"z":{}},"$defs":{"x":{}}}}`
	cases := []struct {
		name, tool string
		want       []string
	}{
		// testdata/corpus/servers/npm-server-memory.json, create_entities: 3 levels of nesting.
		{"corpus nesting", `{"name":"create_entities","inputSchema":{"type":"object","properties":{"entities":{"type":"array","items":{"type":"object","properties":{"observations":{"type":"array","items":{"type":"string"}}}}}}}}`, nil},
		{"too deep", nestedTool(100), []string{"/inputSchema"}},
		{"too many refs", refs, []string{"/inputSchema"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "schema/too-complex", c.tool, c.want...)
		})
	}
}

// lintAll runs every registered rule of every profile, as `lint --profile all` does.
func lintAll(t testing.TB, data []byte) []contract.Finding {
	c, err := source.Parse(data, "tool.json", "test", "test")
	if err != nil {
		t.Fatal(err)
	}
	profiles, _ := ExpandProfiles([]string{"all"})
	return Run([]*contract.Catalog{c}, Options{Profiles: profiles, MCPVersion: MCP20250618})
}

// A 5,000-level schema goes through every rule without a crash, and the
// only schema finding is the size warning: the other schema rules leave a
// schema over the limits alone rather than walk or compile it.
func TestFiveThousandLevelSchema(t *testing.T) {
	fs := lintAll(t, []byte(nestedTool(5000)))
	got := map[string]int{}
	for _, f := range fs {
		got[f.Rule]++
	}
	if got["schema/too-complex"] != 1 || got["schema/unresolved-ref"] != 0 || got["schema/invalid"] != 0 {
		t.Errorf("findings by rule: %v", got)
	}
}

func BenchmarkLintFiveThousandLevelSchema(b *testing.B) {
	data := []byte(nestedTool(5000))
	for b.Loop() {
		lintAll(b, data)
	}
}
