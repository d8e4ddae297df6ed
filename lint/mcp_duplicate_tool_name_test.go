package lint

import (
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

func TestMCPDuplicateToolName(t *testing.T) {
	cases := []struct {
		name, tools string
		want        []string
	}{
		{"distinct", `[{"name":"a","inputSchema":{"type":"object"}},{"name":"b","inputSchema":{"type":"object"}}]`, nil},
		{"twice", `[{"name":"a","inputSchema":{"type":"object"}},{"name":"b","inputSchema":{"type":"object"}},{"name":"a","inputSchema":{"type":"object"}}]`, []string{"/name"}},
		{"case differs", `[{"name":"a","inputSchema":{"type":"object"}},{"name":"A","inputSchema":{"type":"object"}}]`, nil},
		{"nameless tools", `[{"inputSchema":{"type":"object"}},{"inputSchema":{"type":"object"}}]`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "mcp/duplicate-tool-name", c.tools, c.want...)
		})
	}
}

// testdata/corpus/drift/gh-dependabot-page-to-cursor-pagination holds two
// tools named list_issues (the second is the feature-flag variant).
func TestMCPDuplicateToolNameCorpus(t *testing.T) {
	path := "../testdata/corpus/drift/gh-dependabot-page-to-cursor-pagination/after.json"
	c, err := source.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := Lookup("mcp/duplicate-tool-name")
	var fs []contract.Finding
	r.CheckCatalog(&CatalogPass{Rule: r, Catalogs: []*contract.Catalog{c}, Options: &Options{}, emit: func(f contract.Finding) { fs = append(fs, f) }})
	if len(fs) != 1 || fs[0].Tool != "list_issues" || fs[0].Line == 0 {
		t.Errorf("findings = %+v, want one on list_issues with a position", fs)
	}
}

// Names repeat across servers legitimately; the rule is per server.
func TestMCPDuplicateToolNameAcrossServers(t *testing.T) {
	a, _ := source.Parse([]byte(`[{"name":"search","inputSchema":{"type":"object"}}]`), "a.json", "a", "file:a.json")
	b, _ := source.Parse([]byte(`[{"name":"search","inputSchema":{"type":"object"}}]`), "b.json", "b", "file:b.json")
	r := Lookup("mcp/duplicate-tool-name")
	n := 0
	r.CheckCatalog(&CatalogPass{Rule: r, Catalogs: []*contract.Catalog{a, b}, Options: &Options{}, emit: func(contract.Finding) { n++ }})
	if n != 0 {
		t.Errorf("%d findings across servers, want 0", n)
	}
}
