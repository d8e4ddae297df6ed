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
func benchCatalogs(b *testing.B, servers int) []*contract.Catalog {
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
