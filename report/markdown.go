package report

import (
	"fmt"
	"io"
	"strings"
	"time"

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
	// Open is how many finding groups a section shows before the rest fold
	// into <details> (default 10).
	Open int
	// Blob is where the reviewed commit's files are browsed,
	// "https://github.com/OWNER/REPO/blob/SHA"; a location then links to its
	// line. Empty: locations are plain text.
	Blob string
	// BreakingAllowedBy names the pull request's label that lets breaking
	// changes through: they are still listed first, but the verdict counts
	// them among what does not fail the run, as the exit code does.
	BreakingAllowedBy string
	// Label is the configured allow-breaking label, which a failing pull
	// request's ways forward name ("" outside a pull request).
	Label string
	// Commit and CommitURL are the reviewed commit and its page; Updated is
	// when the report was written. With RunURL they make the footer that
	// tells a reader which run and commit an edited comment speaks of.
	Commit, CommitURL string
	Updated           time.Time
}

// Markdown writes a verdict line that says why the run fails, one table row
// per server (errors, warnings, breaking changes, tokens), then the
// findings in the order a pull request's reviewer needs them: breaking
// changes, snapshot freshness, new findings, the findings about all servers
// together, collisions, and last, folded, the existing findings the pull
// request did not add. Each section groups its findings by rule and
// message, each group once with the tools it hits.
func Markdown(w io.Writer, r *contract.Result, opts MarkdownOptions) error {
	var b strings.Builder
	m := mdWriter{opts: opts, b: &b, r: r}
	b.WriteString(m.verdict() + "\n\n")
	if v := judge(r, m.opts.FailOn, m.opts.BreakingAllowedBy, m.text, MarkdownCode, ""); v.rules != "" {
		b.WriteString("**" + strings.TrimSpace(rulesPrefix) + "** " + v.rules + "\n\n")
	}
	if line := omittedLine(r, m.text); line != "" {
		b.WriteString(line + "\n\n")
	}
	if len(r.Servers) > 0 {
		m.table(r)
	}
	quote := func(s string) string { return "`" + strings.ReplaceAll(s, "`", "'") + "`" }
	if line := driftCoverageLine(r.Drift, quote); line != "" {
		b.WriteString(markdownProse(m.opts.Masker.Mask(line)) + "\n\n")
	}
	parts := splitParts(r.Findings)
	findings := "Findings"
	if compared(r.Findings) {
		findings = "New findings"
	}
	m.changes(parts[partBreaking])
	m.section("Snapshot freshness", parts[partFreshness])
	m.section(findings, parts[partNew])
	m.section(SessionHeading, parts[partSession])
	m.section("Collisions", parts[partCollision])
	if existing := parts[partExisting]; len(existing) > 0 {
		fmt.Fprintf(&b, "<details><summary>%s not from this pull request</summary>\n\n", plural(len(existing), "existing finding"))
		m.existing = true
		for _, g := range GroupFindings(existing) {
			m.group(&g)
		}
		m.existing = false
		b.WriteString("\n</details>\n")
	}
	m.waysForward(r, parts)
	m.footer()
	out := strings.TrimRight(b.String(), "\n") + "\n"
	if opts.MaxBytes > 0 && len(out) > opts.MaxBytes {
		out = cut(out, opts.MaxBytes, opts.RunURL)
	}
	_, err := io.WriteString(w, out)
	return err
}

type mdWriter struct {
	opts MarkdownOptions
	b    *strings.Builder
	r    *contract.Result
	// existing: the groups being written are the base's, which fail
	// nothing, so they are not marked red.
	existing bool
}

func (m *mdWriter) text(s string) string { return MarkdownText(m.opts.Masker.Mask(s)) }
func (m *mdWriter) code(s string) string { return MarkdownCode(m.opts.Masker.Mask(s)) }

// section writes a heading with the count, then the groups, the first
// Open shown and the rest folded.
func (m *mdWriter) section(title string, findings []contract.Finding) {
	if len(findings) == 0 {
		return
	}
	fmt.Fprintf(m.b, "### %s (%d)\n\n", title, len(findings))
	groups := GroupFindings(findings)
	open := m.opts.Open
	if open <= 0 {
		open = 10
	}
	for i := range groups {
		if i == open {
			fmt.Fprintf(m.b, "\n<details><summary>%d more</summary>\n\n", len(groups)-open)
		}
		m.group(&groups[i])
	}
	if len(groups) > open {
		m.b.WriteString("\n</details>\n")
	}
	m.b.WriteString("\n")
}

// group writes one fact as one list item.
func (m *mdWriter) group(g *Group) {
	icon := severityIcon(g.Severity)
	if m.existing {
		icon = "⚪"
	}
	line := fmt.Sprintf("- %s **%s** %s", icon, g.Severity, m.code(g.Rule))
	if g.Change != "" {
		line += " (" + m.text(g.Change) + ")"
	}
	others, clash := g.Clash()
	if clash {
		line += " " + m.text(clashMessage(g, others))
	} else {
		line += " " + m.message(g.Rule, g.Message)
	}
	if g.Server != "" && !clash {
		line += " — " + m.text(g.Server)
	}
	if tools := g.Tools(); len(tools) > 0 {
		line += ": " + toolList(tools, 8, m.code)
	}
	if len(g.Findings) == 1 {
		f := g.Findings[0]
		if at := m.place(f.File, f.Line, f.Column); at != "" {
			line += " at " + at
		}
		// The other sides of a collision, so the comment shows both places.
		for _, rel := range f.Related {
			line += "; also " + m.code(rel.Server+"/"+rel.Tool)
			if at := m.place(rel.File, rel.Line, rel.Column); at != "" {
				line += " at " + at
			}
		}
	}
	if fix := m.fix(g); fix != "" {
		line += "<br>Fix: " + markdownProse(m.opts.Masker.Mask(fix))
	}
	m.b.WriteString(line + "\n")
}

// place is a location as a code span, linked to its line at the reviewed
// commit when the report knows where files are browsed and the path is one
// inside the repository.
func (m *mdWriter) place(file string, line, col int) string {
	loc := location(contract.Finding{File: file, Line: line, Column: col})
	if loc == "" {
		return ""
	}
	span := m.code(loc)
	if m.opts.Blob == "" || !repoPath(file) {
		return span
	}
	url := strings.TrimSuffix(m.opts.Blob, "/") + "/" + urlPath(file)
	if line > 0 {
		url += fmt.Sprintf("#L%d", line)
	}
	return "[" + span + "](" + url + ")"
}

// repoPath reports whether file is a clean path inside the repository (not
// absolute, not at a git ref, not climbing out).
func repoPath(file string) bool {
	if file == "" || strings.HasPrefix(file, "/") || strings.HasPrefix(file, "git:") || strings.Contains(file, "\\") {
		return false
	}
	for _, seg := range strings.Split(file, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// urlPath percent-encodes everything in a path but unreserved characters
// and slashes, so no byte of it can end the link or start markup.
func urlPath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~/", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
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
