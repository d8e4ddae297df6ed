package github

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/sethvargo/go-githubactions"
)

// RunURL links the current workflow run, when there is one.
func RunURL() string {
	server, repo, id := os.Getenv("GITHUB_SERVER_URL"), os.Getenv("GITHUB_REPOSITORY"), os.Getenv("GITHUB_RUN_ID")
	if server == "" || repo == "" || id == "" {
		return ""
	}
	return strings.TrimSuffix(server, "/") + "/" + repo + "/actions/runs/" + id
}

// StandingsNow are the result's standings as of now, linking run.
func StandingsNow(result *contract.Result, run string, masker *safetext.Masker) []Standing {
	return Standings(result, StandingOptions{RunURL: run, Masker: masker, Now: time.Now()})
}

// drifting counts the servers that drift.
func drifting(standings []Standing) int {
	n := 0
	for _, s := range standings {
		if s.State == Drifting {
			n++
		}
	}
	return n
}

// WritePlan prints what a sync would write, each title and body in full,
// and returns how many servers drift. The texts are the ones the issues
// would carry, already escaped and masked; Line keeps each heading on one
// line.
func WritePlan(w io.Writer, plan IssuePlan, standings []Standing, masker *safetext.Masker) int {
	counts := map[string]int{}
	for _, st := range plan.Steps {
		counts[st.Kind]++
		server := safetext.Line(masker.Mask(st.Server))
		switch st.Kind {
		case IssueCreate:
			head := "would open an issue labelled " + st.Label + " for " + server
			if st.Unlisted {
				head += ", or edit the one open (open issues not read: no token)"
			}
			fmt.Fprintf(w, "--- %s\ntitle: %s\n\n%s\n", head, safetext.Line(st.Title), strings.TrimRight(st.Body, "\n"))
		case IssueEdit:
			fmt.Fprintf(w, "--- would edit issue #%d of %s\ntitle: %s\n\n%s\n", st.Number, server, safetext.Line(st.Title), strings.TrimRight(st.Body, "\n"))
		case IssueClose:
			head := fmt.Sprintf("would close issue #%d of %s, labelled %s", st.Number, server, strings.Join(st.Labels, ", "))
			if st.Unlisted {
				head = "would close the " + st.Label + " issue of " + server + ", if one is open (open issues not read: no token)"
			}
			fmt.Fprintf(w, "--- %s, commenting:\n\n%s\n", head, st.Comment)
		}
	}
	n := drifting(standings)
	fmt.Fprintf(w, "--- drift issues, dry run: %d servers drifting; would open %d, edit %d, close %d; nothing was written\n",
		n, counts[IssueCreate], counts[IssueEdit], counts[IssueClose])
	if len(plan.Held) > 0 {
		fmt.Fprintf(w, "--- no issue would be opened for %s: max-issues are open already\n", safetext.Line(strings.Join(plan.Held, ", ")))
	}
	return n
}

// KeepDriftIssues brings the drift issues in step with result and says
// what it did through say; it returns how many servers drift.
func KeepDriftIssues(ctx context.Context, apiURL, token string, repo Repo, result *contract.Result, maxIssues int, run string, masker *safetext.Masker, say func(string, ...any)) (int, error) {
	client, err := NewClient(apiURL, token, nil)
	if err != nil {
		return 0, contract.Inputf("%v", err)
	}
	standings := StandingsNow(result, run, masker)
	n := drifting(standings)
	out, err := client.SyncDriftIssues(ctx, repo, standings, SyncOptions{MaxIssues: maxIssues, RunURL: run})
	if err != nil {
		return n, fmt.Errorf("drift issues: %w", err)
	}
	say("drift issues: %d servers drifting, %s created, %s edited, %s closed", n, numbers(out.Created), numbers(out.Edited), numbers(out.Closed))
	if len(out.Held) > 0 {
		say("drift issues: no issue opened for %s: %d are open already (max-issues)", safetext.Line(strings.Join(out.Held, ", ")), maxIssues)
	}
	return n, nil
}

func numbers(ns []int) string {
	if len(ns) == 0 {
		return "none"
	}
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprintf("#%d", n)
	}
	return strings.Join(parts, " ")
}

// CommentPR is the pull request to comment on: on a workflow_run event the
// one whose head is the run's (pr only picks among those), else the
// event's, else pr. It is -1 when the API refused to say, which a notice
// has told.
func CommentPR(ctx context.Context, gha *githubactions.Action, ev Event, token string, pr int, masker *safetext.Masker) (int, error) {
	switch {
	case ev.Name == "workflow_run":
		run, err := ReadWorkflowRun(gha)
		if err != nil {
			return 0, contract.Inputf("%v", err)
		}
		client, err := NewClient(gha.Getenv("GITHUB_API_URL"), token, nil)
		if err != nil {
			return 0, contract.Inputf("%v", err)
		}
		n, err := client.PullRequestForRun(ctx, ev.Repo, run, pr)
		if IsRefused(err) || IsForbidden(err) {
			gha.Noticef("%s", safetext.Line(masker.Mask("mcp-contract did not comment: "+err.Error())))
			return -1, nil
		}
		return n, err
	case ev.PR > 0 && pr > 0 && pr != ev.PR:
		return 0, contract.Inputf("--pr %d is not the event's pull request #%d", pr, ev.PR)
	case ev.PR == 0:
		return pr, nil
	}
	return ev.PR, nil
}

// IssuesOptions say where and how KeepIssues keeps the drift issues of a
// saved report.
type IssuesOptions struct {
	// Repo is owner/name; Token, APIURL and RunURL as their GITHUB_
	// variables give them.
	Repo, Token, APIURL, RunURL string
	MaxIssues                   int
	// DryRun writes nothing and prints to Out what it would write: with a
	// token and a repository it reads the open issues to say which.
	DryRun bool
	Out    io.Writer
	Masker *safetext.Masker
}

// KeepIssues brings the drift issues in step with result, or with DryRun
// says how it would, and returns how many servers drift.
func KeepIssues(ctx context.Context, result *contract.Result, o IssuesOptions) (int, error) {
	r, err := ParseRepo(o.Repo)
	sync := SyncOptions{MaxIssues: o.MaxIssues, RunURL: o.RunURL}
	switch {
	case o.DryRun && (o.Token == "" || o.Repo == ""):
		standings := StandingsNow(result, o.RunURL, o.Masker)
		return WritePlan(o.Out, PlanDriftIssuesUnlisted(standings, sync), standings, o.Masker), nil
	case err != nil:
		return 0, contract.Inputf("%v (give --repo owner/name or set GITHUB_REPOSITORY)", err)
	case o.Token == "":
		return 0, contract.Inputf("issues needs GITHUB_TOKEN, a token allowed to write issues (or --dry-run to see what it would write)")
	case o.DryRun:
		client, err := NewClient(o.APIURL, o.Token, nil)
		if err != nil {
			return 0, contract.Inputf("%v", err)
		}
		standings := StandingsNow(result, o.RunURL, o.Masker)
		plan, err := client.PlanDriftIssues(ctx, r, standings, sync)
		if err != nil {
			return 0, fmt.Errorf("drift issues: %w", err)
		}
		return WritePlan(o.Out, plan, standings, o.Masker), nil
	}
	return KeepDriftIssues(ctx, o.APIURL, o.Token, r, result, o.MaxIssues, o.RunURL, o.Masker, func(format string, args ...any) {
		fmt.Fprintf(o.Out, format+"\n", args...)
	})
}
