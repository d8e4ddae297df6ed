package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/mcp-contract/mcp-contract/snapshot"
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
// of the repository finds the server: a file server's tool file, its
// committed snapshot, or its entry in the config; findings about all
// servers together on the config file.
func (c *cli) sarifOptions(res *pipeline.Result, base string, helpURIs bool) report.SARIFOptions {
	opts := report.SARIFOptions{Meta: meta(), Rules: report.RulesThatRan(pipeline.KnownRules(), res.Ran), Masker: c.masker,
		Snapshots: ghaction.CommittedSnapshots(res.SnapshotDir, base),
		Exists:    func(p string) bool { _, err := os.Stat(filepath.Join(base, filepath.FromSlash(p))); return err == nil }}
	if helpURIs {
		opts.HelpURI = report.READMEHelpURI
	}
	inBase := func(p string) string {
		abs, err := filepath.Abs(p)
		if err != nil {
			return ""
		}
		rel, err := filepath.Rel(base, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return ""
		}
		if _, err := os.Stat(abs); err != nil {
			return ""
		}
		return filepath.ToSlash(rel)
	}
	cfg := res.Config
	if cfg == nil {
		return opts
	}
	config := inBase(cfg.File)
	opts.Places = report.Places{Config: contract.Location{File: config}, Servers: map[string]contract.Location{}}
	for _, s := range cfg.Servers {
		var at contract.Location
		snap, err := snapshot.Path(res.SnapshotDir, s.Name)
		switch {
		case s.File != "" && inBase(s.File) != "":
			at.File = inBase(s.File)
		case err == nil && inBase(snap) != "":
			at.File = inBase(snap)
		case config != "":
			at = contract.Location{File: config, Line: s.Line}
		default:
			continue
		}
		opts.Places.Servers[s.Name] = at
	}
	return opts
}
