package lint

import (
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// lintTool runs the single rule id over one tool given as JSON and returns
// "pointer: message" lines, sorted, so table tests can assert exact findings.
func lintTool(t *testing.T, id, toolJSON string, opts Options) []contract.Finding {
	t.Helper()
	r := Lookup(id)
	if r == nil {
		t.Fatalf("rule %s is not registered", id)
	}
	c, err := source.Parse([]byte(toolJSON), "tool.json", "test", "test")
	if err != nil {
		t.Fatalf("fixture does not parse: %v", err)
	}
	if opts.MCPVersion == "" {
		opts.MCPVersion = DefaultMCPVersion
	}
	opts.Profiles = map[Profile]bool{r.Profile: true}
	var out []contract.Finding
	emit := func(f contract.Finding) {
		if f.Rule == id {
			out = append(out, f)
		}
	}
	if r.CheckTool != nil {
		for _, tool := range c.Tools {
			r.CheckTool(&Pass{Rule: r, Tool: tool, Catalog: c, Options: &opts, emit: emit})
		}
	} else {
		r.CheckCatalog(&CatalogPass{Rule: r, Catalogs: []*contract.Catalog{c}, Options: &opts, emit: emit})
	}
	return out
}

// pointers returns the sorted pointers of findings, the usual table-test assertion.
func pointers(fs []contract.Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Pointer)
	}
	sort.Strings(out)
	return out
}

// expectPointers asserts a rule's exact finding pointers on one tool.
func expectPointers(t *testing.T, id, toolJSON string, want ...string) []contract.Finding {
	t.Helper()
	fs := lintTool(t, id, toolJSON, Options{})
	got := pointers(fs)
	if want == nil {
		want = []string{}
	}
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s: pointers = %q, want %q\nfindings: %+v", id, got, want, fs)
	}
	return fs
}
