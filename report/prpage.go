package report

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// DescriptionChangedRule is the drift step's finding that a tool's
// description changed, the signal of a rug pull: its message carries a word
// diff ([-removed-]{+added+}), which the markdown report renders as one, and
// its annotation is never crowded out by a repeated fact. Repeated here
// because reporters depend on the model only.
const DescriptionChangedRule = "drift/description-changed"

// verdict is the report's first line: against a base, what this pull
// request does to the contract (the tools it breaks, each with its change,
// then the stale snapshots, unreachable servers and new findings that fail
// the run), then what does not fail it; without a base, why the run fails.
func (m *mdWriter) verdict() string {
	r, failOn, allowedBy := m.r, m.opts.FailOn, m.opts.BreakingAllowedBy
	v := judge(r, failOn, allowedBy, m.text, MarkdownCode, "not from this pull request")
	parts := splitParts(r.Findings)
	cmp := compared(r.Findings)
	why := append([]string(nil), v.why...)
	if br := parts[partBreaking]; len(br) > 0 && allowedBy == "" && len(why) > 0 && cmp {
		why[0] = m.breaks(br)
	}
	var allowed []string
	for _, a := range v.allowed {
		allowed = append(allowed, a+" allowed by "+MarkdownCode(allowedBy))
	}
	icon := "✅"
	switch {
	case v.failing:
		icon = "❌"
	case len(allowed) > 0:
	case cmp && Own(r), !cmp && len(r.Findings) > 0:
		icon = "⚠️"
	}
	line := icon + " **mcp-contract**: "
	switch {
	case len(why) > 1 && why[0] != v.why[0]:
		// The tools broken are a list of their own: what else fails the
		// run is set apart from it, not read as one more broken tool.
		line += why[0] + "; " + strings.Join(why[1:], ", ")
		if len(allowed) > 0 {
			line += "; " + strings.Join(allowed, ", ")
		}
	case len(why) > 0:
		line += strings.Join(why, ", ")
		if len(allowed) > 0 {
			line += "; " + strings.Join(allowed, ", ")
		}
	case len(allowed) > 0:
		line += strings.Join(allowed, ", ")
	case cmp && !Own(r):
		line += "This pull request breaks no tool and adds no finding"
	case cmp:
		line += "nothing this pull request adds fails the check"
	case len(r.Findings) == 0:
		line += "no findings"
	default:
		line += "no finding fails the run"
	}
	if len(v.also) > 0 {
		line += "; " + strings.Join(v.also, ", ")
	}
	line += fmt.Sprintf(" (%s, %s", plural(len(r.Servers), "server"), plural(r.ToolCount(), "tool"))
	if failOn <= contract.Error {
		line += fmt.Sprintf(", fail-on %s", failOn)
	}
	return line + ")"
}

// breaks says which tools the pull request breaks, server by server, each
// tool with its first change: "This pull request breaks 1 tool of
// filesystem: `read_media_file` (…)". Tools whose changes read the same (a
// new SDK closing every input object) are named together under it once.
func (m *mdWriter) breaks(br []contract.Finding) string {
	changes := Changes(br)
	var servers []string
	tools := map[string][]string{}
	first := map[[2]string]*Group{}
	more := map[[2]string]int{}
	for i := range changes {
		g := &changes[i]
		k := [2]string{g.Server, g.Findings[0].Tool}
		if _, ok := tools[g.Server]; !ok {
			servers = append(servers, g.Server)
		}
		if first[k] == nil {
			first[k] = g
			tools[g.Server] = append(tools[g.Server], k[1])
		} else {
			more[k]++
		}
	}
	var said []string
	for _, s := range servers {
		// The tools of s by what their changes say, in order.
		var whats []string
		alike := map[string][]string{}
		for _, t := range tools[s] {
			g := first[[2]string{s, t}]
			what := m.message(g.Rule, g.Message)
			if n := more[[2]string{s, t}]; n > 0 {
				what += fmt.Sprintf(", and %s", plural(n, "more change"))
			}
			if _, ok := alike[what]; !ok {
				whats = append(whats, what)
			}
			alike[what] = append(alike[what], t)
		}
		var named []string
		left := len(tools[s])
		for i, what := range whats {
			if i == 3 {
				named = append(named, "and "+plural(left, "more tool"))
				break
			}
			ts := alike[what]
			left -= len(ts)
			switch {
			case len(ts) == 1 && ts[0] == "":
				named = append(named, what)
			case len(ts) == 1:
				named = append(named, m.code(ts[0])+" ("+what+")")
			default:
				named = append(named, toolList(ts, 5, m.code)+" (each: "+what+")")
			}
		}
		if n := len(tools[s]); n == 1 && tools[s][0] == "" {
			said = append(said, "server "+m.text(s)+": "+named[0])
		} else {
			said = append(said, plural(n, "tool")+" of "+m.text(s)+": "+strings.Join(named, ", "))
		}
	}
	return "This pull request breaks " + strings.Join(said, "; and ")
}

