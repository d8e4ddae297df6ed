package drift

import (
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestDefaultCheck(t *testing.T) {
	prop := func(s string) string { return tool(`{"type":"object","properties":{"dryRun":` + s + `}}`) }
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"changed", prop(`{"type":"boolean","default":true}`), prop(`{"type":"boolean","default":false}`), []string{"drift/default-changed /inputSchema/properties/dryRun/default"}},
		{"added", prop(`{"type":"boolean"}`), prop(`{"type":"boolean","default":false}`), []string{"drift/default-changed /inputSchema/properties/dryRun/default"}},
		{"removed", prop(`{"type":"boolean","default":true}`), prop(`{"type":"boolean"}`), []string{"drift/default-changed /inputSchema/properties/dryRun"}},
		{"same object default, keys reordered", prop(`{"default":{"a":1,"b":2}}`), prop(`{"default":{"b":2,"a":1}}`), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, f := range expectDrift(t, c.old, c.new, c.want...) {
				if f.Severity != contract.Warning || f.Change != contract.ChangeReview {
					t.Errorf("default change is %s/%s, want warning/info", f.Severity, f.Change)
				}
			}
		})
	}
}
