package collisions

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// catalog builds a server from tool names, each tool on its own line so
// findings carry distinct positions.
func catalog(t testing.TB, server string, names ...string) *contract.Catalog {
	t.Helper()
	var lines []string
	for _, n := range names {
		b, _ := json.Marshal(n)
		lines = append(lines, `  {"name": `+string(b)+`, "inputSchema": {"type": "object"}}`)
	}
	c, err := source.Parse([]byte("{\"tools\": [\n"+strings.Join(lines, ",\n")+"\n]}\n"), server+".json", server, "file:"+server+".json")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// only runs one rule and returns "server/tool <- server/tool, ..." per
// finding (the finding's side, then its Related sides), sorted.
func only(t *testing.T, id string, catalogs []*contract.Catalog, opts Options) ([]string, []contract.Finding) {
	t.Helper()
	if Lookup(id) == nil {
		t.Fatalf("rule %s is not registered", id)
	}
	opts.Disabled = map[string]bool{}
	for _, r := range Rules() {
		opts.Disabled[r.ID] = r.ID != id
	}
	fs := Check(catalogs, opts)
	out := []string{}
	for _, f := range fs {
		if f.Rule != id || f.Category != contract.CategoryCollision || f.Pointer != "/name" || f.Message == "" || f.Fix == "" {
			t.Errorf("malformed finding %+v", f)
		}
		s := f.Server + "/" + f.Tool
		var rel []string
		for _, r := range f.Related {
			rel = append(rel, r.Server+"/"+r.Tool)
		}
		if len(rel) > 0 {
			s += " <- " + strings.Join(rel, ", ")
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out, fs
}

func expect(t *testing.T, got []string, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// name returns a tool name of exactly n characters.
func name(n int) string {
	return ("get_" + strings.Repeat("x", n))[:n]
}
