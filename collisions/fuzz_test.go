package collisions

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// Names come from servers nobody here controls: any bytes, any length, in
// any server name, under any template.
func FuzzCheck(f *testing.F) {
	f.Add("github", "get_file\nget-file\nGET.FILE", "gitlab", "get_file\nnotion.search", "{server}.{tool}")
	f.Add("a_b", "c", "a", "b_c", "{tool}")
	f.Add("1ü", strings.Repeat("é", 70), "", "\x00\xff:", "mcp__{server}__{tool}")
	f.Fuzz(func(t *testing.T, s1, names1, s2, names2, template string) {
		var cs []*contract.Catalog
		for _, side := range [][2]string{{s1, names1}, {s2, names2}} {
			c := &contract.Catalog{Server: side[0]}
			for i, n := range strings.Split(side[1], "\n") {
				c.Tools = append(c.Tools, &contract.Tool{Name: n, Index: i})
			}
			cs = append(cs, c)
		}
		styles := DefaultStyles
		if st, err := ParseStyle(template); err == nil {
			styles = append(append([]Style(nil), DefaultStyles...), st)
		}
		for _, fd := range Check(cs, Options{Styles: styles, Providers: Providers}) {
			pair := fd.Rule == "collision/duplicate-name" || fd.Rule == "collision/similar-name" || fd.Rule == "collision/after-rewrite"
			if pair != (len(fd.Related) > 0) || fd.Message == "" || fd.Fix == "" {
				t.Fatalf("malformed finding %+v", fd)
			}
		}
	})
}
