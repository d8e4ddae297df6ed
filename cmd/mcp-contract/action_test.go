package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
)

// Every rule's SARIF help URI names its own heading in docs/rules.md, so
// code scanning links to the rule, not to a page without it.
func TestRuleHelpURIsNameTheirRulesHeading(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		// GitHub's slug: lower case, punctuation dropped, spaces to hyphens.
		heading := strings.TrimSpace(strings.TrimLeft(line, "#"))
		slug := strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
				return r
			case r == ' ':
				return '-'
			}
			return -1
		}, strings.ToLower(heading))
		anchors[slug] = heading
	}
	for id := range pipeline.KnownRules() {
		uri := report.RuleHelpURI(id)
		_, anchor, _ := strings.Cut(uri, "#")
		if !strings.HasPrefix(uri, report.RulesDocURL+"#") || anchors[anchor] != id {
			t.Errorf("%s: %s names no heading of that rule in docs/rules.md (regenerate it: go run ./cmd/docgen)", id, uri)
		}
	}
}
