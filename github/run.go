package github

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/sethvargo/go-githubactions"
)

// ReportFile is where the action writes the JSON report, in the workspace
// so later steps (upload-artifact) can read it.
const ReportFile = "mcp-contract-report.json"

// EnterWorkspace confines every write to the workspace and changes into
// the working directory the inputs name, returning the workspace.
func EnterWorkspace(gha *githubactions.Action, in Inputs) (string, error) {
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
			return "", contract.Inputf("input working-directory %q: %v", in.WorkingDirectory, errors.Unwrap(err))
		}
	} else if err := os.Chdir(workspace); err != nil {
		return "", contract.Inputf("GITHUB_WORKSPACE %q: %v", workspace, errors.Unwrap(err))
	}
	return workspace, nil
}

// OwnNotices is how many notices of its own the action may print besides
// the annotations: one for the comment on a pull request, one for the
// label that allowed breaking changes, one for a missing base comparison.
func OwnNotices(ev Event, in Inputs, allowedBy string) int {
	n := 0
	if ev.PR != 0 && in.Comment != "never" {
		n = 1
	}
	if allowedBy != "" {
		n++
	}
	if ev.PR != 0 && ev.BaseSHA == "" {
		n++ // Notices: no base comparison
	}
	return n
}

// DriftExit is the step's exit code once drift issues are kept: drift
// alone does not fail it unless fail-on-drift, so a findings exit (1)
// stands only for findings other than drift.
func DriftExit(in Inputs, result *contract.Result, failOn contract.Severity, code int) int {
	if code == 1 && !in.FailOnDrift {
		code = 0
		for _, f := range result.Findings {
			if f.Category != contract.CategoryDrift && f.Severity >= failOn {
				code = 1
			}
		}
	}
	return code
}

