package lint

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
	"github.com/mcp-contract/mcp-contract/source"
)

// Every rule sees the same subschemas with the same pointers, whether the
// walk is kept for the tool (a small one), walked again per rule (past
// maxKeptSchemas), or asked for inside another walk.
func TestEachInputSchemaKeepsOrWalksAgain(t *testing.T) {
	for _, n := range []int{3, maxKeptSchemas} {
		c, err := source.Parse([]byte(`[{"name":"a","inputSchema":{"type":"object","properties":{"v":{"anyOf":[`+
			strings.TrimSuffix(strings.Repeat(`{},`, n), ",")+`]}}}}]`), "t.json", "t", "file")
		if err != nil {
			t.Fatal(err)
		}
		tool := c.Tools[0]
		p := &Pass{Tool: tool, scratch: newScratch()}
		pointers := func() (list []string) {
			p.eachInputSchema(func(s schemawalk.Schema) { list = append(list, s.Pointer()) })
			return list
		}
		first := pointers()
		if len(first) != n+2 || first[1] != "/inputSchema/properties/v" || first[n+1] != "/inputSchema/properties/v/anyOf/"+strconv.Itoa(n-1) {
			t.Fatalf("%d subschemas: walked %d, ending %q", n, len(first), first[len(first)-1])
		}
		if kept := p.scratch.tool == tool; kept != (n+2 <= maxKeptSchemas) {
			t.Errorf("%d subschemas: kept %v", n+2, kept)
		}
		// Asked for inside the first walk of a fresh scratch, and again.
		p.scratch = newScratch()
		var outer, inner []string
		p.eachInputSchema(func(s schemawalk.Schema) {
			outer = append(outer, s.Pointer())
			if len(outer) == 2 {
				inner = pointers()
			}
		})
		if !slices.Equal(outer, first) || !slices.Equal(inner, first) || !slices.Equal(pointers(), first) {
			t.Errorf("%d subschemas: a walk (%d), one inside it (%d) or the next (%d) differs from the first", n+2, len(outer), len(inner), len(pointers()))
		}
	}
}
