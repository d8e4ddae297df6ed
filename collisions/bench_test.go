package collisions

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// benchCatalogs makes servers of 100 tools each from the corpus's 318 real
// tools, dealt round so every name is published by many servers: the worst
// case for findings. Server names are short, as config keys are.
func benchCatalogs(b testing.TB, servers int) []*contract.Catalog {
	files, _ := filepath.Glob("../testdata/corpus/servers/*.json")
	var tools []*contract.Tool
	for _, f := range files {
		c, err := source.LoadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		tools = append(tools, c.Tools...)
	}
	if len(tools) < 300 {
		b.Fatalf("corpus missing: %d tools", len(tools))
	}
	out := make([]*contract.Catalog, servers)
	for i := range out {
		c := &contract.Catalog{Server: fmt.Sprintf("srv%03d", i), Origin: "bench"}
		for j := 0; j < 100; j++ {
			t := *tools[(i*100+j)%len(tools)]
			t.Index = j
			c.Tools = append(c.Tools, &t)
		}
		out[i] = c
	}
	return out
}

// go test ./collisions -bench Check -benchmem: compare the two sizes; the
// cost per tool must stay flat as servers are added.
func BenchmarkCheck(b *testing.B) {
	for _, servers := range []int{100, 200} {
		catalogs := benchCatalogs(b, servers)
		b.Run(fmt.Sprintf("servers=%d/tools=%d", servers, servers*100), func(b *testing.B) {
			var n int
			for b.Loop() {
				n = len(Check(catalogs, Options{Providers: Providers}))
			}
			b.ReportMetric(float64(n), "findings")
		})
	}
}

// Linear, not quadratic, in what is built: twice the servers (and tools)
// allocate twice as much, whatever the machine's load. Findings, related
// lists or indexes built per pair of servers would grow four times; time is
// BenchmarkCheck's to show.
func TestCostGrowsWithToolsNotPairs(t *testing.T) {
	allocs := func(servers int) float64 {
		catalogs := benchCatalogs(t, servers)
		return testing.AllocsPerRun(2, func() { Check(catalogs, Options{Providers: Providers}) })
	}
	small, large := allocs(50), allocs(100)
	t.Logf("allocations: %.0f for 50 servers, %.0f for 100", small, large)
	if ratio := large / small; ratio > 2.2 {
		t.Errorf("100 servers cost %.2f times 50 servers' allocations (%.0f vs %.0f), want about 2", ratio, large, small)
	}
}
