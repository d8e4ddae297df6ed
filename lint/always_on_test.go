package lint

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// serverCorpusFiles lists the real tool lists of testdata/corpus/servers (see
// testdata/corpus/SOURCES.md), relative to the lint package.
func serverCorpusFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../testdata/corpus/servers/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	sort.Strings(files)
	return files
}

// findingsOfRules runs the given rules, and only those, over one tool file.
func findingsOfRules(t *testing.T, file string, ids ...string) []contract.Finding {
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

// TestAlwaysOnRuleIDs pins the ids issue 3 makes binding for the security,
// docs and budget rules, and that each sits in its always-on profile.
func TestAlwaysOnRuleIDs(t *testing.T) {
	for _, c := range []struct {
		rule    *Rule
		id      string
		profile Profile
	}{
		{securityInvisibleUnicode, "security/invisible-unicode", ProfileSecurity},
		{securityInstructionInDescription, "security/instruction-in-description", ProfileSecurity},
		{securitySecretLikeDefault, "security/secret-like-default", ProfileSecurity},
		{docsProseOnlyConstraint, "docs/prose-only-constraint", ProfileDocs},
		{budgetToolCount, "budget/tool-count", ProfileBudget},
		{budgetCatalogTokens, "budget/catalog-tokens", ProfileBudget},
	} {
		if c.rule.ID != c.id || c.rule.Profile != c.profile || Lookup(c.id) != c.rule {
			t.Errorf("rule %s (profile %s) is not registered as %s in %s", c.rule.ID, c.rule.Profile, c.id, c.profile)
		}
		if enabled, _ := ExpandProfiles(nil); !enabled[c.profile] {
			t.Errorf("profile %s of %s is not always on", c.profile, c.id)
		}
	}
}

// BenchmarkAlwaysOnToolRules runs the security and docs rules over the whole
// corpus (16 servers, 318 tools) per iteration; BenchmarkCatalogTokens
// measures the budget rules' tokenizer.
func BenchmarkAlwaysOnToolRules(b *testing.B) {
	files, _ := filepath.Glob("../testdata/corpus/servers/*.json")
	var catalogs []*contract.Catalog
	for _, f := range files {
		cs, err := source.Load(f)
		if err != nil {
			b.Fatal(err)
		}
		catalogs = append(catalogs, cs...)
	}
	opts := Options{Profiles: map[Profile]bool{ProfileSecurity: true, ProfileDocs: true}}
	for b.Loop() {
		Run(catalogs, opts)
	}
}
