package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// Size limits of where markdown goes.
const (
	// MaxCommentBytes keeps a PR comment under GitHub's 65,536-character
	// body limit with room for the marker.
	MaxCommentBytes = 60000
	// MaxSummaryBytes keeps a job summary under the runner's 1 MiB per step.
	MaxSummaryBytes = 1000 << 10
)

// MarkdownOptions control the markdown report (job summary, PR comment).
type MarkdownOptions struct {
	// FailOn is named in the verdict.
	FailOn contract.Severity
	// Masker hides secrets in every string from servers and configs.
	Masker *safetext.Masker
	// MaxBytes cuts the report, with a note, to fit where it goes (0: no limit).
	MaxBytes int
	// RunURL links the note of a cut report to the full run.
	RunURL string
	// Open is how many finding groups show before the rest fold into
	// <details> (default 10).
	Open int
}

// Markdown writes a verdict line, one table row per server (errors,
// warnings, breaking changes, tokens), then the findings grouped by rule and
// message, each group once with the tools it hits.
func Markdown(w io.Writer, r *contract.Result, opts MarkdownOptions) error {
	var b strings.Builder
	md := func(s string) string { return mdText(opts.Masker.Mask(s)) }
	code := func(s string) string { return codeSpan(opts.Masker.Mask(s)) }
	b.WriteString(Verdict(r, opts.FailOn) + "\n\n")
	if len(r.Servers) > 0 {
		b.WriteString("| server | tools | errors | warnings | breaking | tokens |\n|---|--:|--:|--:|--:|--:|\n")
		for _, s := range r.Servers {
			var errs, warns, breaking int
			for _, f := range r.Findings {
				if f.Server != s.Name {
					continue
				}
				switch f.Severity {
				case contract.Error:
					errs++
				case contract.Warning:
					warns++
				}
				if f.Change == contract.ChangeBreaking {
					breaking++
				}
			}
			name := md(s.Name)
			if s.Error != "" {
				name += " ⚠️ " + md(s.Error)
			}
			fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d |\n", name, s.Tools, errs, warns, breaking, s.Tokens)
		}
		b.WriteString("\n")
	}
	if line := driftCoverageLine(r.Drift); line != "" {
		b.WriteString(md(line) + "\n\n")
	}
	groups := GroupFindings(r.Findings)
	open := opts.Open
	if open <= 0 {
		open = 10
	}
	for i := range groups {
		g := &groups[i]
		if i == open {
			fmt.Fprintf(&b, "<details><summary>%d more</summary>\n\n", len(groups)-open)
		}
		line := fmt.Sprintf("- %s **%s** %s", severityIcon(g.Severity), g.Severity, code(g.Rule))
		if g.Change != "" {
			line += " (" + g.Change + ")"
		}
		line += " " + md(g.Message)
		if g.Server != "" {
			line += " — " + md(g.Server)
		}
		if tools := g.Tools(); len(tools) > 0 {
			line += ": " + toolList(tools, 8, code)
		}
		if loc := location(g.Findings[0]); loc != "" && len(g.Findings) == 1 {
			line += " at " + code(loc)
		}
		if len(g.Findings) == 1 {
			// The other sides of a collision, so the comment shows both places.
			for _, rel := range g.Findings[0].Related {
				line += "; also " + code(rel.Server+"/"+rel.Tool)
				if loc := location(contract.Finding{File: rel.File, Line: rel.Line, Column: rel.Column}); loc != "" {
					line += " at " + code(loc)
				}
			}
		}
		if g.Fix != "" {
			line += "<br>Fix: " + md(g.Fix)
		}
		b.WriteString(line + "\n")
	}
	if len(groups) > open {
		b.WriteString("\n</details>\n")
	}
	out := b.String()
	if opts.MaxBytes > 0 && len(out) > opts.MaxBytes {
		out = cut(out, opts.MaxBytes, opts.RunURL)
	}
	_, err := io.WriteString(w, out)
	return err
}

// Verdict is the report's first line: what failed, or that nothing did.
func Verdict(r *contract.Result, failOn contract.Severity) string {
	counts := r.Count()
	breaking := 0
	for _, f := range r.Findings {
		if f.Change == contract.ChangeBreaking {
			breaking++
		}
	}
	failing := 0
	for sev, n := range counts {
		if sev >= failOn {
			failing += n
		}
	}
	serverErrors := 0
	for _, s := range r.Servers {
		if s.Error != "" {
			serverErrors++
		}
	}
	icon := "✅"
	switch {
	case failing > 0 || serverErrors > 0:
		icon = "❌"
	case len(r.Findings) > 0:
		icon = "⚠️"
	}
	line := fmt.Sprintf("%s **mcp-contract**: %s, %s, %s", icon,
		plural(counts[contract.Error], "error"), plural(counts[contract.Warning], "warning"), plural(counts[contract.Info], "info"))
	if breaking > 0 {
		line += ", " + plural(breaking, "breaking change")
	}
	line += " in " + plural(len(r.Servers), "server")
	if note := unreachableNote(r); note != "" {
		line += " " + mdText(note)
	}
	line += ", " + plural(r.ToolCount(), "tool")
	if failOn <= contract.Error {
		line += fmt.Sprintf(" (fail-on %s)", failOn)
	}
	return line
}

func severityIcon(s contract.Severity) string {
	switch s {
	case contract.Error:
		return "🔴"
	case contract.Warning:
		return "🟡"
	}
	return "🔵"
}

func toolList(tools []string, n int, code func(string) string) string {
	var parts []string
	for i, t := range tools {
		if i == n {
			parts = append(parts, fmt.Sprintf("and %d more", len(tools)-n))
			break
		}
		parts = append(parts, code(t))
	}
	return strings.Join(parts, ", ")
}

// cut shortens a report to max bytes at a line break, closing an open
// <details>, and says so.
func cut(s string, max int, runURL string) string {
	note := "\n\n_The report was cut to fit GitHub's size limit"
	if runURL != "" {
		note += "; the full report is in [the run](" + runURL + ")"
	}
	note += "._\n"
	keep := max - len(note) - len("\n</details>")
	if keep < 0 {
		keep = 0
	}
	s = s[:keep]
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if strings.Count(s, "<details>") > strings.Count(s, "</details>") {
		s += "\n</details>"
	}
	return s + note
}

// mdText makes server text inert in GitHub markdown: on one line, no HTML,
// no markdown syntax, no @mention (a tool description must not ping anyone).
func mdText(s string) string {
	s = safetext.Line(s)
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '@':
			b.WriteString("@&#8203;")
		case '\\', '`', '*', '_', '[', ']', '|', '#', '~', '!', '$':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// codeSpan shows server text verbatim in a code span, where GitHub renders
// no HTML, link or mention; only a backtick could end it early.
func codeSpan(s string) string {
	return "`" + strings.ReplaceAll(safetext.Line(s), "`", "'") + "`"
}
