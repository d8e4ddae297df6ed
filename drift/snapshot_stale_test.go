package drift

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestSnapshotStale(t *testing.T) {
	const a = `{"name":"a","inputSchema":{"type":"object"}}`
	const aRequired = `{"name":"a","inputSchema":{"type":"object","required":["x"],"properties":{"x":{"type":"string"}}}}`
	const b = `{"name":"b","inputSchema":{"type":"object"}}`
	const c = `{"name":"c","inputSchema":{"type":"object"}}`
	for _, tc := range []struct {
		name, server, snapshot string
		noSnapshot             bool
		// want is "" for no finding, else the tool it is placed on and
		// what the message must say.
		wantTool string
		want     []string
	}{
		{name: "same tools", server: "[" + a + "," + b + "]", snapshot: "[" + a + "," + b + "]"},
		{name: "same tools, other key order", server: `[{"inputSchema":{"type":"object"},"name":"a"}]`, snapshot: "[" + a + "]"},
		{name: "same tools, other order", server: "[" + b + "," + a + "]", snapshot: "[" + a + "," + b + "]"},
		{name: "one tool changed", server: "[" + aRequired + "," + b + "]", snapshot: "[" + a + "," + b + "]",
			wantTool: "a", want: []string{`1 tool differs`, `changed "a"`}},
		{name: "added and removed", server: "[" + a + "," + c + "]", snapshot: "[" + a + "," + b + "]",
			wantTool: "b", want: []string{`2 tools differ`, `not in the snapshot "c"`, `gone from the server "b"`}},
		{name: "only added", server: "[" + a + "," + c + "]", snapshot: "[" + a + "]",
			want: []string{`1 tool differs`, `not in the snapshot "c"`}},
		{name: "snapshot deleted", server: "[" + a + "]", noSnapshot: true,
			want: []string{`has no snapshot at snaps/s.json`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			current := catalog(t, "tools.json", tc.server)
			var snap *contract.Catalog
			if !tc.noSnapshot {
				snap = catalog(t, "snaps/s.json", tc.snapshot)
			}
			f := SnapshotStale(current, snap, "snaps/s.json", "mcp-contract snapshot --server test")
			if tc.want == nil {
				if f != nil {
					t.Fatalf("got %s: %s", f.Rule, f.Message)
				}
				return
			}
			if f == nil {
				t.Fatal("no finding")
			}
			if f.Rule != "drift/snapshot-stale" || f.Severity != contract.Error || f.Change != "" || f.File != "snaps/s.json" {
				t.Errorf("finding %+v", f)
			}
			for _, w := range tc.want {
				if !strings.Contains(f.Message, w) {
					t.Errorf("message %q lacks %q", f.Message, w)
				}
			}
			if f.Tool != tc.wantTool || (tc.wantTool != "" && f.Line == 0) {
				t.Errorf("placed on tool %q line %d, want %q", f.Tool, f.Line, tc.wantTool)
			}
			if f.Fix != "run `mcp-contract snapshot --server test` and commit snaps/s.json" {
				t.Errorf("fix %q", f.Fix)
			}
		})
	}
}
