package lint

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// RunCapped lists exactly the first max findings of each rule on each
// server that Run finds and keep keeps, across windows of tools and within
// one tool of many findings, and counts every other one.
func TestRunCappedKeepsTheFirstAndCountsTheRest(t *testing.T) {
	var tools []string
	for i := range capWindow + 100 {
		tools = append(tools, fmt.Sprintf(`{"name":"t%05d","inputSchema":{"type":"object"}}`, i))
	}
	enum := strings.Repeat(`"",`, 300)
	tools = append(tools, `{"name":"many","description":"d","inputSchema":{"type":"object","properties":{"v":{"type":"string","enum":[`+enum+`"x"]}}}}`)
	c, err := source.Parse([]byte(`{"tools":[`+strings.Join(tools, ",")+`]}`), "tools.json", "big", "test")
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Profiles: map[Profile]bool{ProfileMCP: true, ProfileGemini: true, ProfileOpenAI: true}}
	// keep drops one tool's findings, as an ignore would.
	keep := func(f *contract.Finding) bool { return f.Tool != "t00001" }
	var all []contract.Finding
	for _, f := range Run([]*contract.Catalog{c}, opts) {
		if keep(&f) {
			all = append(all, f)
		}
	}
	const limit = 7
	kept, omitted := RunCapped([]*contract.Catalog{c}, opts, keep, limit)
	seen, want := map[string]int{}, []contract.Finding{}
	for _, f := range all {
		if seen[f.Rule]++; seen[f.Rule] <= limit {
			want = append(want, f)
		}
	}
	if !reflect.DeepEqual(kept, want) {
		t.Fatalf("kept %d findings, want the first %d per rule of Run's %d", len(kept), len(want), len(all))
	}
	counted := map[string]int{}
	for _, o := range omitted {
		counted[o.Rule] += o.Count
	}
	for rule, n := range seen {
		if got := counted[rule]; got != max(n-limit, 0) {
			t.Errorf("%s: counted %d past the cap, want %d", rule, got, max(n-limit, 0))
		}
	}
	if seen["gemini/enum-empty-string"] < 300 || seen["mcp/missing-description"] <= capWindow {
		t.Errorf("the fixture no longer finds what the test needs: %v", seen)
	}
}
