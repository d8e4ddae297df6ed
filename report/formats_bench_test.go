package report

import (
	"io"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/lint"
)

// The Action renders one result in four formats (the JSON report, the
// annotations, the markdown of the summary and comment, SARIF): each timed
// on github-mcp-server linted with every profile (436 findings).
func BenchmarkActionFormats(b *testing.B) {
	r := manyFindings(b)
	var rules []contract.RuleInfo
	for _, rule := range lint.Rules() {
		rules = append(rules, rule.Info())
	}
	formats := map[string]func(io.Writer) error{
		"json":   func(w io.Writer) error { return JSON(w, r, Meta{Name: "mcp-contract"}) },
		"github": func(w io.Writer) error { return GitHub(w, r, GitHubOptions{}) },
		"markdown": func(w io.Writer) error {
			return Markdown(w, r, MarkdownOptions{FailOn: contract.Error, MaxBytes: MaxSummaryBytes})
		},
		"sarif": func(w io.Writer) error {
			return SARIF(w, r, SARIFOptions{Meta: Meta{Name: "mcp-contract"}, Rules: rules})
		},
	}
	for _, name := range []string{"json", "github", "markdown", "sarif"} {
		render := formats[name]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if err := render(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
