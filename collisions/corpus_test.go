package collisions

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

func load(t testing.TB, names ...string) []*contract.Catalog {
	t.Helper()
	var out []*contract.Catalog
	for _, n := range names {
		cs, err := source.Load("../testdata/corpus/servers/" + n + ".json")
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, cs...)
	}
	return out
}

// github-mcp-server and the archived reference GitHub server share 19 tool
// names (counted from the two files); each is reported exactly once, on the
// later server, pointing back at the earlier one's line.
func TestCorpusGitHubServers(t *testing.T) {
	catalogs := load(t, "github-mcp-server", "npm-archived-server-github")
	shared := map[string]bool{}
	for _, a := range catalogs[0].Tools {
		if catalogs[1].Tool(a.Name) != nil {
			shared[a.Name] = true
		}
	}
	if len(shared) != 19 {
		t.Fatalf("the corpus files changed: %d shared names", len(shared))
	}
	fs := Check(catalogs, Options{Providers: Providers})
	byRule := map[string]int{}
	seen := map[string]int{}
	for _, f := range fs {
		byRule[f.Rule]++
		if f.Rule != "collision/duplicate-name" {
			continue
		}
		seen[f.Tool]++
		if f.Server != "npm-archived-server-github" || len(f.Related) != 1 || f.Related[0].Server != "github-mcp-server" ||
			f.Related[0].Tool != f.Tool || f.Related[0].Line == 0 || f.Line == 0 {
			t.Errorf("finding sides: %+v", f)
		}
	}
	for name := range shared {
		if seen[name] != 1 {
			t.Errorf("%s reported %d times", name, seen[name])
		}
	}
	if len(seen) != len(shared) {
		t.Errorf("reported %d names, want %d", len(seen), len(shared))
	}
	// Everything else the pair yields, pinned: the long names of
	// npm-archived-server-github (26 characters) under mcp__…__.
	var got []string
	for rule, n := range byRule {
		got = append(got, fmt.Sprintf("%s %d", rule, n))
	}
	sort.Strings(got)
	t.Logf("%s", strings.Join(got, "\n"))
}
