package main

import (
	"os"

	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/sethvargo/go-githubactions"
	"github.com/spf13/cobra"
)

func (c *cli) commentCommand() *cobra.Command {
	var server serverFlags
	var from, commentID, mode string
	var pr int
	cmd := &cobra.Command{
		Use:   "comment --from REPORT.json [--pr N]",
		Short: "Keep the sticky PR comment from a saved JSON report (the fork-safe workflow_run half)",
		Long: `Post or edit the pull request comment the action keeps, from a JSON report another job
wrote: a pull_request workflow runs the check and uploads the report, a workflow_run
workflow (which holds a write token even for forks) downloads it and runs this. The report
is untrusted input and is rendered as text only, and it chooses nothing: on a workflow_run
event the pull request is the one whose head is the run's head_sha, from the run's head
repository, found through the event and the API (--pr only picks among those); when the
pull request's head has moved on, a notice says so and nothing is posted. On a
pull_request event it is the event's. The token is GITHUB_TOKEN (or the github-token
input); the repository is GITHUB_REPOSITORY; GITHUB_API_URL is honoured.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if from == "" {
				return usagef("comment needs --from REPORT.json")
			}
			if mode != "auto" && mode != "always" {
				return usagef("--comment %q: want auto or always", mode)
			}
			gha := githubactions.New(githubactions.WithWriter(safetext.CommandsTo(c.stdout)))
			token := gha.GetInput("github-token")
			if token == "" {
				token = os.Getenv("GITHUB_TOKEN")
			}
			if token == "" {
				return usagef("comment needs a token: set GITHUB_TOKEN")
			}
			// Masked in everything printed here, but not announced with
			// ::add-mask::, as the action does not: the runner masks
			// github.token and every secret already, and announcing it would
			// write it in clear to stdout wherever that is redirected.
			c.masker.Add(token)
			result, err := readReport(from)
			if err != nil {
				return err
			}
			ev, err := ghaction.ReadEvent(gha)
			if err != nil {
				return usagef("%v", err)
			}
			if ev.Repo.Owner == "" {
				return usagef("GITHUB_REPOSITORY is not set")
			}
			if ev.PR, err = ghaction.CommentPR(cmd.Context(), gha, ev, token, pr, c.masker); err != nil || ev.PR < 0 {
				return err
			}
			if ev.PR == 0 {
				return usagef("no pull request number: run on a workflow_run or pull_request event, or give --pr N")
			}
			failOn, err := pipeline.FailLevel(server.failOn, nil)
			if err != nil {
				return err
			}
			// The posting workflow holds a write token whatever the PR's origin.
			ev.Fork = false
			in := ghaction.Inputs{Token: token, Comment: mode, CommentID: commentID}
			ghaction.Comment(cmd.Context(), gha, ev, in, result, c.masker, ghaction.PageOptions(ev, in, failOn, c.masker, "", report.MaxCommentBytes))
			return nil
		},
	}
	server.register(cmd.Flags())
	cmd.Flags().StringVar(&from, "from", "", "the JSON report to post (written with --format json, or the action's report output)")
	cmd.Flags().IntVar(&pr, "pr", 0, "pull request number: on workflow_run, used only if its head is the run's head_sha (default: from the event)")
	cmd.Flags().StringVar(&commentID, "comment-id", "default", "tells this comment apart from others the same job keeps")
	cmd.Flags().StringVar(&mode, "comment", "auto", "auto: a clean report only edits an existing comment; always: create one even when clean")
	return cmd
}
