package schemacheck

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Measure counts every value and keeps a frame per level, not per value:
// a wide enum costs it nothing beyond its first frames (issue 32).
func TestMeasureKeepsAFramePerLevel(t *testing.T) {
	n, err := jsontree.Parse([]byte(`{"type":"object","properties":{"v":{"$ref":"#/$defs/x","enum":[` + strings.Repeat("0,", 100000) + `0]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Measure(n), (Complexity{Depth: 5, Nodes: 100007, Refs: 1}); got != want {
		t.Errorf("Measure = %+v, want %+v", got, want)
	}
	if allocs := testing.AllocsPerRun(5, func() { Measure(n) }); allocs > 0 {
		t.Errorf("Measure of a wide enum allocated %v times", allocs)
	}
}
