package github

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/sethvargo/go-githubactions"
)

// Run is what the Action reports from one run of the checks.
type Run struct {
	Result        *contract.Result
	FailOn        contract.Severity
	CollisionsRan bool
	SnapshotDir   string
	Config        *source.Config
	// SARIF are the options of the SARIF file, with paths from the workspace.
	SARIF func() report.SARIFOptions
	// AllowedBy is the label that lets the pull request's breaking changes
	// through, or "".
	AllowedBy string
}

// Annotate renders the run for the runner on stdout: annotations, the
// folded text report, the outputs, SARIF when asked, and the job summary.
func Annotate(gha *githubactions.Action, stdout io.Writer, ev Event, in Inputs, run Run, workspace string, masker *safetext.Masker) {
	result, allowedBy := run.Result, run.AllowedBy
	var out bytes.Buffer
	diff := PullRequestDiff(ev)
	ghOpts := report.GitHubOptions{Masker: masker, More: "the job summary", OwnNotices: OwnNotices(ev, in, allowedBy), Snapshots: CommittedSnapshots(run.SnapshotDir, workspace), Diff: diff,
		Annotate: in.Annotate, AllowedBy: allowedBy, Pins: ConfigPins(run.Config, workspace, diff)}
	if err := report.GitHub(&out, result, ghOpts); err == nil {
		safetext.CommandsTo(stdout).Write(out.Bytes())
	}
	report.FoldedText(stdout, "mcp-contract report", result, report.TextOptions{FailOn: run.FailOn, Sections: in.Command == "check", Collisions: run.CollisionsRan, AllowedBy: allowedBy})
	Notices(gha, ev, in, result, allowedBy)
	outputs := append(Outputs(result), [2]string{"report", ReportFile})
	if in.SARIF != "" {
		err := fileio.WriteInside(workspace, in.SARIF, func(w io.Writer) error {
			opts := run.SARIF()
			opts.AllowedBy = allowedBy
			return report.SARIF(w, result, opts)
		})
		if err != nil {
			gha.WithFieldsMap(map[string]string{"title": "mcp-contract"}).Warningf("%s", safetext.Line(masker.Mask("cannot write SARIF: "+err.Error())))
		} else {
			outputs = append(outputs, [2]string{"sarif", in.SARIF})
		}
	}
	if err := SetOutputs(gha, outputs); err != nil && !IsOutsideRunner(err) {
		gha.Warningf("%s", safetext.Line(err.Error()))
	}
	var summary strings.Builder
	report.Markdown(&summary, result, PageOptions(ev, in, run.FailOn, masker, allowedBy, report.MaxSummaryBytes))
	if err := WriteSummary(gha, summary.String()); err != nil && !IsOutsideRunner(err) {
		gha.Warningf("%s", safetext.Line(err.Error()))
	}
}

// DriftIssues keeps the nightly drift issues and returns the step's exit
// code from the run's code: drift alone does not fail it unless
// fail-on-drift, so a findings exit (1) stands only for findings other
// than drift. Issues that cannot be written are a warning; they never
// change the code.
func DriftIssues(ctx context.Context, gha *githubactions.Action, ev Event, in Inputs, result *contract.Result, failOn contract.Severity, code int, masker *safetext.Masker) int {
	code = DriftExit(in, result, failOn, code)
	if in.Token == "" {
		gha.Warningf("%s", "mcp-contract did not keep drift issues: no github-token")
		return code
	}
	drifting, err := KeepDriftIssues(ctx, gha.Getenv("GITHUB_API_URL"), in.Token, ev.Repo, result, in.MaxIssues, ev.RunURL, masker, func(format string, args ...any) {
		gha.Noticef("%s", safetext.Line("mcp-contract "+fmt.Sprintf(format, args...)))
	})
	switch {
	case IsForbidden(err):
		gha.Warningf("%s", safetext.Line(masker.Mask(err.Error()+": the token needs permissions: issues: write")))
	case err != nil:
		gha.Warningf("%s", safetext.Line(masker.Mask(err.Error())))
	}
	if in.FailOnDrift && drifting > 0 && code == 0 {
		code = 1
	}
	return code
}

// FailureSummary puts the error text in the job summary, in a code span
// where GitHub renders nothing; text is already masked and on one line.
func FailureSummary(gha *githubactions.Action, code int, text string) error {
	summary := fmt.Sprintf("❌ **mcp-contract** could not run (exit %d): `%s`\n", code, strings.ReplaceAll(text, "`", "'"))
	if err := WriteSummary(gha, summary); err != nil && !IsOutsideRunner(err) {
		return err
	}
	return nil
}

// GuardConfig hides the config's secrets, in masker and, since a config's
// ${VAR} values may come from anywhere (a step's env:), from the runner
// too; then, before a server starts, warns of a token the checkout left in
// .git/config, readable by every stdio server (design §7).
func GuardConfig(gha *githubactions.Action, cfg *source.Config, masker *safetext.Masker, workspace string) {
	if cfg != nil {
		masker.Add(cfg.Secrets...)
		for _, s := range safetext.NewMasker(cfg.Secrets...).Secrets() {
			gha.AddMask(s)
		}
	}
	if cfg.StartsStdio() {
		cwd, _ := os.Getwd()
		WarnPersistedCredential(gha, cwd, workspace)
	}
}

// ExitSummary is the job summary of a run that reports no findings
// (snapshot): its files and exit code are the result.
func ExitSummary(gha *githubactions.Action, command string, code int) {
	if err := WriteSummary(gha, fmt.Sprintf("**mcp-contract %s** exited %d.\n", command, code)); err != nil && !IsOutsideRunner(err) {
		gha.Warningf("%s", safetext.Line(err.Error()))
	}
}
