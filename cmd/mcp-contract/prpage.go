package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/sethvargo/go-githubactions"
)

// pageOptions are the markdown options of the pull request page (job
// summary and comment), cut to max bytes.
func pageOptions(ev ghaction.Event, in ghaction.Inputs, failOn contract.Severity, masker *safetext.Masker, allowedBy string, max int) report.MarkdownOptions {
	opts := report.MarkdownOptions{FailOn: failOn, Masker: masker, MaxBytes: max, RunURL: ev.RunURL, Blob: ev.Blob(),
		BreakingAllowedBy: allowedBy, Commit: ev.HeadSHA, CommitURL: ev.CommitURL(), Updated: time.Now()}
	if ev.PR != 0 {
		opts.Label = in.AllowBreakingLabel
	}
	return opts
}

// actionNotices are the action's own notices about the run: the breaking
// changes a label allowed, and a pull request that could not be compared
// with its base, whose counts would otherwise read as a clean page.
func actionNotices(gha *githubactions.Action, ev ghaction.Event, in ghaction.Inputs, result *contract.Result, allowedBy string) {
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

// pins are the lines the pull request changed that pin the packages the
// config's stdio servers run (github.Pins), read from the work tree.
func pins(cfg *source.Config, workspace string, diff report.Diff) map[string]contract.Location {
	if cfg == nil || diff == nil {
		return nil
	}
	var servers []ghaction.PinnedServer
	for _, s := range cfg.Servers {
		if len(s.Command) > 0 {
			servers = append(servers, ghaction.PinnedServer{Name: s.Name, Argv: append(append([]string(nil), s.Command...), s.Args...)})
		}
	}
	config := ""
	if abs, err := filepath.Abs(cfg.File); err == nil {
		if rel, err := filepath.Rel(workspace, abs); err == nil && !strings.HasPrefix(rel, "..") {
			config = filepath.ToSlash(rel)
		}
	}
	return ghaction.Pins(servers, config, diff, func(p string) ([]byte, error) {
		return os.ReadFile(filepath.Join(workspace, filepath.FromSlash(p)))
	})
}
