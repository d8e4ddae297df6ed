package collisions

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
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
	cost := func(servers int) float64 {
		catalogs := benchCatalogs(t, servers)
		return allocatedBytes(func() { Check(catalogs, Options{Providers: Providers}) })
	}
	small, large := cost(50), cost(100)
	t.Logf("bytes allocated: %.0f for 50 servers, %.0f for 100", small, large)
	// About 2 (map growth steps add a little); a per-pair structure gives 4.
	if ratio := large / small; ratio > 3 {
		t.Errorf("100 servers allocate %.2f times what 50 servers do, want about 2", ratio)
	}
}

// lookAlikes are n distinct names that OpenAI-compatible clients all turn
// into "get_file" and that normalise to one key: what a hostile server can
// publish.
func lookAlikes(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "get" + string(rune(0x100+i)) + "file"
	}
	return out
}

// A thousand look-alikes are one finding naming the rest, and twice as many
// cost twice as much: nothing is built per pair of names.
func TestLookAlikesStayLinear(t *testing.T) {
	c := catalog(t, "hostile", lookAlikes(1000)...)
	fs := Check([]*contract.Catalog{c}, Options{Styles: []Style{}})
	if len(fs) != 1 || fs[0].Rule != "collision/after-rewrite" || len(fs[0].Related) != 999 || !strings.Contains(fs[0].Message, "and 994 more") {
		t.Fatalf("got %d findings: %+v", len(fs), fs)
	}
	cost := func(n int) float64 {
		cs := []*contract.Catalog{catalog(t, "hostile", lookAlikes(n)...)}
		return allocatedBytes(func() { Check(cs, Options{Styles: []Style{}}) })
	}
	small, large := cost(1000), cost(2000)
	t.Logf("bytes allocated: %.0f for 1000 look-alikes, %.0f for 2000", small, large)
	if large/small > 3 {
		t.Errorf("2000 look-alikes allocate %.2f times what 1000 do, want about 2", large/small)
	}
}

// allocatedBytes is what one run of fn allocates: a count, not a time, so
// the machine's load does not move it.
func allocatedBytes(fn func()) float64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc - before.TotalAlloc)
}
