package drift

import (
	"reflect"
	"sort"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// catalog parses tool JSON (one tool, an array or a tools/list result).
func catalog(t *testing.T, file, toolsJSON string) *contract.Catalog {
	t.Helper()
	c, err := source.Parse([]byte(toolsJSON), file, "test", "test")
	if err != nil {
		t.Fatalf("fixture %s does not parse: %v", file, err)
	}
	return c
}

// diffJSON compares two tool lists given as JSON.
func diffJSON(t *testing.T, oldJSON, newJSON string) []contract.Finding {
	t.Helper()
	return Compare(catalog(t, "old.json", oldJSON), catalog(t, "new.json", newJSON), Options{})
}

// summary renders findings as sorted "rule pointer" lines, the usual assertion.
func summary(fs []contract.Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Rule+" "+f.Pointer)
	}
	sort.Strings(out)
	return out
}

// expectDrift asserts the exact findings between two tools.
func expectDrift(t *testing.T, oldJSON, newJSON string, want ...string) []contract.Finding {
	t.Helper()
	fs := diffJSON(t, oldJSON, newJSON)
	if want == nil {
		want = []string{}
	}
	sort.Strings(want)
	if got := summary(fs); !reflect.DeepEqual(got, want) {
		t.Errorf("findings\n got %q\nwant %q", got, want)
		for _, f := range fs {
			t.Logf("  %s %s: %s", f.Rule, f.Pointer, f.Message)
		}
	}
	return fs
}

// tool builds a one-tool JSON with the given inputSchema.
func tool(input string) string {
	return `{"name":"t","description":"d","inputSchema":` + input + `}`
}

// outTool builds a one-tool JSON with the given outputSchema.
func outTool(output string) string {
	return `{"name":"t","description":"d","inputSchema":{"type":"object"},"outputSchema":` + output + `}`
}
