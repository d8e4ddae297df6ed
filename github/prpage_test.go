package github

import (
	"context"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/report"
)

// comment: auto speaks when the pull request has something of its own: a
// docs-only pull request in a repository with debt creates no comment, a
// new finding creates one, and once it is fixed the comment is edited to
// resolved, with no word about the debt.
func TestKeepCommentSpeaksOfThePullRequestOnly(t *testing.T) {
	f, c := newFakeAPI(t)
	ctx, repo, marker := context.Background(), Repo{"o", "r"}, Marker("ci", "check", "default")
	yes, no := true, false
	debt := contract.Finding{Rule: "gemini/x", Severity: contract.Error, Category: contract.CategoryLint, Server: "fs", Tool: "read", Message: "old", New: &no}
	added := contract.Finding{Rule: "docs/y", Severity: contract.Error, Category: contract.CategoryLint, Server: "fs", Tool: "write", Message: "new", New: &yes}
	opts := report.MarkdownOptions{FailOn: contract.Error}
	keep := func(mode string, findings ...contract.Finding) CommentAction {
		t.Helper()
		r := &contract.Result{Servers: []contract.ServerInfo{{Name: "fs", Tools: 2}}, Findings: findings}
		action, err := c.KeepComment(ctx, repo, 7, marker, mode, r, opts)
		if err != nil {
			t.Fatal(err)
		}
		return action
	}
	if a := keep("auto", debt); a != CommentNone || len(f.comments) != 0 {
		t.Fatalf("docs-only pull request with debt: %v, %d comments", a, len(f.comments))
	}
	if a := keep("auto", debt, added); a != CommentCreated {
		t.Fatalf("a new finding: %v", a)
	}
	if a := keep("auto", debt); a != CommentEdited {
		t.Fatalf("fixed: %v", a)
	}
	body := f.comments[0]["body"].(string)
	if !strings.HasPrefix(body, "✅ **mcp-contract**: resolved") || strings.Contains(body, "⚠️") || strings.Contains(body, "existing") {
		t.Errorf("resolved comment:\n%s", body)
	}
	if a := keep("always", debt); a != CommentEdited || !strings.Contains(f.comments[0]["body"].(string), "1 existing finding") {
		t.Errorf("always: %v\n%s", a, f.comments[0]["body"])
	}
}

func TestOutputsCountThePullRequestApart(t *testing.T) {
	yes, no := true, false
	r := &contract.Result{Findings: []contract.Finding{
		{Rule: "drift/tool-removed", Severity: contract.Error, Category: contract.CategoryDrift, Change: contract.ChangeBreaking, New: &yes},
		{Rule: "docs/a", Severity: contract.Error, Category: contract.CategoryLint, New: &no},
		{Rule: "docs/b", Severity: contract.Warning, Category: contract.CategoryLint, New: &no},
	}}
	var got []string
	for _, o := range Outputs(r) {
		got = append(got, o[0]+"="+o[1])
	}
	if want := "errors=2 warnings=1 infos=0 breaking=1 new-errors=0 new-warnings=0 existing=2"; strings.Join(got, " ") != want {
		t.Errorf("got %s\nwant %s", strings.Join(got, " "), want)
	}
}
