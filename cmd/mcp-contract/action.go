package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
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
	if cfg != nil {
		c.masker.Add(cfg.Secrets...)
		// A config's ${VAR} values may come from anywhere (a step's env:),
		// so the runner is told to hide them too.
		for _, s := range safetext.NewMasker(cfg.Secrets...).Secrets() {
			gha.AddMask(s)
		}
	}
	// After the masks, before a server starts: a token the checkout left
	// in .git/config is readable by every server (design §7).
	if cfg.StartsStdio() {
		cwd, _ := os.Getwd()
		ghaction.WarnPersistedCredential(gha, cwd, workspace)
	}
	run := actionPlan{reportPath: filepath.Join(workspace, ghaction.ReportFile),
		// The label is read from the event: a label added after the run
		// started counts from the next run (labeled events re-run it).
		allowBreaking: ev.PR != 0 && ev.HasLabel(in.AllowBreakingLabel)}
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
		// snapshot reports no findings: its files and exit code are the result.
		if err := ghaction.WriteSummary(gha, fmt.Sprintf("**mcp-contract %s** exited %d.\n", in.Command, code)); err != nil && !ghaction.IsOutsideRunner(err) {
			gha.Warningf("%s", safetext.Line(err.Error()))
		}
		return code
	}
	cwd, _ := os.Getwd()
	ghaction.Relativize(res.Result, workspace, cwd)
	allowedBy := ""
	if run.allowBreaking {
		allowedBy = in.AllowBreakingLabel
	}
	c.annotate(gha, ev, in, res, workspace, allowedBy)
	if ev.PR != 0 {
		ghaction.Comment(ctx, gha, ev, in, res.Result, c.masker, ghaction.PageOptions(ev, in, res.FailOn, c.masker, allowedBy, report.MaxCommentBytes))
	}
	if in.DriftIssue {
		code = c.driftIssues(ctx, gha, ev, in, res.Result, res.FailOn, code)
	}
	return code
}

// annotate renders the result for the runner: annotations, the folded
// text report, the outputs, SARIF when asked, and the job summary.
func (c *cli) annotate(gha *githubactions.Action, ev ghaction.Event, in ghaction.Inputs, res *pipeline.Result, workspace, allowedBy string) {
	result, failOn, masker := res.Result, res.FailOn, c.masker
	var out bytes.Buffer
	diff := ghaction.PullRequestDiff(ev)
	ghOpts := report.GitHubOptions{Masker: masker, More: "the job summary", OwnNotices: ghaction.OwnNotices(ev, in, allowedBy), Snapshots: ghaction.CommittedSnapshots(res.SnapshotDir, workspace), Diff: diff,
		Annotate: in.Annotate, AllowedBy: allowedBy, Pins: ghaction.ConfigPins(res.Config, workspace, diff)}
	if err := report.GitHub(&out, result, ghOpts); err == nil {
		safetext.CommandsTo(c.stdout).Write(out.Bytes())
	}
	report.FoldedText(c.stdout, "mcp-contract report", result, report.TextOptions{FailOn: failOn, Sections: in.Command == "check", Collisions: res.CollisionsRan, AllowedBy: allowedBy})
	ghaction.Notices(gha, ev, in, result, allowedBy)
	outputs := append(ghaction.Outputs(result), [2]string{"report", ghaction.ReportFile})
	if in.SARIF != "" {
		err := fileio.WriteInside(workspace, in.SARIF, func(w io.Writer) error {
			opts := c.sarifOptions(res, workspace, true)
			opts.AllowedBy = allowedBy
			return report.SARIF(w, result, opts)
		})
		if err != nil {
			gha.WithFieldsMap(map[string]string{"title": "mcp-contract"}).Warningf("%s", safetext.Line(masker.Mask("cannot write SARIF: "+err.Error())))
		} else {
			outputs = append(outputs, [2]string{"sarif", in.SARIF})
		}
	}
	if err := ghaction.SetOutputs(gha, outputs); err != nil && !ghaction.IsOutsideRunner(err) {
		gha.Warningf("%s", safetext.Line(err.Error()))
	}
	var summary strings.Builder
	report.Markdown(&summary, result, ghaction.PageOptions(ev, in, failOn, masker, allowedBy, report.MaxSummaryBytes))
	if err := ghaction.WriteSummary(gha, summary.String()); err != nil && !ghaction.IsOutsideRunner(err) {
		gha.Warningf("%s", safetext.Line(err.Error()))
	}
}

// driftIssues keeps the nightly drift issues and returns the step's exit
// code: drift alone does not fail it unless fail-on-drift, so a findings
// exit (1) stands only for findings other than drift. Issues that cannot be
// written are a warning; they never change the code.
func (c *cli) driftIssues(ctx context.Context, gha *githubactions.Action, ev ghaction.Event, in ghaction.Inputs, result *contract.Result, failOn contract.Severity, code int) int {
	code = ghaction.DriftExit(in, result, failOn, code)
	if in.Token == "" {
		gha.Warningf("%s", "mcp-contract did not keep drift issues: no github-token")
		return code
	}
	drifting, err := ghaction.KeepDriftIssues(ctx, gha.Getenv("GITHUB_API_URL"), in.Token, ev.Repo, result, in.MaxIssues, ev.RunURL, c.masker, func(format string, args ...any) {
		gha.Noticef("%s", safetext.Line("mcp-contract "+fmt.Sprintf(format, args...)))
	})
	switch {
	case ghaction.IsForbidden(err):
		gha.Warningf("%s", c.line(err.Error()+": the token needs permissions: issues: write"))
	case err != nil:
		gha.Warningf("%s", c.line(err.Error()))
	}
	if in.FailOnDrift && drifting > 0 && code == exitOK {
		code = exitFindings
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

// failureSummary puts the error in the job summary, masked and neutralised,
// in a code span where GitHub renders nothing.
func (c *cli) failureSummary(gha *githubactions.Action, code int, err error) {
	summary := fmt.Sprintf("❌ **mcp-contract** could not run (exit %d): `%s`\n", code, strings.ReplaceAll(c.line(err.Error()), "`", "'"))
	if err := ghaction.WriteSummary(gha, summary); err != nil && !ghaction.IsOutsideRunner(err) {
		fmt.Fprintf(c.stderr, "mcp-contract: %s\n", c.line(err.Error()))
	}
}
