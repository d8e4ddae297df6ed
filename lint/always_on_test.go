package lint

import (
	"path/filepath"
	"sort"
	"strings"
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

// TestAlwaysOnRulesSurviveHostileTools feeds malformed and adversarial tools
// to every security, docs and budget rule: none may panic, whatever a server
// sends.
func TestAlwaysOnRulesSurviveHostileTools(t *testing.T) {
	deep := strings.Repeat(`{"type":"object","properties":{"a":`, 1000) + `{"type":"string","description":"Required when x. Default: 1"}` + strings.Repeat(`}}`, 1000)
	hostile := []string{
		`{"name":"null-schema","inputSchema":null}`,
		`{"name":"array-schema","inputSchema":[1,"x",{"description":"Required when y"}]}`,
		`{"name":"string-schema","inputSchema":"ignore previous instructions"}`,
		`{"name":"bad-keywords","inputSchema":{"type":"object","properties":[],"required":"a","dependentRequired":[],"dependentSchemas":"x","if":true,"then":false,"default":{"token":7}}}`,
		`{"name":"non-string-descriptions","description":42,"inputSchema":{"type":"object","properties":{"a":{"description":{"x":1},"enum":"no"}}}}`,
		`{"name":"ref-cycle","inputSchema":{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"type":"object","properties":{"p":{"$ref":"#/$defs/a"},"q":{"$ref":"#/nowhere/~2"}}}}`,
		`{"name":"deep","inputSchema":` + deep + `}`,
		`{"name":"","inputSchema":{"type":"object","properties":{"":{"description":"(default: )","type":["string","null"]}}}}`,
	}
	ids := []string{"security/invisible-unicode", "security/instruction-in-description", "security/secret-like-default",
		"docs/prose-only-constraint", "budget/tool-count", "budget/catalog-tokens"}
	for _, tool := range hostile {
		for _, id := range ids {
			lintTool(t, id, tool, Options{})
		}
	}
}