// DefaultAgainst is --against on a pull request: the base commit's snapshot
// folder dir, read from the clone's git objects, or when the clone is too
// shallow to hold the base commit, through the contents API (returned as
// catalogs under the label).
func DefaultAgainst(ctx context.Context, in Inputs, ev Event, dir string) (string, map[string][]*contract.Catalog, error) {
	if in.Against != "" || ev.PR == 0 || ev.BaseSHA == "" || (in.Command != "check" && in.Command != "drift") {
		return in.Against, nil, nil
	}
	if in.Command == "drift" && len(in.Args) > 0 {
		return "", nil, nil // drift OLD NEW compares the given files
	}
	if _, err := source.LoadGitRef(".", ev.BaseSHA, dir); err == nil {
		return "git:" + ev.BaseSHA, nil, nil
	}
	if in.Token == "" {
		return "", nil, contract.Inputf("the base commit %s is not in the clone and there is no github-token to read it: check out with fetch-depth: 0", ev.BaseSHA)
	}
	client, err := NewClient(os.Getenv("GITHUB_API_URL"), in.Token, nil)
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

// Relativize makes every file of the result a path from the repository
// root, as annotations and SARIF need. A file at a git ref
// ("git:REF:path", a removed tool located where it was) becomes the same
// path in the work tree without a line, or nothing when the file is gone.
func Relativize(r *contract.Result, workspace, cwd string) {
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

// PullRequestDiff is what the pull request changed since its base, so the
// annotations go first to the lines a reviewer sees in the diff; nil (no
// preference) outside a pull request or when the base is not in the clone.
func PullRequestDiff(ev Event) report.Diff {
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

// CommittedSnapshots are the snapshot folder's files with paths from the
// workspace, where annotations place findings about live servers; none
// when the folder cannot be read.
func CommittedSnapshots(dir, workspace string) []*contract.Catalog {
	catalogs, err := source.Load(dir)
	if err != nil {
		return nil
	}
	for _, c := range catalogs {
		for _, t := range c.Tools {
			abs, err := filepath.Abs(t.File)
			if err != nil {
				return nil
			}
			rel, err := filepath.Rel(workspace, abs)
			if err != nil || strings.HasPrefix(rel, "..") {
				return nil
			}
			t.File = filepath.ToSlash(rel)
		}
	}
	return catalogs
}

// PageOptions are the markdown options of the pull request page (job
// summary and comment), cut to max bytes.
func PageOptions(ev Event, in Inputs, failOn contract.Severity, masker *safetext.Masker, allowedBy string, max int) report.MarkdownOptions {
	opts := report.MarkdownOptions{FailOn: failOn, Masker: masker, MaxBytes: max, RunURL: ev.RunURL, Blob: ev.Blob(),
		BreakingAllowedBy: allowedBy, Commit: ev.HeadSHA, CommitURL: ev.CommitURL(), Updated: time.Now()}
	if ev.PR != 0 {
		opts.Label = in.AllowBreakingLabel
	}
	return opts
}

// Notices are the action's own notices about the run: the breaking
// changes a label allowed, and a pull request that could not be compared
// with its base, whose counts would otherwise read as a clean page.
func Notices(gha *githubactions.Action, ev Event, in Inputs, result *contract.Result, allowedBy string) {
	if n := report.Count(result).Breaking; allowedBy != "" && n > 0 {
		its := "its breaking change is reported and does not fail the step"
		if n > 1 {
			its = fmt.Sprintf("its %d breaking changes are reported and do not fail the step", n)
		}
		gha.Noticef("%s", safetext.Line(fmt.Sprintf("mcp-contract allows the breaking changes: the pull request carries the label %q, so %s", in.AllowBreakingLabel, its)))
	}
	if ev.PR != 0 && ev.BaseSHA == "" && in.Against == "" && (in.Command == "check" || in.Command == "drift") {
		gha.Noticef("%s", "mcp-contract made no base comparison: the pull_request event carries no base SHA, so no finding is told new from existing and no breaking change against the base is reported")
	}
}

// ConfigPins are the lines the pull request changed that pin the packages
// the config's stdio servers run (Pins), read from the work tree.
func ConfigPins(cfg *source.Config, workspace string, diff report.Diff) map[string]contract.Location {
	if cfg == nil || diff == nil {
		return nil
	}
	var servers []PinnedServer
	for _, s := range cfg.Servers {
		if len(s.Command) > 0 {
			servers = append(servers, PinnedServer{Name: s.Name, Argv: append(append([]string(nil), s.Command...), s.Args...)})
		}
	}
	config := ""
	if abs, err := filepath.Abs(cfg.File); err == nil {
		if rel, err := filepath.Rel(workspace, abs); err == nil && !strings.HasPrefix(rel, "..") {
			config = filepath.ToSlash(rel)
		}
	}
	return Pins(servers, config, diff, func(p string) ([]byte, error) {
		return os.ReadFile(filepath.Join(workspace, filepath.FromSlash(p)))
	})
}

// forkSafeHelp says how to comment on pull requests from forks.
const forkSafeHelp = "to comment on pull requests from forks, upload the report (output report) as an artifact and post it from a workflow_run workflow with `mcp-contract comment --from report.json --pr N` (README, \"Pull requests from forks\")"

// Comment keeps the sticky PR comment, saying through gha why it did not;
// it never fails the step. opts are the page's markdown options.
func Comment(ctx context.Context, gha *githubactions.Action, ev Event, in Inputs, result *contract.Result, masker *safetext.Masker, opts report.MarkdownOptions) {
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
	client, err := NewClient(gha.Getenv("GITHUB_API_URL"), in.Token, nil)
	if err != nil {
		gha.Warningf("%s", safetext.Line(err.Error()))
		return
	}
	marker := Marker(ev.Workflow, ev.Job, in.CommentID)
	_, err = client.KeepComment(ctx, ev.Repo, ev.PR, marker, in.Comment, result, opts)
	switch {
	case IsForbidden(err):
		gha.Noticef("%s", safetext.Line(masker.Mask("mcp-contract did not comment ("+err.Error()+"): the token needs permissions: pull-requests: write; "+forkSafeHelp)))
	case err != nil:
		gha.Warningf("%s", safetext.Line(masker.Mask("mcp-contract could not comment: "+err.Error())))
	}
}
