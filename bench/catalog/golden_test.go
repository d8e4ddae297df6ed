package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/source"
)

var update = flag.Bool("update", false, "rewrite the golden of per-rule counts")

// The findings per rule of `lint --profile all` on the 10,000 distinct tools
// bench/lint.sh measures. A speed-up must leave them unchanged; a new or
// changed rule changes them on purpose: regenerate with
// `go test ./bench/catalog -update` and say so in the commit.
func TestDistinctCatalogCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 10,000 tools")
	}
	base, err := corpusTools("../../testdata/corpus/servers")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "catalog.json")
	if err := writeCatalogs(base, 10000, 0, file, ""); err != nil {
		t.Fatal(err)
	}
	catalogs, err := source.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	profiles, _ := lint.ExpandProfiles([]string{"all"})
	var rules []string
	for _, f := range lint.Run(catalogs, lint.Options{Profiles: profiles}) {
		rules = append(rules, f.Rule)
	}
	got := formatCounts(rules)
	golden := "testdata/distinct-10000.counts"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("per-rule counts changed; if a rule changed on purpose, run with -update\ngot:\n%s\nwant:\n%s", got, want)
	}
}

// The generator is deterministic and makes every tool its own.
func TestGenDistinct(t *testing.T) {
	base, err := corpusTools("../../testdata/corpus/servers")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for _, f := range []string{a, b} {
		if err := writeCatalogs(base, 2*len(base), 0, f, ""); err != nil {
			t.Fatal(err)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if string(da) != string(db) {
		t.Fatal("two runs wrote different catalogs")
	}
	cs, err := source.Load(a)
	if err != nil {
		t.Fatal(err)
	}
	tools := cs[0].Tools
	// Two copies of the same corpus tool have their own descriptions; odd
	// copies their own property names too, even ones the corpus's.
	renamed := 0
	for i := range base {
		first, second := tools[i], tools[i+len(base)]
		if desc(first) != "" && desc(first) == desc(second) {
			t.Errorf("%s and %s share their description", first.Name, second.Name)
		}
		if p1, p2 := props(first), props(second); len(p1) > 0 {
			if (p1[0] != p2[0]) != (i%2 == 1) {
				t.Errorf("%s: properties %v, %s: %v", first.Name, p1, second.Name, p2)
			}
			if i%2 == 1 {
				renamed++
			}
		}
	}
	if renamed < 100 {
		t.Errorf("only %d tools with their own property names", renamed)
	}
}

func desc(t *contract.Tool) string { return t.Node.Get("description").Text }

func props(t *contract.Tool) []string {
	var names []string
	for _, m := range t.Input().Get("properties").Members() {
		names = append(names, m.Key)
	}
	return names
}
