package lint

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// corpusFiles lists the real tool lists of testdata/corpus/servers (see
// testdata/corpus/SOURCES.md), relative to the lint package.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../testdata/corpus/servers/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	sort.Strings(files)
	return files
}

// runRulesOnFile runs the given rules, and only those, over one tool file.
func runRulesOnFile(t *testing.T, file string, ids ...string) []contract.Finding {
	t.Helper()
	catalogs, err := source.Load(file)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	want := map[string]bool{}
	profiles := map[Profile]bool{}
	for _, id := range ids {
		r := Lookup(id)
		if r == nil {
			t.Fatalf("rule %s is not registered", id)
		}
		want[id] = true
		profiles[r.Profile] = true
	}
	var out []contract.Finding
	for _, f := range Run(catalogs, Options{Profiles: profiles}) {
		if want[f.Rule] {
			out = append(out, f)
		}
	}
	return out
}
