package main

import (
	"io"
	"sort"

	"github.com/mcp-contract/mcp-contract/contract"
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

func (a *app) meta() report.Meta { return report.Meta{Name: "mcp-contract", Version: programVersion()} }

// render writes result in one format.
func (a *app) render(w io.Writer, format string, result *contract.Result, failOn contract.Severity) error {
	switch format {
	case "json":
		return report.JSON(w, result, a.meta())
	case "sarif":
		return report.SARIF(w, result, report.SARIFOptions{Meta: a.meta(), Rules: rulesThatRan(a.ran), Masker: a.masker})
	case "github":
		return report.GitHub(w, result, report.GitHubOptions{Masker: a.masker, Announce: true, More: "the job summary or the SARIF report"})
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
