package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/sethvargo/go-githubactions"
	"github.com/spf13/cobra"
)

// exitStatus carries a code already explained to the user.
type exitStatus struct{ code int }

func (e *exitStatus) Error() string { return "exit " + strconv.Itoa(e.code) }

func (c *cli) actionCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "action",
		Short: "GitHub Action entrypoint: reads INPUT_* and GITHUB_*, runs one command, annotates, summarises, comments",
		Long: `Run as a container action (action.yml). Reads the inputs from INPUT_* (hyphens kept,
INPUT_FAIL-ON), runs the chosen command once, and from that result prints annotations, writes
the outputs, the job summary and SARIF when asked, and on pull requests keeps one PR comment.
The exit code is the command's own.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			code := c.runAction(cmd.Context())
			if code != exitOK {
				return &exitStatus{code}
			}
			return nil
		},
	}
	// Accepted as on every command that reads servers, and not read: the
	// inputs say what to run.
	var server serverFlags
	var rf reportFlags
	server.register(cmd.Flags())
	rf.register(cmd.Flags())
	return cmd
}

func (c *cli) runAction(ctx context.Context) int {
	gha := githubactions.New(githubactions.WithWriter(safetext.CommandsTo(c.stdout)))
	in, inErr := ghaction.ReadInputs(gha)
	if in.Token != "" {
		// Not announced with ::add-mask::, which would print it: the runner
		// already masks github.token and every secret an input is set from.
		c.masker.Add(in.Token)
	}
	if inErr != nil {
		return c.actionFailed(gha, usagef("%v", inErr))
	}
	ev, err := ghaction.ReadEvent(gha)
	if err != nil {
		return c.actionFailed(gha, usagef("%v", err))
	}
	defer fileio.ConfineWrites("")
	workspace, err := ghaction.EnterWorkspace(gha, in)
	if err != nil {
		return c.actionFailed(gha, err)
	}
	// Config secrets are announced before anything else is printed.
	cfg, err := pipeline.LoadConfig(in.Config)
	if err != nil {
		return c.actionFailed(gha, err)
	}
	ghaction.GuardConfig(gha, cfg, c.masker, workspace)
	run := actionPlan{reportPath: filepath.Join(workspace, ghaction.ReportFile),
		// The label is read from the event: a label added after the run
		// started counts from the next run (labeled events re-run it).
		allowBreaking: ev.PR != 0 && ev.HasLabel(in.AllowBreakingLabel), label: in.AllowBreakingLabel}
	if run.against, run.base, err = ghaction.DefaultAgainst(ctx, in, ev, pipeline.SnapshotDir(cfg)); err != nil {
		return c.actionFailed(gha, err)
	}
	res, runErr := c.actionCheck(ctx, in, run)
	code := c.exitCode(runErr)
	if res == nil {
		if code > exitFindings {
			c.failureSummary(gha, code, runErr)
			return code
		}
		ghaction.ExitSummary(gha, in.Command, code)
		return code
	}
	cwd, _ := os.Getwd()
	ghaction.Relativize(res.Result, workspace, cwd)
	allowedBy := ""
	if run.allowBreaking {
		allowedBy = in.AllowBreakingLabel
	}
	ghaction.Annotate(gha, c.stdout, ev, in, ghaction.Run{Result: res.Result, FailOn: res.FailOn, CollisionsRan: res.CollisionsRan,
		SnapshotDir: res.SnapshotDir, Config: res.Config, AllowedBy: allowedBy,
		SARIF: func() report.SARIFOptions { return c.sarifOptions(res, workspace, true) }}, workspace, c.masker)
	if ev.PR != 0 {
		ghaction.Comment(ctx, gha, ev, in, res.Result, c.masker, ghaction.PageOptions(ev, in, res.FailOn, c.masker, allowedBy, report.MaxCommentBytes))
	}
	if in.DriftIssue {
		code = ghaction.DriftIssues(ctx, gha, ev, in, res.Result, res.FailOn, code, c.masker)
	}
	return code
}

// actionFailed prints err as every command does and returns its exit
// code, after saying in the job summary that the run could not happen.
func (c *cli) actionFailed(gha *githubactions.Action, err error) int {
	code := c.exitCode(err)
	c.failureSummary(gha, code, err)
	return code
}

// failureSummary puts the error in the job summary, masked and neutralised.
func (c *cli) failureSummary(gha *githubactions.Action, code int, err error) {
	if err := ghaction.FailureSummary(gha, code, c.line(err.Error())); err != nil {
		fmt.Fprintf(c.stderr, "mcp-contract: %s\n", c.line(err.Error()))
	}
}
