package github

import (
	"context"
	"errors"
	"fmt"
	"strings"

	gh "github.com/google/go-github/v60/github"
)

// Marker is the hidden line that identifies one sticky comment: one per
// workflow, job and comment-id, so several jobs or steps keep their own.
// It is the comment's last line, and looked for there only.
func Marker(workflow, job, id string) string {
	clean := func(s string) string {
		// ">" would close the HTML comment, and "--" may not appear in one;
		// "---" holds another "--" once one is cut, so cut until none is left.
		s = strings.NewReplacer(">", "", "\n", " ", "\r", " ").Replace(s)
		for strings.Contains(s, "--") {
			s = strings.ReplaceAll(s, "--", "-")
		}
		return s
	}
	return fmt.Sprintf("<!-- mcp-contract:%s:%s:%s -->", clean(workflow), clean(job), clean(id))
}

// endsWithMarker reports whether body is one UpsertComment wrote for
// marker: the marker is its last line, so a marker quoted in the report
// above it (a tool named like one) names no comment.
func endsWithMarker(body, marker string) bool {
	body = strings.TrimRight(body, "\r\n")
	last := body[strings.LastIndexByte(body, '\n')+1:]
	return strings.TrimSuffix(last, "\r") == marker
}

// CommentAction says what UpsertComment did.
type CommentAction string

const (
	CommentCreated CommentAction = "created"
	CommentEdited  CommentAction = "edited"
	// CommentNone: a clean run and no comment to update.
	CommentNone CommentAction = "none"
)

// maxCommentPages bounds the listing: 100 pages of 100 comments.
const maxCommentPages = 100

// UpsertComment keeps one comment on pull request pr carrying marker: the
// first comment with the marker written by our own token's login (so a
// marker pasted by a person, or by another bot or app, cannot take it over)
// is edited in place; otherwise one is created, unless clean, since a clean
// run has nothing to say where nothing was said.
func (c *Client) UpsertComment(ctx context.Context, repo Repo, pr int, marker, body string, clean bool) (CommentAction, error) {
	existing, err := c.findComment(ctx, repo, pr, marker)
	if err != nil {
		return CommentNone, err
	}
	full := body + "\n\n" + marker + "\n"
	if existing != nil {
		ctx, cancel := context.WithTimeout(ctx, requestTimeout)
		defer cancel()
		if _, _, err := c.rest.Issues.EditComment(ctx, repo.Owner, repo.Name, existing.GetID(), &gh.IssueComment{Body: gh.String(full)}); err != nil {
			return CommentNone, apiError("editing the pull request comment", err)
		}
		return CommentEdited, nil
	}
	if clean {
		return CommentNone, nil
	}
	ctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	if _, _, err := c.rest.Issues.CreateComment(ctx, repo.Owner, repo.Name, pr, &gh.IssueComment{Body: gh.String(full)}); err != nil {
		return CommentNone, apiError("creating the pull request comment", err)
	}
	return CommentCreated, nil
}

// jobTokenLogin is who the job token (GITHUB_TOKEN) writes as. GET /user
// refuses that token ("Resource not accessible by integration"), so the
// refusal names it.
const jobTokenLogin = "github-actions[bot]"

// Login is who the client's token writes as: the login GET /user answers
// (a personal or app user token), or the job token's bot when it refuses.
func (c *Client) Login(ctx context.Context) (string, error) {
	c.loginMu.Lock()
	defer c.loginMu.Unlock()
	if c.login != "" {
		return c.login, nil
	}
	ctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	u, _, err := c.rest.Users.Get(ctx, "")
	switch {
	case IsForbidden(err):
		c.login = jobTokenLogin
	case err != nil:
		return "", apiError("asking who the token is (GET /user)", err)
	case u.GetLogin() == "":
		return "", errors.New("asking who the token is (GET /user): the answer names no login")
	default:
		c.login = u.GetLogin()
	}
	return c.login, nil
}

func (c *Client) findComment(ctx context.Context, repo Repo, pr int, marker string) (*gh.IssueComment, error) {
	self, err := c.Login(ctx)
	if err != nil {
		return nil, err
	}
	opts := &gh.IssueListCommentsOptions{ListOptions: gh.ListOptions{PerPage: 100}}
	for page := 0; page < maxCommentPages; page++ {
		pageCtx, cancel := context.WithTimeout(ctx, requestTimeout)
		comments, resp, err := c.rest.Issues.ListComments(pageCtx, repo.Owner, repo.Name, pr, opts)
		cancel()
		if err != nil {
			return nil, apiError("listing the pull request comments", err)
		}
		for _, cm := range comments {
			if strings.EqualFold(cm.GetUser().GetLogin(), self) && endsWithMarker(cm.GetBody(), marker) {
				return cm, nil
			}
		}
		if resp.NextPage == 0 {
			return nil, nil
		}
		opts.Page = resp.NextPage
	}
	return nil, nil
}