// table is one row per server; against a base it counts the pull
// request's own findings apart from the existing ones, so the numbers a
// reviewer reads first are the change's, not the repository's debt.
func (m *mdWriter) table(r *contract.Result) {
	b := m.b
	cmp := compared(r.Findings)
	if cmp {
		b.WriteString("| server | tools | new errors | new warnings | breaking | existing | tokens |\n|---|--:|--:|--:|--:|--:|--:|\n")
	} else {
		b.WriteString("| server | tools | errors | warnings | breaking | tokens |\n|---|--:|--:|--:|--:|--:|\n")
	}
	for _, s := range r.Servers {
		var of []contract.Finding
		for _, f := range r.Findings {
			if f.Server == s.Name {
				of = append(of, f)
			}
		}
		t := Count(&contract.Result{Findings: of})
		name := m.text(s.Name)
		if s.Error != "" {
			name += " ⚠️ " + m.text(s.Error)
		}
		if cmp {
			fmt.Fprintf(b, "| %s | %d | %d | %d | %d | %d | %d |\n", name, s.Tools, t.NewErrors, t.NewWarnings, t.Breaking, t.Existing, s.Tokens)
		} else {
			fmt.Fprintf(b, "| %s | %d | %d | %d | %d | %d |\n", name, s.Tools, t.Errors, t.Warnings, t.Breaking, s.Tokens)
		}
	}
	b.WriteString("\n")
}

// changes lists the breaking changes, one item per change (Changes), each
// with every finding it holds.
func (m *mdWriter) changes(br []contract.Finding) {
	if len(br) == 0 {
		return
	}
	changes := Changes(br)
	fmt.Fprintf(m.b, "### Breaking changes (%d)\n\n", len(changes))
	// A fix every change shares (a dependency's new version brought them
	// all) is said once, after the list, not once per change.
	shared := ""
	if len(changes) > 1 && m.opts.BreakingAllowedBy == "" {
		shared = m.fix(&changes[0])
		for i := range changes[1:] {
			if m.fix(&changes[i+1]) != shared {
				shared = ""
				break
			}
		}
	}
	for i := range changes {
		m.change(&changes[i], shared != "")
	}
	if shared != "" {
		fmt.Fprintf(m.b, "\nFix for all %d: %s\n", len(changes), markdownProse(m.opts.Masker.Mask(shared)))
	}
	m.b.WriteString("\n")
}

