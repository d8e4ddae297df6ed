package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/sethvargo/go-githubactions"
	"github.com/spf13/cobra"
)

// reportFile is where the action writes the JSON report, in the workspace
// so later steps (upload-artifact) can read it.
const reportFile = "mcp-contract-report.json"

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
	workspace, err := enterWorkspace(gha, in)
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
	if in.ArgsAlias {
		gha.WithFieldsMap(map[string]string{"title": "mcp-contract"}).Warningf("%s", ghaction.ArgsDeprecation)
	}
	// After the masks, before a server starts: a token the checkout left
	// in .git/config is readable by every server (design §7).
	if cfg.StartsStdio() {
		cwd, _ := os.Getwd()
		ghaction.WarnPersistedCredential(gha, cwd, workspace)
	}
	run := actionPlan{reportPath: filepath.Join(workspace, reportFile),
		// The label is read from the event: a label added after the run
		// started counts from the next run (labeled events re-run it).
		allowBreaking: ev.PR != 0 && ev.HasLabel(in.AllowBreakingLabel), label: in.AllowBreakingLabel}
	if run.against, run.base, err = c.defaultAgainst(ctx, in, ev, cfg); err != nil {
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
	relativize(res.Result, workspace, cwd)
	allowedBy := ""
	if run.allowBreaking {
		allowedBy = in.AllowBreakingLabel
	}
	c.annotate(gha, ev, in, res, workspace, allowedBy)
	if ev.PR != 0 {
		c.comment(ctx, gha, ev, in, res.Result, res.FailOn, allowedBy)
	}
	if in.DriftIssue {
		code = c.driftIssues(ctx, gha, ev, in, res.Result, res.FailOn, code)
	}
	return code
}

// enterWorkspace confines every write to the workspace and changes into
// the working directory the inputs name, returning the workspace.
func enterWorkspace(gha *githubactions.Action, in ghaction.Inputs) (string, error) {
	workspace := gha.Getenv("GITHUB_WORKSPACE")
	var err error
	if workspace == "" {
		if workspace, err = os.Getwd(); err != nil {
			return "", err
		}
	}
	if workspace, err = filepath.Abs(workspace); err != nil {
		return "", err
	}
	// The checkout is not ours to trust and the container runs as root:
	// every file written (report, SARIF, snapshots) stays in the workspace,
	// is never a symlink, and keeps the workspace owner's uid and gid.
	fileio.ConfineWrites(workspace)
	if in.WorkingDirectory != "" {
		dir := in.WorkingDirectory
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(workspace, dir)
		}
		if err := os.Chdir(dir); err != nil {
			return "", usagef("input working-directory %q: %v", in.WorkingDirectory, errors.Unwrap(err))
		}
	} else if err := os.Chdir(workspace); err != nil {
		return "", usagef("GITHUB_WORKSPACE %q: %v", workspace, errors.Unwrap(err))
	}
	return workspace, nil
}

// annotate renders the result for the runner: annotations, the folded
// text report, the outputs, SARIF when asked, and the job summary.
func (c *cli) annotate(gha *githubactions.Action, ev ghaction.Event, in ghaction.Inputs, res *pipeline.Result, workspace, allowedBy string) {
	result, failOn, masker := res.Result, res.FailOn, c.masker
	// On a pull request the action may print one notice of its own.
	ownNotices := 0
	if ev.PR != 0 && in.Comment != "never" {
		ownNotices = 1
	}
	if allowedBy != "" {
		ownNotices++
	}
	if ev.PR != 0 && ev.BaseSHA == "" {
		ownNotices++ // actionNotices: no base comparison
	}
	var out bytes.Buffer
	diff := pullRequestDiff(ev)
	ghOpts := report.GitHubOptions{Masker: masker, More: "the job summary", OwnNotices: ownNotices, Snapshots: committedSnapshots(res.SnapshotDir, workspace), Diff: diff,
		Annotate: in.Annotate, AllowedBy: allowedBy, Pins: pins(res.Config, workspace, diff)}
	if err := report.GitHub(&out, result, ghOpts); err == nil {
		safetext.CommandsTo(c.stdout).Write(out.Bytes())
	}
	report.FoldedText(c.stdout, "mcp-contract report", result, report.TextOptions{FailOn: failOn, Sections: in.Command == "check", Collisions: res.CollisionsRan, AllowedBy: allowedBy})
	actionNotices(gha, ev, in, result, allowedBy)
	outputs := append(ghaction.Outputs(result), [2]string{"report", reportFile})
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
	report.Markdown(&summary, result, pageOptions(ev, in, failOn, masker, allowedBy, report.MaxSummaryBytes))
	if err := ghaction.WriteSummary(gha, summary.String()); err != nil && !ghaction.IsOutsideRunner(err) {
		gha.Warningf("%s", safetext.Line(err.Error()))
	}
}

