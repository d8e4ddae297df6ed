package report

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// TextOptions control the terminal report.
type TextOptions struct {
	// Color adds ANSI colours; the caller sets it only for a terminal without NO_COLOR.
	Color bool
	// FailOn is shown in the summary line so a reader knows why the run failed.
	FailOn contract.Severity
	// Expand lists every place a fact applies, with its position, instead of
	// naming the first few tools.
	Expand bool
	// Statistics ends the report with the per-rule count table. Callers turn
	// it on by default past StatisticsThreshold findings.
	Statistics bool
	// Sections reports lint and drift apart, each with its own totals, as
	// check does. The drift section is printed even when empty, so a reader
	// sees that drift was part of the run.
	Sections bool
	// Collisions, with Sections, adds the collisions section, printed even
	// when empty for the same reason; collision findings get one regardless.
	Collisions bool
	// AllowedBy names the pull request's label that lets its breaking
	// changes through: the closing line says them as allowed, not as what
	// the run fails for.
	AllowedBy string
}

// StatisticsThreshold is the number of findings past which the per-rule
// table is on by default: below it the grouped report fits on a screen and a
// table would repeat it.
const StatisticsThreshold = 20

// namedTools is how many tools a grouped fact names before "+N more".
const namedTools = 5

// listedPlaces is how many places a fact lists one by one, with positions,
// before it is summarised by tool: a handful of lines reads faster than a
// summary that leaves out the nodes.
const listedPlaces = 3

type painter struct{ on bool }

