package drift

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Objects compare by their winning members (the last of a duplicated key),
// small ones by scanning and large ones through maps, alike.
func TestEqualValuesByWinningMembers(t *testing.T) {
	for _, width := range []int{3, 40} {
		var common strings.Builder
		for i := range width {
			fmt.Fprintf(&common, `"p%d":{"type":"string"},`, i)
		}
		obj := func(tail string) *jsontree.Node {
			n, err := jsontree.Parse([]byte("{" + common.String() + tail + "}"))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		for _, c := range []struct {
			a, b  string
			equal bool
		}{
			{`"k":1`, `"k":1`, true},
			{`"k":1`, `"k":0,"k":1`, true},
			{`"k":1`, `"k":1,"k":0`, false},
			{`"k":1`, `"j":1`, false},
			{`"k":0,"k":1`, `"k":1`, true},
		} {
			if got := equalWithin(obj(c.a), obj(c.b), 10); got != c.equal {
				t.Errorf("%d members and {%s} against {%s}: equal %v, want %v", width, c.a, c.b, got, c.equal)
			}
		}
	}
}
