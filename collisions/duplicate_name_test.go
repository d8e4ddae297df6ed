package collisions

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestDuplicateName(t *testing.T) {
	a := catalog(t, "alpha", "get_file", "list_issues", "shared")
	b := catalog(t, "beta", "get_file", "Get_File", "shared")
	c := catalog(t, "gamma", "shared", "shared")
	for _, tc := range []struct {
		name     string
		catalogs []*contract.Catalog
		groups   []Group
		want     []string
	}{
		{"one clash, on the later server", []*contract.Catalog{a, b}, nil, []string{"beta/get_file <- alpha/get_file", "beta/shared <- alpha/shared"}},
		{"three servers: once, naming both others (a server's own twin is lint's)", []*contract.Catalog{a, b, c}, nil,
			[]string{"beta/get_file <- alpha/get_file", "beta/shared <- alpha/shared, gamma/shared"}},
		{"case differs: not a duplicate", []*contract.Catalog{catalog(t, "x", "Get_File"), catalog(t, "y", "get_file")}, nil, nil},
		{"different groups do not clash", []*contract.Catalog{a, b, c}, []Group{{"claude", []string{"alpha", "gamma"}}, {"cursor", []string{"beta"}}},
			[]string{"gamma/shared <- alpha/shared"}},
		{"two groups sharing a pair report it once", []*contract.Catalog{a, b}, []Group{{"one", []string{"alpha", "beta"}}, {"two", []string{"beta", "alpha"}}},
			[]string{"beta/get_file <- alpha/get_file", "beta/shared <- alpha/shared"}},
		{"a server in no group is checked against nothing", []*contract.Catalog{a, b}, []Group{{"one", []string{"alpha"}}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := only(t, "collision/duplicate-name", tc.catalogs, Options{Groups: tc.groups})
			expect(t, got, tc.want...)
		})
	}
}

func TestDuplicateNameFinding(t *testing.T) {
	_, fs := only(t, "collision/duplicate-name", []*contract.Catalog{catalog(t, "alpha", "x", "get_file"), catalog(t, "npm-archived-server-github", "get_file")},
		Options{Providers: Providers})
	if len(fs) != 1 {
		t.Fatalf("want one finding, got %+v", fs)
	}
	f := fs[0]
	if f.Severity != contract.Error || f.File != "npm-archived-server-github.json" || f.Line != 2 || f.Column != 12 {
		t.Errorf("finding position: %+v", f)
	}
	rel := f.Related[0]
	if rel.Server != "alpha" || rel.Tool != "get_file" || rel.File != "alpha.json" || rel.Line != 3 || rel.Column != 12 || rel.Pointer != "/name" {
		t.Errorf("related: %+v", rel)
	}
	// The server name does not fit under mcp__{server}__ within 64, so the
	// proposal uses its stem.
	if !strings.Contains(f.Fix, `prefix "github_"`) || !strings.Contains(f.Message, `server "alpha"`) {
		t.Errorf("message/fix: %s / %s", f.Message, f.Fix)
	}
	_, fs = only(t, "collision/duplicate-name", []*contract.Catalog{catalog(t, "a", "get_file"), catalog(t, "b", "get_file")},
		Options{Providers: Providers, Groups: []Group{{"desk", []string{"a", "b"}}}})
	if !strings.Contains(fs[0].Fix, `prefix "b_"`) || !strings.Contains(fs[0].Message, `in group "desk"`) {
		t.Errorf("message/fix: %s / %s", fs[0].Message, fs[0].Fix)
	}
}

// Two servers that share many names get one rename rule for all of them,
// even when a long name makes the full server prefix too long for one tool.
func TestOneRenameRulePerServer(t *testing.T) {
	long := strings.Repeat("l", 30)
	for _, tc := range []struct {
		name    string
		tools   []string
		wantFix string
	}{
		{"short names take the server name", []string{"echo", "add", "get_env"}, `prefix "everything-http_"`},
		{"one long name moves every name to the stem", []string{"echo", "add", long}, `prefix "http_"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, fs := only(t, "collision/duplicate-name",
				[]*contract.Catalog{catalog(t, "everything", tc.tools...), catalog(t, "everything-http", tc.tools...)}, Options{Providers: Providers})
			if len(fs) != len(tc.tools) {
				t.Fatalf("want %d findings, got %d", len(tc.tools), len(fs))
			}
			for _, f := range fs {
				if f.Fix != fs[0].Fix {
					t.Errorf("two rename rules for one server pair:\n%s\n%s", fs[0].Fix, f.Fix)
				}
			}
			if !strings.Contains(fs[0].Fix, tc.wantFix) {
				t.Errorf("fix %q does not contain %q", fs[0].Fix, tc.wantFix)
			}
		})
	}
}
