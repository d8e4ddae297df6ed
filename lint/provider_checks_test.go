package lint

import (
	"fmt"
	"strings"
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

// A server we do not control may send anything: every provider rule must
// survive a 5,000-level schema and huge names, and keep its messages short.
func TestProvidersHostileInput(t *testing.T) {
	deep := `{"type":"object","properties":{"a":` + strings.Repeat(`{"type":"array","items":`, 5000) + `{"type":"string","format":"x"}` +
		strings.Repeat(`}`, 5000) + `}}`
	wideKeys := make([]string, 2000)
	for i := range wideKeys {
		wideKeys[i] = fmt.Sprintf(`"k%d%s":"number"`, i, strings.Repeat("x", 100))
	}
	wide := `{"type":"object","additionalProperties":{"type":"object","properties":{` + strings.Join(wideKeys, ",") + `}}}`
	name := strings.Repeat("ä.", 5000)
	doc := `{"tools":[{"name":"` + name + `","inputSchema":` + deep + `},{"name":"w","inputSchema":` + wide + `}]}`
	c, err := source.Parse([]byte(doc), "hostile.json", "test", "test")
	if err != nil {
		t.Fatal(err)
	}
	profiles := map[Profile]bool{}
	for _, p := range Providers {
		profiles[p] = true
	}
	fs := Run([]*contract.Catalog{c}, Options{Profiles: profiles})
	seen := map[string]bool{}
	for _, f := range fs {
		seen[f.Rule] = true
		if len(f.Message) > 1000 {
			t.Errorf("%s: message of %d bytes", f.Rule, len(f.Message))
		}
	}
	for _, id := range []string{"openai-strict/limit-depth", "openai/tool-name-invalid", "openai/property-not-schema", "anthropic-strict/additional-properties-not-false"} {
		if !seen[id] {
			t.Errorf("%s did not fire on the hostile catalog", id)
		}
	}
}