// change is one item of the list; fixSaid: its fix is said for all after it.
func (m *mdWriter) change(g *Group, fixSaid bool) {
	mark := severityIcon(g.Severity) + " **breaking**"
	if m.opts.BreakingAllowedBy != "" {
		mark = "☑️ **allowed**"
	}
	f := g.Findings[0]
	where := f.Server
	if f.Tool != "" {
		where += "/" + f.Tool
	}
	line := "- " + mark + " " + m.code(where)
	var msgs, rules []string
	for _, x := range g.Findings {
		msg := m.message(x.Rule, x.Message)
		if !contains(msgs, msg) {
			msgs = append(msgs, msg)
		}
		if r := m.code(x.Rule); !contains(rules, r) {
			rules = append(rules, r)
		}
	}
	line += ": " + strings.Join(msgs, "; ") + " (" + strings.Join(rules, ", ") + ")"
	if at := m.place(f.File, f.Line, f.Column); at != "" {
		line += " at " + at
	}
	// An allowed change needs no fix: the label said it is intended.
	if fix := m.fix(g); fix != "" && m.opts.BreakingAllowedBy == "" && !fixSaid {
		line += "<br>Fix: " + markdownProse(m.opts.Masker.Mask(fix))
	}
	m.b.WriteString(line + "\n")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// snapshotFix matches the drift fixes' "update the snapshot" clause.
var snapshotFix = regexp.MustCompile(`;?\s*(if intended, )?update the snapshot`)

// fix is a group's fix as fits its cause: a breaking change a live server
// brought (a new version of a dependency, a redeployed service) cannot be
// kept required by whoever reviews it, and a server whose snapshot the pull
// request already refreshed needs no refresh.
func (m *mdWriter) fix(g *Group) string { return fixFor(m.r, g) }

func fixFor(r *contract.Result, g *Group) string {
	if g.Category != contract.CategoryDrift || !compared(r.Findings) {
		return g.Fix
	}
	if g.Change == contract.ChangeBreaking && live(r, g.Server) {
		return "the server's new version changed its tools: pin the version the contract was taken from, or accept the change: refresh the contract, and add the allow-breaking label if the break is intended."
	}
	if g.Rule == SnapshotStaleRule || stale(r, g.Server) {
		return g.Fix
	}
	fix := strings.TrimSpace(snapshotFix.ReplaceAllString(g.Fix, ""))
	if fix == "." || fix == "" {
		return ""
	}
	return fix
}

// fittingFixes is r with each drift finding's fix as fixFor has it (none
// for a break the label allowed), for a report that groups findings by fix.
// r itself is not changed.
func fittingFixes(r *contract.Result, allowedBy string) *contract.Result {
	if !compared(r.Findings) {
		return r
	}
	out := *r
	out.Findings = make([]contract.Finding, len(r.Findings))
	for i, f := range r.Findings {
		g := Group{Server: f.Server, Rule: f.Rule, Category: f.Category, Change: f.Change, Fix: f.Fix}
		f.Fix = fixFor(r, &g)
		if allowedBy != "" && partOf(&f) == partBreaking {
			f.Fix = ""
		}
		out.Findings[i] = f
	}
	return &out
}

// live reports whether the run compared server as a running server.
func live(r *contract.Result, server string) bool {
	if r.Drift == nil {
		return false
	}
	for _, s := range r.Drift.Compared {
		if s.Server == server && s.How == contract.DriftLive {
			return true
		}
	}
	return false
}

// stale reports whether server's committed snapshot is behind it.
func stale(r *contract.Result, server string) bool {
	for _, f := range r.Findings {
		if f.Rule == SnapshotStaleRule && f.Server == server && f.Severity != contract.Off {
			return true
		}
	}
	return false
}

// message renders a finding's message, its backticked parts as code; a
// description change's word diff becomes struck and inserted words.
func (m *mdWriter) message(rule, msg string) string {
	if rule != DescriptionChangedRule {
		// A message quotes values in backticks (`{type: "resource", …}`):
		// they read as code, and what a server wrote stays inert in both parts.
		return proseWithExamples(m.opts.Masker.Mask(msg))
	}
	var b strings.Builder
	rest := safetext.Line(m.opts.Masker.Mask(msg))
	for rest != "" {
		i := strings.Index(rest, "[-")
		j := strings.Index(rest, "{+")
		open, close, tag := i, "-]", "del"
		if i < 0 || (j >= 0 && j < i) {
			open, close, tag = j, "+}", "ins"
		}
		if open < 0 {
			b.WriteString(escapeInline(rest))
			break
		}
		end := strings.Index(rest[open+2:], close)
		if end < 0 {
			b.WriteString(escapeInline(rest))
			break
		}
		b.WriteString(escapeInline(rest[:open]))
		b.WriteString("<" + tag + ">" + escapeInline(rest[open+2:open+2+end]) + "</" + tag + ">")
		rest = rest[open+2+end+2:]
	}
	return b.String()
}

// exampleLead is how a drift finding quotes the instance that proves it.
const exampleLead = "for example "

// proseWithExamples is markdownProse, with each JSON instance a message
// quotes after "for example " shown as code: a reader copies it to try it,
// and in a code span no "#1" or "@name" in it needs an invisible character
// to stop GitHub linking it.
func proseWithExamples(msg string) string {
	var b strings.Builder
	for {
		i := strings.Index(msg, exampleLead)
		if i < 0 {
			break
		}
		b.WriteString(msg[:i+len(exampleLead)])
		rest := msg[i+len(exampleLead):]
		dec := json.NewDecoder(strings.NewReader(rest))
		var v any
		if strings.HasPrefix(rest, "{") || strings.HasPrefix(rest, "[") || strings.HasPrefix(rest, `"`) {
			if dec.Decode(&v) == nil {
				n := int(dec.InputOffset())
				b.WriteString("`" + strings.ReplaceAll(rest[:n], "`", "'") + "`")
				rest = rest[n:]
			}
		}
		msg = rest
	}
	b.WriteString(msg)
	return markdownProse(b.String())
}

// waysForward ends a failing report with what can be done: fix what the
// pull request added, refresh the contract when a snapshot is stale (the
// exact command), and, when it breaks tools, the label that lets an
// intended break through.
func (m *mdWriter) waysForward(r *contract.Result, parts [numParts][]contract.Finding) {
	v := judge(r, m.opts.FailOn, m.opts.BreakingAllowedBy, m.text, MarkdownCode, "")
	if !v.failing || !compared(r.Findings) {
		return
	}
	var ways []string
	failingNew := false
	for _, p := range []part{partNew, partSession, partCollision} {
		for _, f := range parts[p] {
			failingNew = failingNew || f.Severity >= m.opts.FailOn
		}
	}
	if failingNew {
		ways = append(ways, "Fix the new findings above; each says how.")
	}
	var stale []string
	for _, f := range parts[partFreshness] {
		if f.Severity >= m.opts.FailOn && !contains(stale, f.Server) {
			stale = append(stale, f.Server)
		}
	}
	if len(stale) > 0 {
		cmd := "mcp-contract snapshot"
		for _, s := range stale {
			cmd += " --server " + s
		}
		anyLive := false
		for _, s := range stale {
			anyLive = anyLive || live(r, s)
		}
		// A tool file the pull request edited brought no upstream release:
		// its snapshot only has to follow the edit.
		way := "If the change is one you accept (an upstream release, a redeployed server), refresh the contract: "
		if !anyLive {
			way = "Refresh the contract from the tool files this pull request changed: "
		}
		ways = append(ways, way+m.code(cmd)+", then commit the snapshot folder.")
	}
	if len(parts[partBreaking]) > 0 && m.opts.BreakingAllowedBy == "" && m.opts.Label != "" {
		ways = append(ways, "If this break is intended, add the label "+MarkdownCode(m.opts.Label)+" to this pull request: the breaking changes are then reported as allowed and do not fail the check.")
	}
	if len(ways) == 0 {
		return
	}
	m.b.WriteString("\n**Ways forward**\n\n")
	for _, w := range ways {
		m.b.WriteString("- " + w + "\n")
	}
}

// footer names the run, the commit and the time of the report, so an
// edited comment says which push it speaks of. The short SHA is a code span
// in a link: GitHub autolinks nothing in it, and it copies as it reads.
func (m *mdWriter) footer() {
	var parts []string
	if u := m.opts.RunURL; safeURL(u) {
		parts = append(parts, "[run]("+u+")")
	}
	if sha := m.opts.Commit; hexOnly(sha) && len(sha) >= 7 {
		span := "`" + sha[:7] + "`"
		if safeURL(m.opts.CommitURL) {
			span = "[" + span + "](" + m.opts.CommitURL + ")"
		}
		parts = append(parts, "commit "+span)
	}
	if !m.opts.Updated.IsZero() {
		parts = append(parts, "updated "+m.opts.Updated.UTC().Format("2006-01-02 15:04 UTC"))
	}
	if len(parts) > 0 {
		m.b.WriteString("\n<sub>" + strings.Join(parts, " · ") + "</sub>\n")
	}
}

func safeURL(u string) bool {
	return (strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://")) && !strings.ContainsAny(u, " ()<>\"'`\n\r\t")
}

func hexOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return s != ""
}

// Resolved is the comment a pull request's sticky comment is edited to
// once nothing of its own is left (Own is false): one line, and the footer.
// Its existing findings stay in the job summary; they are not its to fix.
func Resolved(opts MarkdownOptions) string {
	var b strings.Builder
	m := mdWriter{opts: opts, b: &b, r: &contract.Result{}}
	b.WriteString("✅ **mcp-contract**: resolved: this pull request no longer breaks a tool, leaves a snapshot stale or adds a finding.\n")
	m.footer()
	return b.String()
}
