package drift

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// A new optional argument with a default changes what every old call gets
// (issue 19); without one it is plain info, and outputs have no callers to surprise.
func TestPropertyAddedWithDefault(t *testing.T) {
	before := `{"type":"object","properties":{"q":{"type":"string"}}}`
	with := `{"type":"object","properties":{"q":{"type":"string"},"minimal_output":{"type":"boolean","default":true}}}`
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"optional with default", tool(before), tool(with), []string{"drift/input-property-added-with-default /inputSchema/properties/minimal_output/default"}},
		{"optional without default", tool(before), tool(`{"type":"object","properties":{"q":{"type":"string"},"minimal_output":{"type":"boolean"}}}`),
			[]string{"drift/input-property-added /inputSchema/properties/minimal_output"}},
		{"required with default is a required argument", tool(before),
			tool(`{"type":"object","properties":{"q":{"type":"string"},"minimal_output":{"type":"boolean","default":true}},"required":["minimal_output"]}`),
			[]string{"drift/input-required-property-added /inputSchema/required/0"}},
		{"removed with default", tool(with), tool(before), []string{"drift/input-property-removed /inputSchema/properties/minimal_output"}},
		{"default behind a $ref", tool(before),
			tool(`{"$defs":{"flag":{"type":"boolean","default":false}},"type":"object","properties":{"q":{"type":"string"},"minimal_output":{"$ref":"#/$defs/flag"}}}`),
			[]string{"drift/input-property-added-with-default /inputSchema/$defs/flag/default"}},
		{"nested in items", tool(`{"type":"object","properties":{"xs":{"type":"array","items":` + before + `}}}`),
			tool(`{"type":"object","properties":{"xs":{"type":"array","items":` + with + `}}}`),
			[]string{"drift/input-property-added-with-default /inputSchema/properties/xs/items/properties/minimal_output/default"}},
		{"output field with default", outTool(before), outTool(with), []string{"drift/output-property-added /outputSchema/properties/minimal_output"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, f := range expectDrift(t, c.old, c.new, c.want...) {
				if f.Rule != inputPropertyAddedWithDefault.ID {
					continue
				}
				if f.Severity != contract.Warning || f.Change != contract.ChangeReview {
					t.Errorf("%s is %s/%s, want warning/review", f.Rule, f.Severity, f.Change)
				}
				if !strings.Contains(f.Message, `"minimal_output" was added with default `) || !strings.Contains(f.Message, "before?") {
					t.Errorf("message names no default or asks nothing: %s", f.Message)
				}
			}
		})
	}
}
