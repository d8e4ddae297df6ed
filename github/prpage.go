package github

import (
	"context"
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/report"
)

// Outputs are the step outputs a workflow gates on: the totals as before,
// and the pull request's own part apart from the debt it inherited
// (new-errors, new-warnings, breaking, existing), so that a gate on
// new-errors does not fail a docs-only pull request in an indebted
// repository. The caller adds the paths (report, sarif).
func Outputs(r *contract.Result) [][2]string {
	t := report.Count(r)
	return [][2]string{
		{"errors", strconv.Itoa(t.Errors)},
		{"warnings", strconv.Itoa(t.Warnings)},
		{"infos", strconv.Itoa(t.Infos)},
		{"breaking", strconv.Itoa(t.Breaking)},
		{"new-errors", strconv.Itoa(t.NewErrors)},
		{"new-warnings", strconv.Itoa(t.NewWarnings)},
		{"existing", strconv.Itoa(t.Existing)},
	}
}

// CommitURL is the page of the pull request's head commit, or "".
func (e Event) CommitURL() string {
	if e.ServerURL == "" || e.Repo.Owner == "" || e.HeadSHA == "" {
		return ""
	}
	return e.ServerURL + "/" + e.Repo.String() + "/commit/" + e.HeadSHA
}

// CommentBody is the sticky comment's text for mode (auto or always), and
// whether it may create a comment where none is: auto speaks only when the
// pull request has something of its own (report.Own), and when it has
// nothing left, an existing comment is edited to one resolved line, never
// to a warning about debt the pull request did not add.
func CommentBody(r *contract.Result, mode string, opts report.MarkdownOptions) (body string, create bool) {
	if mode == "auto" && !report.Own(r) {
		return report.Resolved(opts), false
	}
	var b strings.Builder
	report.Markdown(&b, r, opts)
	return b.String(), true
}

// KeepComment writes the sticky comment for r (CommentBody) on pull request
// pr: it edits the one carrying marker, or creates one when the body may.
func (c *Client) KeepComment(ctx context.Context, repo Repo, pr int, marker, mode string, r *contract.Result, opts report.MarkdownOptions) (CommentAction, error) {
	body, create := CommentBody(r, mode, opts)
	return c.UpsertComment(ctx, repo, pr, marker, body, !create)
}
