package main

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/mcp-contract/mcp-contract/snapshot"
	"github.com/mcp-contract/mcp-contract/source"
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

func (a *app) meta() report.Meta { return report.Meta{Name: "mcp-contract", Version: programVersion()} }

// render writes result in one format.
func (a *app) render(w io.Writer, format string, result *contract.Result, failOn contract.Severity) error {
	switch format {
	case "json":
		return report.JSON(w, result, a.meta())
	case "sarif":
		cwd, _ := os.Getwd()
		return report.SARIF(w, result, a.sarifOptions(cwd, true))
	case "github":
		return report.GitHub(safetext.CommandsTo(w), result, report.GitHubOptions{Masker: a.masker, Announce: true, More: "the job summary or the SARIF report"})
	case "markdown":
		return report.Markdown(w, result, report.MarkdownOptions{FailOn: failOn, Masker: a.masker})
	}
	return report.Text(w, result, report.TextOptions{
		Color:      (a.output == "" || a.output == "-") && colorTerminal(a.stdout),
		FailOn:     failOn,
		Expand:     a.expand,
		Statistics: a.statistics.or(len(result.Findings) > report.StatisticsThreshold),
		Sections:   a.sections,
		Collisions: a.collisionsRan,
	})
}

// sarifOptions are the SARIF options of a run whose file paths are
// relative to base (the working directory, or the workspace in the
// Action). Findings without a file of their own are placed where a reader
// of the repository finds the server: a file server's tool file, its
// committed snapshot, or its entry in the config; findings about all
// servers together on the config file.
func (a *app) sarifOptions(base string, helpURIs bool) report.SARIFOptions {
	opts := report.SARIFOptions{Meta: a.meta(), Rules: rulesThatRan(a.ran), Masker: a.masker,
		Snapshots: committedSnapshots(a.snapshotDir(), base),
		Exists:    func(p string) bool { _, err := os.Stat(filepath.Join(base, filepath.FromSlash(p))); return err == nil }}
	if helpURIs {
		opts.HelpURI = ruleHelpURI
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
	if a.cfg == nil {
		return opts
	}
	config := inBase(a.cfg.File)
	opts.Places = report.Places{Config: contract.Location{File: config}, Servers: map[string]contract.Location{}}
	for _, s := range a.cfg.Servers {
		var at contract.Location
		snap, err := snapshot.Path(a.snapshotDir(), s.Name)
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

// committedSnapshots are the snapshot folder's files with paths from the
// workspace, where annotations place findings about live servers; none
// when the folder cannot be read.
func committedSnapshots(dir, workspace string) []*contract.Catalog {
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

// rulesThatRan lists the metadata of every rule the run ran (all when ran is nil).
func rulesThatRan(ran func(string) bool) []contract.RuleInfo {
	var out []contract.RuleInfo
	for id, info := range knownRules() {
		if ran == nil || ran(id) {
			out = append(out, info)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// readmeURL is the README on the project's default branch.
const readmeURL = "https://github.com/mcp-contract/mcp-contract/blob/main/README.md"

// ruleHelpURI points a rule at the README section that explains its group:
// drift and collision rules have their own sections, every lint rule is
// listed by profile; `mcp-contract explain ID` prints the rule's own help.
func ruleHelpURI(id string) string {
	group, _, _ := strings.Cut(id, "/")
	switch group {
	case "drift":
		return readmeURL + "#snapshots-and-drift"
	case "collision":
		return readmeURL + "#collisions"
	case "config":
		return readmeURL + "#mcp-contractyaml"
	}
	return readmeURL + "#profiles"
}