func (p painter) paint(code, s string) string {
	if !p.on {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (p painter) severity(s contract.Severity) string {
	label := fmt.Sprintf("%-7s", s.String())
	switch s {
	case contract.Error:
		return p.paint("31;1", label)
	case contract.Warning:
		return p.paint("33", label)
	}
	return p.paint("36", label)
}

// Text writes the findings of each server as facts (GroupFindings), each
// said once with the places it applies, then the totals.
func Text(w io.Writer, r *contract.Result, opts TextOptions) error {
	r = fittingFixes(r, opts.AllowedBy)
	tw := &errWriter{w: w}
	p := painter{on: opts.Color}
	if opts.Sections {
		var lintF, driftF, collisionF []contract.Finding
		for _, f := range r.Findings {
			switch f.Category {
			case contract.CategoryDrift:
				driftF = append(driftF, f)
			case contract.CategoryCollision:
				collisionF = append(collisionF, f)
			default:
				lintF = append(lintF, f)
			}
		}
		tw.printf("%s\n\n", p.paint("1", "LINT"))
		writeServers(tw, p, r.Servers, lintF, opts, true)
		writeUnchanged(tw, r)
		writeTokens(tw, r)
		lintN := map[contract.Severity]int{}
		for _, f := range lintF {
			lintN[f.Severity]++
		}
		for _, o := range r.Omitted {
			lintN[o.Severity] += o.Count
		}
		tw.printf("Lint: %s\n\n", countTotals(lintN))
		tw.printf("%s\n\n", p.paint("1", "DRIFT"))
		writeServers(tw, p, r.Servers, driftF, opts, false)
		if line := driftCoverageLine(r.Drift, func(s string) string { return s }); line != "" {
			tw.printf("%s\n", line)
		}
		tw.printf("Drift: %s, %s\n\n", totals(driftF), plural(breaking(driftF), "breaking change"))
		if opts.Collisions || len(collisionF) > 0 {
			tw.printf("%s\n\n", p.paint("1", "COLLISIONS"))
			writeServers(tw, p, r.Servers, collisionF, opts, false)
			tw.printf("Collisions: %s\n\n", totals(collisionF))
		}
	} else {
		writeServers(tw, p, r.Servers, r.Findings, opts, true)
		writeUnchanged(tw, r)
		writeTokens(tw, r)
		if line := driftCoverageLine(r.Drift, func(s string) string { return s }); line != "" {
			tw.printf("%s\n", line)
		}
	}
	if opts.Statistics && len(r.Findings) > 0 {
		writeStatistics(tw, p, r.Findings)
	}
	groups := GroupFindings(r.Findings)
	if !opts.Expand && len(groups) < len(r.Findings) {
		tw.printf("%s said as %s; --expand lists every place.\n",
			plural(len(r.Findings), "finding"), plural(len(groups), "fact"))
	}
	if line := omittedLine(r, safetext.Line); line != "" {
		tw.printf("%s\n", line)
	}
	tw.printf("%s in %s%s, %s", countTotals(r.Count()), plural(len(r.Servers), "server"), unreachableNote(r), plural(r.ToolCount(), "tool"))
	if opts.Sections || hasDrift(r.Findings) {
		tw.printf("; %s", plural(breaking(r.Findings), "breaking change"))
	}
	// Against a base the line after this one says what fails the run; a
	// count of every finding at or above fail-on, debt included, would
	// read as failing a run that passes.
	if opts.FailOn > contract.Off && opts.FailOn <= contract.Error && !compared(r.Findings) {
		failing := 0
		for sev, n := range r.Count() {
			if sev >= opts.FailOn {
				failing += n
			}
		}
		if failing > 0 {
			tw.printf(" — %s at or above --fail-on %s", plural(failing, "finding"), opts.FailOn)
		}
	}
	tw.printf("\n")
	if compared(r.Findings) {
		// Against a base, most of the count above can be old debt: say
		// what this change broke, breaking changes first, as the summary
		// and the PR comment do.
		v := judge(r, opts.FailOn, opts.AllowedBy, safetext.Line, strconv.Quote, "not new since the base")
		switch {
		case len(v.why) > 0:
			tw.printf("Fails for: %s", strings.Join(v.why, ", "))
			if len(v.allowed) > 0 {
				tw.printf("; allowed by the label %q: %s", opts.AllowedBy, strings.Join(v.allowed, ", "))
			}
		case len(v.allowed) > 0:
			tw.printf("Allowed: %s, by the label %q", strings.Join(v.allowed, ", "), opts.AllowedBy)
		default:
			tw.printf("Nothing new fails the run")
		}
		if len(v.also) > 0 {
			// After "Fails for:" the rest must not read as more reasons.
			sep := "; "
			if len(v.why) > 0 {
				sep = "; does not fail for: "
			}
			tw.printf("%s%s", sep, strings.Join(v.also, ", "))
		}
		tw.printf("\n")
		if v.rules != "" {
			tw.printf("%s%s\n", rulesPrefix, v.rules)
		}
	}
	return tw.err
}

// unreachableNote is " (2 unreachable: github, slack)" when servers could
// not be reached, so the last line never counts a server it did not check as
// checked.
func unreachableNote(r *contract.Result) string {
	names := r.Unreachable()
	if len(names) == 0 {
		return ""
	}
	return " " + safetext.Line(fmt.Sprintf("(%d unreachable: %s)", len(names), strings.Join(names, ", ")))
}

// writeServers prints each server that has findings (or, with withErrors, a
// read error), then its facts. Servers keep the result's order; findings of
// servers the result does not list (a project-wide config finding) come last.
func writeServers(tw *errWriter, p painter, infos []contract.ServerInfo, findings []contract.Finding, opts TextOptions, withErrors bool) {
	byServer := map[string][]Group{}
	var extra []string
	known := map[string]bool{}
	for _, s := range infos {
		known[s.Name] = true
	}
	for _, g := range GroupFindings(findings) {
		if !known[g.Server] && byServer[g.Server] == nil {
			extra = append(extra, g.Server)
		}
		byServer[g.Server] = append(byServer[g.Server], g)
	}
	servers := append([]contract.ServerInfo(nil), infos...)
	for _, name := range extra {
		servers = append(servers, contract.ServerInfo{Name: name})
	}
	for _, s := range servers {
		groups := byServer[s.Name]
		showError := withErrors && s.Error != ""
		if len(groups) == 0 && !showError {
			continue
		}
		header := safetext.Line(s.Name)
		if header == "" {
			// Findings of no server are facts about the session, every
			// server loaded together.
			header = SessionHeading
		}
		if s.Origin != "" {
			header += fmt.Sprintf(" (%s, %s)", safetext.Line(s.Origin), plural(s.Tools, "tool"))
		}
		tw.printf("%s\n", p.paint("1", header))
		if showError {
			tw.printf("  %s %s\n", p.severity(contract.Error), safetext.Line(s.Error))
		}
		for i := range groups {
			// A rule's facts come together; a fix they share is said once.
			sameFix := i > 0 && groups[i-1].Rule == groups[i].Rule && groups[i-1].Fix == groups[i].Fix
			writeGroup(tw, p, &groups[i], opts.Expand, !sameFix)
		}
		tw.printf("\n")
	}
}

// writeUnchanged says, one line per file, which files were not linted again
// because every tool equals its bytes at the ref (the pre-commit cache).
func writeUnchanged(tw *errWriter, r *contract.Result) {
	for _, f := range r.Unchanged {
		tw.printf("%s: unchanged since %s, lint findings of its %s from the cache\n",
			safetext.Line(f.File), safetext.Line(f.Against), plural(f.Tools, "tool"))
	}
	if len(r.Unchanged) > 0 {
		tw.printf("\n")
	}
}

// indent lines up continuation lines under the message of a fact.
const indent = "          "

func writeGroup(tw *errWriter, p painter, g *Group, expand, withFix bool) {
	message := g.Message
	if others, ok := g.Clash(); ok {
		message = clashMessage(g, others)
	}
	tw.printf("  %s %s  %s\n", p.severity(g.Severity), p.paint("2", g.Rule), safetext.Line(message))
	tools := g.Tools()
	if expand || len(g.Findings) <= listedPlaces || len(tools) == 0 {
		for _, f := range g.Findings {
			if place := placeOf(f); place != "" {
				tw.printf("%s%s\n", indent, p.paint("2", place))
			}
			// The other sides of a collision: the clash is shown once, here.
			for _, r := range f.Related {
				other := placeOf(contract.Finding{File: r.File, Line: r.Line, Column: r.Column, Tool: r.Server + "/" + r.Tool, Pointer: r.Pointer})
				tw.printf("%s%s\n", indent, p.paint("2", "also: "+other))
			}
		}
	} else {
		tw.printf("%s%s\n", indent, p.paint("2", summarise(g, tools)))
	}
	if withFix && g.Fix != "" {
		tw.printf("%sfix: %s\n", indent, safetext.Line(g.Fix))
	}
}

// summarise says where a fact applies in one line: the shared node and the
// tools, the first few by name.
func summarise(g *Group, tools []string) string {
	names := make([]string, 0, namedTools)
	for i, t := range tools {
		if i == namedTools {
			break
		}
		names = append(names, safetext.Line(t))
	}
	list := strings.Join(names, ", ")
	if more := len(tools) - len(names); more > 0 {
		list += fmt.Sprintf(" +%d more", more)
	}
	in := plural(len(tools), "tool")
	if len(g.Findings) != len(tools) {
		return fmt.Sprintf("%s in %s: %s", plural(len(g.Findings), "place"), in, list)
	}
	if ptr := g.Pointer(); ptr != "" {
		return fmt.Sprintf("at %s in %s: %s", safetext.Line(ptr), in, list)
	}
	return fmt.Sprintf("in %s: %s", in, list)
}

// placeOf is one finding's place: file:line:col first, so terminals and
// editors can open it, then the tool and the node.
func placeOf(f contract.Finding) string {
	var parts []string
	if loc := location(f); loc != "" {
		parts = append(parts, safetext.Line(loc))
	}
	if f.Tool != "" {
		parts = append(parts, safetext.Line(f.Tool))
	}
	if f.Pointer != "" {
		parts = append(parts, safetext.Line(f.Pointer))
	}
	return strings.Join(parts, " ")
}

// location is file:line:col, the file alone, or "".
func location(f contract.Finding) string {
	switch {
	case f.File != "" && f.Line > 0:
		return fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Column)
	case f.File != "":
		return f.File
	}
	return ""
}

func writeStatistics(tw *errWriter, p painter, findings []contract.Finding) {
	counts := CountRules(findings)
	width := len(fmt.Sprint(counts[0].Findings))
	// Padding the rule ids keeps the "N tools on M servers" column aligned,
	// so the table reads as one.
	ruleWidth := 0
	for _, c := range counts {
		ruleWidth = max(ruleWidth, len(c.Rule))
	}
	tw.printf("%s\n", p.paint("1", "Findings per rule:"))
	for _, c := range counts {
		where := plural(c.Servers, "server")
		if c.Tools > 0 {
			where = plural(c.Tools, "tool") + " on " + where
		}
		tw.printf("  %*d %s %-*s  %s\n", width, c.Findings, p.severity(c.Severity), ruleWidth, c.Rule, where)
	}
	tw.printf("\n")
}

func writeTokens(tw *errWriter, r *contract.Result) {
	type toolTokens struct {
		server, tool string
		n            int
	}
	var all []toolTokens
	total := 0
	for _, s := range r.Servers {
		total += s.Tokens
		for tool, n := range s.ToolTokens {
			all = append(all, toolTokens{s.Name, tool, n})
		}
	}
	if total == 0 {
		return
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].n != all[j].n {
			return all[i].n > all[j].n
		}
		return all[i].server+"/"+all[i].tool < all[j].server+"/"+all[j].tool
	})
	tw.printf("Tool definitions cost %s per turn (o200k_base). Largest:\n", plural(total, "token"))
	for i, t := range all {
		if i == 5 {
			break
		}
		tw.printf("  %6d  %s/%s\n", t.n, safetext.Line(t.server), safetext.Line(t.tool))
	}
	tw.printf("\n")
}