// driftIssues keeps the nightly drift issues and returns the step's exit
// code: drift alone does not fail it unless fail-on-drift, so a findings
// exit (1) stands only for findings other than drift. Issues that cannot be
// written are a warning; they never change the code.
func (c *cli) driftIssues(ctx context.Context, gha *githubactions.Action, ev ghaction.Event, in ghaction.Inputs, result *contract.Result, failOn contract.Severity, code int) int {
	if code == exitFindings && !in.FailOnDrift {
		code = exitOK
		for _, f := range result.Findings {
			if f.Category != contract.CategoryDrift && f.Severity >= failOn {
				code = exitFindings
			}
		}
	}
	if in.Token == "" {
		gha.Warningf("%s", "mcp-contract did not keep drift issues: no github-token")
		return code
	}
	drifting, err := c.syncDriftIssues(ctx, gha.Getenv("GITHUB_API_URL"), in.Token, ev.Repo, result, in.MaxIssues, ev.RunURL, func(format string, args ...any) {
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

// defaultAgainst is --against on a pull request: the base commit's snapshot
// folder, read from the clone's git objects, or when the clone is too
// shallow to hold the base commit, through the contents API.
func (c *cli) defaultAgainst(ctx context.Context, in ghaction.Inputs, ev ghaction.Event, cfg *source.Config) (string, map[string][]*contract.Catalog, error) {
	if in.Against != "" || ev.PR == 0 || ev.BaseSHA == "" || (in.Command != "check" && in.Command != "drift") {
		return in.Against, nil, nil
	}
	if in.Command == "drift" && len(in.Args) > 0 {
		return "", nil, nil // drift OLD NEW compares the given files
	}
	dir := pipeline.SnapshotDir(cfg)
	if _, err := source.LoadGitRef(".", ev.BaseSHA, dir); err == nil {
		return "git:" + ev.BaseSHA, nil, nil
	}
	if in.Token == "" {
		return "", nil, contract.Inputf("the base commit %s is not in the clone and there is no github-token to read it: check out with fetch-depth: 0", ev.BaseSHA)
	}
	client, err := ghaction.NewClient(os.Getenv("GITHUB_API_URL"), in.Token, nil)
	if err != nil {
		return "", nil, contract.Inputf("%v", err)
	}
	repoDir, err := repoRelative(dir)
	if err != nil {
		return "", nil, err
	}
	files, err := client.FolderAt(ctx, ev.Repo, repoDir, ev.BaseSHA)
	if err != nil {
		return "", nil, contract.Inputf("the base commit is not in the clone (check out with fetch-depth: 0), and %v", err)
	}
	var base []*contract.Catalog
	for _, f := range files {
		c, err := source.Parse(f.Data, "git:"+ev.BaseSHA+":"+f.Path, source.ServerName(f.Path), "git:"+ev.BaseSHA+":"+f.Path)
		if err != nil {
			return "", nil, err
		}
		base = append(base, c)
	}
	label := "git:" + ev.BaseSHA
	return label, map[string][]*contract.Catalog{label: base}, nil
}

// repoRelative turns a folder relative to the working directory into a path
// from the repository root (GITHUB_WORKSPACE), as the contents API wants.
func repoRelative(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	ws, err := filepath.Abs(os.Getenv("GITHUB_WORKSPACE"))
	if err != nil || os.Getenv("GITHUB_WORKSPACE") == "" {
		return filepath.ToSlash(filepath.Clean(dir)), nil
	}
	rel, err := filepath.Rel(ws, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", contract.Inputf("snapshot folder %s is outside the workspace", dir)
	}
	return filepath.ToSlash(rel), nil
}

// relativize makes every file of the result a path from the repository
// root, as annotations and SARIF need. A file at a git ref
// ("git:REF:path", a removed tool located where it was) becomes the same
// path in the work tree without a line, or nothing when the file is gone.
func relativize(r *contract.Result, workspace, cwd string) {
	fix := func(file string, line, col *int) string {
		if file == "" {
			return ""
		}
		if rest, ok := strings.CutPrefix(file, "git:"); ok {
			if _, p, ok := strings.Cut(rest, ":"); ok {
				*line, *col = 0, 0
				if _, err := os.Stat(filepath.Join(workspace, filepath.FromSlash(p))); err == nil {
					return path.Clean(p)
				}
			}
			return ""
		}
		abs := file
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(cwd, file)
		}
		rel, err := filepath.Rel(workspace, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			*line, *col = 0, 0
			return ""
		}
		return filepath.ToSlash(rel)
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		f.File = fix(f.File, &f.Line, &f.Column)
		for j := range f.Related {
			l := &f.Related[j]
			l.File = fix(l.File, &l.Line, &l.Column)
		}
	}
}

// forkSafeHelp says how to comment on pull requests from forks.
const forkSafeHelp = "to comment on pull requests from forks, upload the report (output report) as an artifact and post it from a workflow_run workflow with `mcp-contract comment --from report.json --pr N` (docs/action.md, \"Pull requests from forks\")"

// comment keeps the sticky PR comment; it never changes the exit code.
// allowedBy is the label that lets the pull request's breaking changes
// through, or "" when it carries none.
func (c *cli) comment(ctx context.Context, gha *githubactions.Action, ev ghaction.Event, in ghaction.Inputs, result *contract.Result, failOn contract.Severity, allowedBy string) {
	masker := c.masker
	if in.Comment == "never" {
		return
	}
	if ev.Fork && ev.Name == "pull_request" {
		gha.Noticef("%s", "mcp-contract did not comment: a pull request from a fork gets a read-only token; "+forkSafeHelp)
		return
	}
	if in.Token == "" {
		gha.Noticef("%s", "mcp-contract did not comment: the github-token input is empty (its default is ${{ github.token }})")
		return
	}
	client, err := ghaction.NewClient(gha.Getenv("GITHUB_API_URL"), in.Token, nil)
	if err != nil {
		gha.Warningf("%s", safetext.Line(err.Error()))
		return
	}
	marker := ghaction.Marker(ev.Workflow, ev.Job, in.CommentID)
	_, err = client.KeepComment(ctx, ev.Repo, ev.PR, marker, in.Comment, result, pageOptions(ev, in, failOn, masker, allowedBy, report.MaxCommentBytes))
	switch {
	case ghaction.IsForbidden(err):
		gha.Noticef("%s", safetext.Line(masker.Mask("mcp-contract did not comment ("+err.Error()+"): the token needs permissions: pull-requests: write; "+forkSafeHelp)))
	case err != nil:
		gha.Warningf("%s", safetext.Line(masker.Mask("mcp-contract could not comment: "+err.Error())))
	}
}

// pullRequestDiff is what the pull request changed since its base, so the
// annotations go first to the lines a reviewer sees in the diff; nil (no
// preference) outside a pull request or when the base is not in the clone.
func pullRequestDiff(ev ghaction.Event) report.Diff {
	if ev.PR == 0 || ev.BaseSHA == "" {
		return nil
	}
	lines, err := source.ChangedLines(".", ev.BaseSHA)
	if err != nil || lines == nil {
		return nil
	}
	diff := report.Diff{}
	for file, ranges := range lines {
		for _, r := range ranges {
			diff[file] = append(diff[file], report.LineRange{First: r.First, Last: r.Last})
		}
		if len(ranges) == 0 {
			diff[file] = nil
		}
	}
	return diff
}
