package lint

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/report"
)

// An npm package name in prose ("@google/genai") would ping the GitHub org
// of that name, so the markdown escaper breaks it with a zero-width space,
// which a reader copying the name then carries along. In a code span it
// needs none: the messages that name clients render without one.
func TestPackageNamesRenderWithoutZeroWidthSpaces(t *testing.T) {
	findings := lintTool(t, "gemini/unsupported-keyword",
		`{"tools":[{"name":"t","description":"d","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","additionalProperties":false,"properties":{}}}]}`,
		Options{})
	if len(findings) != 2 {
		t.Fatalf("want the $schema and additionalProperties findings, got %d", len(findings))
	}
	var page strings.Builder
	if err := report.Markdown(&page, &contract.Result{Findings: findings}, report.MarkdownOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	md := page.String()
	if !strings.Contains(md, "`@google/genai`") {
		t.Errorf("the page does not name @google/genai as code:\n%s", md)
	}
	if strings.Contains(md, "&#8203;") || strings.Contains(md, "\u200b") {
		t.Errorf("the page has a zero-width space:\n%s", md)
	}
}

// scopedName is an npm package name with a scope; a backtick before it
// means it opens a code span.
var scopedName = regexp.MustCompile("(^|[^`\\w])@[a-z0-9-]+/[a-z0-9-]")

// Help texts are rendered as markdown too (the rules page): every npm
// package name in one is a code span.
func TestHelpNamesPackagesAsCode(t *testing.T) {
	for _, r := range Rules() {
		if m := scopedName.FindString(r.Help + " " + r.Summary); m != "" {
			t.Errorf("%s names a package outside a code span: %q", r.ID, m)
		}
	}
}