// totals counts findings by severity: "2 errors, 1 warning, 0 info".
func totals(findings []contract.Finding) string {
	n := map[contract.Severity]int{}
	for _, f := range findings {
		n[f.Severity]++
	}
	return countTotals(n)
}

func breaking(findings []contract.Finding) int {
	n := 0
	for _, f := range findings {
		if f.Change == contract.ChangeBreaking {
			n++
		}
	}
	return n
}

func hasDrift(findings []contract.Finding) bool {
	for _, f := range findings {
		if f.Category == contract.CategoryDrift {
			return true
		}
	}
	return false
}

var plural = english.Plural

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

// FoldedText writes the text report between ::group:: and ::endgroup::
// workflow commands, so a step log holds the whole report folded under
// one line the reader opens. Every line of the report is
// safetext.Neutralize'd (a server named "::endgroup::" is shown as
// ": :endgroup::"), so it can neither end the group nor issue a command;
// the group's own two lines go through safetext.CommandsTo.
func FoldedText(w io.Writer, title string, r *contract.Result, opts TextOptions) error {
	var b strings.Builder
	if err := Text(&b, r, opts); err != nil {
		return err
	}
	cw := &errWriter{w: safetext.CommandsTo(w)}
	cw.printf("%s\n", command("group", nil, title))
	tw := &errWriter{w: w}
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		body := strings.TrimSuffix(line, "\n")
		tw.printf("%s%s", safetext.Neutralize(body), line[len(body):])
	}
	if tw.err != nil {
		return tw.err
	}
	cw.printf("::endgroup::\n")
	return cw.err
}
