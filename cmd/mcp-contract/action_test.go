package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/pipeline"
)

// Annotations and SARIF need paths from the repository root, whatever the
// working directory and however the finding's file was named.
func TestRelativize(t *testing.T) {
	ws := t.TempDir()
	sub := filepath.Join(ws, "svc")
	os.MkdirAll(filepath.Join(sub, "snaps"), 0o755)
	os.WriteFile(filepath.Join(sub, "snaps", "kept.json"), nil, 0o644)
	r := &contract.Result{Findings: []contract.Finding{
		{File: "snaps/a.json", Line: 3, Column: 4},
		{File: filepath.Join(sub, "snaps", "b.json"), Line: 5, Column: 6},
		{File: "git:0123abc:svc/snaps/kept.json", Line: 7, Column: 8},
		{File: "git:0123abc:svc/snaps/gone.json", Line: 9, Column: 1},
		{File: filepath.Join(filepath.Dir(ws), "elsewhere.json"), Line: 2, Column: 2,
			Related: []contract.Location{{File: "../svc/snaps/c.json", Line: 1, Column: 1}}},
	}}
	relativize(r, ws, sub)
	want := []struct {
		file      string
		line, col int
	}{
		{"svc/snaps/a.json", 3, 4},
		{"svc/snaps/b.json", 5, 6},
		{"svc/snaps/kept.json", 0, 0},
		{"", 0, 0},
		{"", 0, 0},
	}
	for i, w := range want {
		f := r.Findings[i]
		if f.File != w.file || f.Line != w.line || f.Column != w.col {
			t.Errorf("finding %d: %s:%d:%d, want %s:%d:%d", i, f.File, f.Line, f.Column, w.file, w.line, w.col)
		}
	}
	if rel := r.Findings[4].Related[0]; rel.File != "svc/snaps/c.json" || rel.Line != 1 {
		t.Errorf("related %+v", rel)
	}
}

// Every rule's SARIF help URI names a README heading that exists, so a
// renamed section cannot leave code scanning linking nowhere.
func TestRuleHelpURIsNameREADMEHeadings(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		// GitHub's slug: lower case, punctuation dropped, spaces to hyphens.
		slug := strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
				return r
			case r == ' ':
				return '-'
			}
			return -1
		}, strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#"))))
		anchors[slug] = true
	}
	for id := range pipeline.KnownRules() {
		uri := ruleHelpURI(id)
		_, anchor, _ := strings.Cut(uri, "#")
		if !strings.HasPrefix(uri, readmeURL+"#") || !anchors[anchor] {
			t.Errorf("%s: %s names no README heading", id, uri)
		}
	}
}
