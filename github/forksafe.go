package github

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	gh "github.com/google/go-github/v60/github"
	"github.com/sethvargo/go-githubactions"
)

// WorkflowRun is what a workflow_run event says about the run it follows.
// GitHub writes it, so the privileged half of the fork-safe pair can trust
// it, unlike the artifact that run uploaded, which the fork's code wrote.
type WorkflowRun struct {
	// Event triggered the run (pull_request for the fork-safe pair).
	Event string
	// HeadSHA is the commit the run checked, the pull request's head then.
	HeadSHA string
	// HeadOwner, HeadBranch and HeadRepo (owner/name) say where that commit
	// came from: a fork's for a pull request from a fork.
	HeadOwner, HeadBranch, HeadRepo string
	// PullRequests are the run's pull requests as the event lists them:
	// GitHub lists none for a pull request from a fork (actions/runner#3444).
	PullRequests []int
}

// ReadWorkflowRun reads the workflow_run of a workflow_run event.
func ReadWorkflowRun(a *githubactions.Action) (WorkflowRun, error) {
	ctx, err := a.Context()
	if err != nil {
		return WorkflowRun{}, fmt.Errorf("reading the GitHub context: %w", err)
	}
	if ctx.EventName != "workflow_run" {
		return WorkflowRun{}, fmt.Errorf("the event is %q, not workflow_run", ctx.EventName)
	}
	raw, err := json.Marshal(ctx.Event["workflow_run"])
	if err != nil {
		return WorkflowRun{}, fmt.Errorf("the workflow_run event: %w", err)
	}
	var wr gh.WorkflowRun
	if err := json.Unmarshal(raw, &wr); err != nil {
		return WorkflowRun{}, fmt.Errorf("the workflow_run event: %w", err)
	}
	run := WorkflowRun{Event: wr.GetEvent(), HeadSHA: wr.GetHeadSHA(), HeadBranch: wr.GetHeadBranch(),
		HeadOwner: wr.GetHeadRepository().GetOwner().GetLogin(), HeadRepo: wr.GetHeadRepository().GetFullName()}
	for _, pr := range wr.PullRequests {
		if n := pr.GetNumber(); n > 0 {
			run.PullRequests = append(run.PullRequests, n)
		}
	}
	if run.HeadSHA == "" {
		return run, errors.New("the workflow_run event has no head_sha (GITHUB_EVENT_PATH must be the event of a workflow_run workflow)")
	}
	return run, nil
}

// RefusedError is a pull request the run cannot vouch for: the caller says
// why in a notice and posts nothing.
type RefusedError struct{ msg string }

func (e *RefusedError) Error() string { return e.msg }

// maxHeadPRs bounds the open pull requests looked at for one head branch.
const maxHeadPRs = 100

// PullRequestForRun returns the pull request the run's report may be posted
// on: one whose head is, right now, the commit the run checked, from the
// repository the run checked it out of. The candidates are want when given
// (a number the workflow file chose), else the event's pull requests, else,
// since GitHub lists none for a fork, the open pull requests of the run's
// head branch. Nothing the report says is asked: a fork wrote it. A report
// of a commit that is no longer the head (the pull request moved on, or the
// number names someone else's) is a *RefusedError.
func (c *Client) PullRequestForRun(ctx context.Context, repo Repo, run WorkflowRun, want int) (int, error) {
	if run.HeadSHA == "" {
		return 0, &RefusedError{"the workflow_run event names no head commit"}
	}
	// Without the repository the run checked out (head_repository: null,
	// as for a fork deleted since), no pull request's head can be shown to
	// be that commit from there, and a commit alone names no one's work.
	if run.HeadRepo == "" {
		return 0, &RefusedError{"the workflow_run event names no head repository (head_repository is null), so no pull request can be shown to be the run's"}
	}
	var heads []*gh.PullRequest
	switch candidates := run.PullRequests; {
	case want > 0 || len(candidates) > 0:
		if want > 0 {
			candidates = []int{want}
		}
		for _, n := range candidates {
			pctx, cancel := context.WithTimeout(ctx, requestTimeout)
			pr, _, err := c.rest.PullRequests.Get(pctx, repo.Owner, repo.Name, n)
			cancel()
			if err != nil {
				return 0, apiError(fmt.Sprintf("reading pull request #%d", n), err)
			}
			heads = append(heads, pr)
		}
	case run.HeadOwner != "" && run.HeadBranch != "":
		pctx, cancel := context.WithTimeout(ctx, requestTimeout)
		list, _, err := c.rest.PullRequests.List(pctx, repo.Owner, repo.Name, &gh.PullRequestListOptions{
			State: "open", Head: run.HeadOwner + ":" + run.HeadBranch, ListOptions: gh.ListOptions{PerPage: maxHeadPRs}})
		cancel()
		if err != nil {
			return 0, apiError("listing the pull requests of "+run.HeadOwner+":"+run.HeadBranch, err)
		}
		heads = list
	default:
		return 0, &RefusedError{"the workflow_run event names no pull request and no head branch to find one by"}
	}
	var match []int
	var moved, shut []string
	for _, pr := range heads {
		head := pr.GetHead()
		switch {
		case pr.GetState() != "open":
			shut = append(shut, fmt.Sprintf("#%d is %s", pr.GetNumber(), cmp.Or(pr.GetState(), "in no state")))
		case !strings.EqualFold(head.GetRepo().GetFullName(), run.HeadRepo):
			moved = append(moved, fmt.Sprintf("#%d is from %s", pr.GetNumber(), head.GetRepo().GetFullName()))
		case head.GetSHA() != run.HeadSHA:
			moved = append(moved, fmt.Sprintf("#%d is at %s", pr.GetNumber(), shortSHA(head.GetSHA())))
		default:
			match = append(match, pr.GetNumber())
		}
	}
	switch {
	case len(match) == 1:
		return match[0], nil
	case len(match) > 1:
		return 0, &RefusedError{fmt.Sprintf("%d open pull requests have head %s; give --pr N to choose one", len(match), shortSHA(run.HeadSHA))}
	case len(moved) == 0 && len(shut) > 0:
		return 0, &RefusedError{fmt.Sprintf("the pull request is not open (%s); a report is posted on an open pull request only", strings.Join(shut, ", "))}
	case len(moved) > 0:
		return 0, &RefusedError{fmt.Sprintf("the run checked %s from %s, which is not the head of the pull request (%s); if the pull request moved on, its newer run will comment",
			shortSHA(run.HeadSHA), run.HeadRepo, strings.Join(moved, ", "))}
	}
	return 0, &RefusedError{fmt.Sprintf("no open pull request has head %s", shortSHA(run.HeadSHA))}
}

func shortSHA(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

// IsRefused reports a *RefusedError.
func IsRefused(err error) bool {
	var r *RefusedError
	return errors.As(err, &r)
}
