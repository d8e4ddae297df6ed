package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
)

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
		uri := report.READMEHelpURI(id)
		_, anchor, _ := strings.Cut(uri, "#")
		if !strings.HasPrefix(uri, report.READMEURL+"#") || !anchors[anchor] {
			t.Errorf("%s: %s names no README heading", id, uri)
		}
	}
}
