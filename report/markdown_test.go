package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

func TestMarkdownVerdictTableAndGroups(t *testing.T) {
	same := func(tool string) contract.Finding {
		return contract.Finding{Rule: "openai-strict/property-not-required", Severity: contract.Error, Server: "gh", Tool: tool,
			Message: "property is not in required", File: "gh.json", Line: 3, Column: 1}
	}
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "gh", Tools: 3, Tokens: 1200}},
		Findings: []contract.Finding{
			same("a"), same("b"),
			{Rule: "drift/required-added", Severity: contract.Error, Server: "gh", Tool: "c", Change: contract.ChangeBreaking,
				Message: "x is now required", File: "gh.json", Line: 9, Column: 5},
			{Rule: "docs/missing-description", Severity: contract.Warning, Server: "gh", Tool: "a", Message: "no description"},
		},
	}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	want := "❌ **mcp-contract**: 3 errors, 1 warning, 0 info, 1 breaking change in 1 server, 3 tools (fail-on error)\n\n" +
		"| server | tools | errors | warnings | breaking | tokens |\n|---|--:|--:|--:|--:|--:|\n" +
		"| gh | 3 | 3 | 1 | 1 | 1200 |\n\n" +
		"- 🔴 **error** `openai-strict/property-not-required` property is not in required — gh: `a`, `b`\n" +
		"- 🔴 **error** `drift/required-added` (breaking) x is now required — gh: `c` at `gh.json:9:5`\n" +
		"- 🟡 **warning** `docs/missing-description` no description — gh: `a`\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestMarkdownNamesBothSidesOfACollision(t *testing.T) {
	r := &contract.Result{Findings: []contract.Finding{{Rule: "collision/duplicate-name", Severity: contract.Error, Server: "b", Tool: "get",
		File: "b.json", Line: 3, Column: 12, Message: "clash", Related: []contract.Location{{Server: "a", Tool: "get", File: "a.json", Line: 9, Column: 12}, {Server: "live", Tool: "get"}}}}}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	want := "- 🔴 **error** `collision/duplicate-name` clash — b: `get` at `b.json:3:12`; also `a/get` at `a.json:9:12`; also `live/get`\n"
	if !strings.HasSuffix(out.String(), want) {
		t.Errorf("got\n%s\nwant it to end with\n%s", out.String(), want)
	}
}

func TestMarkdownServerTextIsInert(t *testing.T) {
	secret := "tok-123456"
	r := &contract.Result{Findings: []contract.Finding{{
		Rule: "security/x", Severity: contract.Warning, Server: "s", Tool: "t`|<img>",
		Message: "hi @octocat <script>alert(1)</script> [link](http://x) | col\n## heading " + secret,
	}}}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error, Masker: safetext.NewMasker(secret)}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, bad := range []string{"@octocat", "<script>", "[link](", "\n## heading", secret, " | col"} {
		if strings.Contains(s, bad) {
			t.Errorf("%q survived:\n%s", bad, s)
		}
	}
	// A tool name shows verbatim in a code span, where nothing renders.
	if !strings.Contains(s, "— s: `t'|<img>`") {
		t.Errorf("tool name not in one code span:\n%s", s)
	}
}

func TestMarkdownFoldsAndFitsTheLimit(t *testing.T) {
	r := manyFindings(t)
	var full bytes.Buffer
	if err := Markdown(&full, r, MarkdownOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(full.String(), "<details><summary>") {
		t.Error("no <details> past the first groups")
	}
	for _, limit := range []int{2000, MaxCommentBytes} {
		var out bytes.Buffer
		if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error, MaxBytes: limit, RunURL: "https://github.com/o/r/actions/runs/1"}); err != nil {
			t.Fatal(err)
		}
		s := out.String()
		if len(s) > limit {
			t.Errorf("%d bytes over the %d limit", len(s), limit)
		}
		if full.Len() > limit && !strings.Contains(s, "[the run](https://github.com/o/r/actions/runs/1)") {
			t.Errorf("cut at %d without a note", limit)
		}
		if strings.Count(s, "<details>") != strings.Count(s, "</details>") {
			t.Errorf("unbalanced <details> at %d", limit)
		}
	}
	t.Logf("full markdown for %d findings: %d bytes", len(r.Findings), full.Len())
}
