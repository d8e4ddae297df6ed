package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
)

// formats are the values of --format.
var formats = []string{"text", "json", "sarif", "github", "markdown"}

func knownFormat(f string) bool {
	for _, v := range formats {
		if v == f {
			return true
		}
	}
	return false
}

func meta() report.Meta { return report.Meta{Name: "mcp-contract", Version: programVersion()} }

// emit renders res as the report flags ask and says how the run ends: the
// servers it could not reach (exit 3), else findings that fail it (exit 1).
// sections: the text report shows lint and drift apart, as check does.
func (c *cli) emit(res *pipeline.Result, rf reportFlags, tf textFlags, sections bool) error {
	if !knownFormat(rf.format) {
		return usagef("--format %q: want %s", rf.format, strings.Join(formats, ", "))
	}
	render := func(w io.Writer) error { return c.render(w, res, rf, tf, sections) }
	var err error
	if rf.output != "" {
		err = c.writeOutput(rf.output, render)
	} else {
		err = render(c.stdout)
	}
	if err != nil {
		return err
	}
	if res.Unreachable != nil {
		return res.Unreachable
	}
	if res.Fails() {
		return errFindings
	}
	return nil
}

// render writes res in one format.
func (c *cli) render(w io.Writer, res *pipeline.Result, rf reportFlags, tf textFlags, sections bool) error {
	result, failOn := res.Result, res.FailOn
	switch rf.format {
	case "json":
		return report.JSON(w, result, meta())
	case "sarif":
		cwd, _ := os.Getwd()
		return report.SARIF(w, result, c.sarifOptions(res, cwd, true))
	case "github":
		return report.GitHub(safetext.CommandsTo(w), result, report.GitHubOptions{Masker: c.masker, Announce: true, More: "the job summary or the SARIF report"})
	case "markdown":
		return report.Markdown(w, result, report.MarkdownOptions{FailOn: failOn, Masker: c.masker})
	}
	return report.Text(w, result, report.TextOptions{
		Color:      (rf.output == "" || rf.output == "-") && colorTerminal(c.stdout),
		FailOn:     failOn,
		Expand:     tf.expand,
		Statistics: tf.statistics.or(len(result.Findings) > report.StatisticsThreshold),
		Sections:   sections,
		Collisions: res.CollisionsRan,
	})
}

// sarifOptions are the SARIF options of a run whose file paths are
// relative to base (the working directory, or the workspace in the
// Action). Findings without a file of their own are placed where a reader
// of the repository finds the server (pipeline.Places).
func (c *cli) sarifOptions(res *pipeline.Result, base string, helpURIs bool) report.SARIFOptions {
	opts := report.SARIFOptions{Meta: meta(), Rules: report.RulesThatRan(pipeline.KnownRules(), res.Ran), Masker: c.masker,
		Snapshots: ghaction.CommittedSnapshots(res.SnapshotDir, base),
		Exists:    func(p string) bool { _, err := os.Stat(filepath.Join(base, filepath.FromSlash(p))); return err == nil }}
	if helpURIs {
		opts.HelpURI = report.READMEHelpURI
	}
	if config, servers, ok := pipeline.Places(res.Config, res.SnapshotDir, base); ok {
		opts.Places = report.Places{Config: config, Servers: servers}
	}
	return opts
}
