package lint

import (
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/source"
)

// providerCase is one row of a provider rule's table test: a tool as JSON and
// the exact pointers the rule must report on it.
type providerCase struct {
	name, tool string
	want       []string
}

func runProviderCases(t *testing.T, id string, cases []providerCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { expectPointers(t, id, tc.tool, tc.want...) })
	}
}

// The provider rules share one walk per tool and run; a tool changed between
// two runs must be walked afresh.
func TestProviderWalkSeesChangesBetweenRuns(t *testing.T) {
	c, err := source.Parse([]byte(`{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string"}}}}`), "tool.json", "test", "test")
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Profiles: map[Profile]bool{ProfileOpenAI: true}}
	if fs := Run([]*contract.Catalog{c}, opts); len(fs) != 0 {
		t.Fatalf("clean tool has findings: %+v", fs)
	}
	props := c.Tools[0].Input().Get("properties")
	props.Set("tags", jsontree.FromValue(map[string]any{"type": "array"}))
	fs := Run([]*contract.Catalog{c}, opts)
	if got := pointers(fs); len(got) != 1 || got[0] != "/inputSchema/properties/tags" {
		t.Errorf("second run after the change: %q, want the new array without items", got)
	}
}
