package collisions

import (
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestSimilarName(t *testing.T) {
	for _, tc := range []struct {
		name     string
		catalogs []*contract.Catalog
		groups   []Group
		want     []string
	}{
		{"hyphen and underscore", []*contract.Catalog{catalog(t, "a", "get_file"), catalog(t, "b", "get-file")}, nil, []string{"b/get-file <- a/get_file"}},
		{"case", []*contract.Catalog{catalog(t, "a", "GetFile"), catalog(t, "b", "get_file")}, nil, []string{"b/get_file <- a/GetFile"}},
		{"colon, within one server", []*contract.Catalog{catalog(t, "a", "files:read", "files-read")}, nil, []string{"a/files-read <- a/files:read"}},
		{"three spellings: once", []*contract.Catalog{catalog(t, "a", "get_file"), catalog(t, "b", "get-file", "GET_FILE")}, nil,
			[]string{"b/get-file <- a/get_file, b/GET_FILE"}},
		// Alone, the rule reports a pair a rewriting merges too (see below).
		{"dot", []*contract.Catalog{catalog(t, "a", "list.issues"), catalog(t, "b", "list_issues")}, nil, []string{"b/list_issues <- a/list.issues"}},
		{"identical names are duplicate-name's", []*contract.Catalog{catalog(t, "a", "get_file"), catalog(t, "b", "get_file")}, nil, nil},
		{"other groups", []*contract.Catalog{catalog(t, "a", "get_file"), catalog(t, "b", "get-file")}, []Group{{"x", []string{"a"}}, {"y", []string{"b"}}}, nil},
		{"different words", []*contract.Catalog{catalog(t, "a", "get_file"), catalog(t, "b", "get_files")}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, fs := only(t, "collision/similar-name", tc.catalogs, Options{Groups: tc.groups})
			expect(t, got, tc.want...)
			for _, f := range fs {
				if f.Severity != contract.Warning {
					t.Errorf("severity %s", f.Severity)
				}
			}
		})
	}
	// With every rule on, list.issues / list_issues is collision/after-rewrite's
	// error (OpenAI-compatible clients make them one), reported exactly once.
	fs := Check([]*contract.Catalog{catalog(t, "a", "list.issues"), catalog(t, "b", "list_issues")}, Options{})
	if len(fs) != 1 || fs[0].Rule != "collision/after-rewrite" {
		t.Errorf("want one after-rewrite finding, got %+v", fs)
	}
}
