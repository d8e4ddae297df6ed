package report

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// MaxAnnotationsPerLevel is how many error, warning and notice annotations
// the runner keeps per step; it counts and drops the rest (runner
// ExecutionContext._maxIssueCount).
const MaxAnnotationsPerLevel = 10

// GitHubOptions control the workflow-command report.
type GitHubOptions struct {
	// Masker hides secrets in every message.
	Masker *safetext.Masker
	// Announce prints ::add-mask:: for each of Masker's values before
	// anything else, so the runner hides them in every later line of the log
	// too. The action announces its config's secrets itself, and never the
	// token, which the runner already masks.
	Announce bool
	// PerLevel caps annotations per level (default MaxAnnotationsPerLevel).
	PerLevel int
	// More says where the findings left out can be read, in the closing notice.
	More string
	// OwnNotices is how many notices the caller prints in the same step (the
	// action's "did not comment" notice): the runner's cap counts them too,
	// so the findings' notices leave them room.
	OwnNotices int
	// Diff is what the pull request changed; annotations on its lines are
	// spent first within each rank, since GitHub shows those in the diff.
	// Nil: no preference. The caller computes it.
	Diff Diff
	// Snapshots are the committed snapshots: a finding about a live server
	// carries no file, and is annotated on its node in the server's
	// snapshot (or the snapshot file), where a reviewer can see it.
	Snapshots []*contract.Catalog
	// Annotate is "new" (the default: what the pull request did, never the
	// findings its base already had, which stay in the summary, JSON and
	// SARIF) or "all".
	Annotate string
	// AllowedBy names the label that lets the pull request's breaking
	// changes through: they are annotated as notices, not errors.
	AllowedBy string
	// Pins maps a live server to the line the pull request changed that
	// pins the package it runs (github.Pins): its breaking changes arrived
	// with that line, and are annotated on it.
	Pins map[string]contract.Location
}

// Annotation ranks: what the pull request breaks, the servers that did not
// answer, a changed description (a rug pull's signal, never crowded out by
// a repeated fact), the rest of its own, then what it inherited.
const (
	rankBreaking = iota
	rankUnreachable
	rankDescription
	rankOwn
	rankExisting
)

// Diff maps a repository-relative file to the line ranges a pull request
// added or changed in it (the "+" side of each hunk).
type Diff map[string][]LineRange

// LineRange is lines First to Last, both included.
type LineRange struct{ First, Last int }

// Contains reports whether the diff changed the line of file, or for line
// 0 (an annotation on the whole file) whether it changed the file at all.
func (d Diff) Contains(file string, line int) bool {
	ranges, ok := d[file]
	if !ok || line == 0 {
		return ok
	}
	for _, r := range ranges {
		if line >= r.First && line <= r.Last {
			return true
		}
	}
	return false
}

type annotation struct {
	level   string
	props   [][2]string
	message string
	// rank orders the annotations of a level, since only the first
	// PerLevel are shown: what the pull request breaks, then what it
	// adds, then what it inherited, each its diff's lines first.
	rank, order int
}

// GitHub writes findings as GitHub workflow commands (::error, ::warning,
// ::notice) located on the file and line of each finding, at most PerLevel
// per level, then one notice counting what was left out. Every string is
// neutralised and escaped, so text from a server can never start a command.
func GitHub(w io.Writer, r *contract.Result, opts GitHubOptions) error {
	tw := &errWriter{w: w}
	if opts.Announce {
		for _, secret := range opts.Masker.Secrets() {
			tw.printf("::add-mask::%s\n", EscapeCommandData(secret))
		}
	}
	limit := opts.PerLevel
	if limit <= 0 {
		limit = MaxAnnotationsPerLevel
	}
	var byLevel [3][]annotation // error, warning, notice
	total := 0
	add := func(sev contract.Severity, rank int, file string, line int, a annotation) {
		i := 2
		switch sev {
		case contract.Error:
			i, a.level = 0, "error"
		case contract.Warning:
			i, a.level = 1, "warning"
		default:
			a.level = "notice"
		}
		a.rank = 2 * rank
		if opts.Diff != nil && !opts.Diff.Contains(file, line) {
			a.rank++
		}
		a.order = total
		byLevel[i] = append(byLevel[i], a)
		total++
	}
	addGroup := func(g *Group, rank int, message string) {
		f := g.Findings[0]
		placeOnSnapshot(&f, opts.Snapshots)
		sev := g.Severity
		if pin, ok := opts.Pins[f.Server]; ok && rank == rankBreaking {
			f.File, f.Line, f.Column = pin.File, pin.Line, 0
			// The cause first, then the ways forward (the fix ends the message).
			cause := " It arrived with this line's change of the package " + f.Server + " runs."
			if fix := " Fix: " + g.Fix; g.Fix != "" && strings.HasSuffix(message, fix) {
				message = strings.TrimSuffix(message, fix) + cause + fix
			} else {
				message += cause
			}
		}
		if rank == rankBreaking && opts.AllowedBy != "" {
			sev = contract.Info
			message = "allowed by the label " + opts.AllowedBy + ": " + message
		}
		add(sev, rank, f.File, f.Line, annotation{props: findingProps(f), message: message})
		// A collision's other sides get their own annotation, so a reviewer
		// sees the clash in both files.
		for _, rel := range f.Related {
			if rel.File == "" {
				continue
			}
			place := contract.Finding{Rule: f.Rule, File: rel.File, Line: rel.Line, Column: rel.Column}
			add(sev, rank, rel.File, rel.Line, annotation{props: findingProps(place),
				message: rel.Server + "/" + rel.Tool + rel.Pointer + ": the other side of " + githubMessage(f)})
		}
	}
	var breaking, own, existing []contract.Finding
	for _, f := range r.Findings {
		switch p := partOf(&f); {
		case f.Severity == contract.Off:
		case p == partBreaking:
			breaking = append(breaking, f)
		case p == partExisting:
			existing = append(existing, f)
		default:
			own = append(own, f)
		}
	}
	for _, same := range sameChanges(Changes(breaking)) {
		add := same[0]
		add.Fix = fixFor(r, &add)
		if opts.AllowedBy != "" {
			add.Fix = "" // the label said the change is intended
		}
		addGroup(&add, rankBreaking, changeMessage(&add, same))
	}
	for _, s := range r.Servers {
		if s.Error != "" {
			add(contract.Error, rankUnreachable, "", 0, annotation{
				props:   [][2]string{{"title", "server " + s.Name}},
				message: fmt.Sprintf("server %s: %s", s.Name, s.Error),
			})
		}
	}
	for _, g := range facts(own) {
		g.Fix = fixFor(r, &g)
		rank := rankOwn
		if g.Rule == DescriptionChangedRule {
			rank = rankDescription
			g.Findings = append([]contract.Finding(nil), g.Findings...)
			for i := range g.Findings {
				g.Findings[i].Message = wasNow(g.Findings[i].Message)
			}
		}
		addGroup(&g, rank, factMessage(&g))
	}
	if opts.Annotate == "all" {
		for _, g := range facts(existing) {
			addGroup(&g, rankExisting, factMessage(&g))
		}
	}
	for i := range byLevel {
		sort.SliceStable(byLevel[i], func(a, b int) bool {
			x, y := byLevel[i][a], byLevel[i][b]
			if x.rank != y.rank {
				return x.rank < y.rank
			}
			return x.order < y.order
		})
	}
	shown := 0
	var left [3]int
	for i, as := range byLevel {
		levelLimit := limit
		if i == 2 {
			levelLimit = max(limit-opts.OwnNotices, 1)
		}
		n := min(len(as), levelLimit)
		// The closing notice takes one of the notices' places.
		if i == 2 && total-shown > n && n == levelLimit {
			n--
		}
		for _, a := range as[:n] {
			tw.printf("%s\n", command(a.level, a.props, opts.Masker.Mask(a.message)))
		}
		shown += n
		left[i] = len(as) - n
	}
	if shown < total {
		msg := fmt.Sprintf("%d more not annotated (%s, %s, %s): GitHub shows %d annotations per level and step",
			total-shown, plural(left[0], "error"), plural(left[1], "warning"), plural(left[2], "notice"), limit)
		if opts.More != "" {
			msg += "; see " + opts.More
		}
		tw.printf("%s\n", command("notice", [][2]string{{"title", "mcp-contract"}}, msg))
	}
	return tw.err
}

// placeOnSnapshot gives a finding about a live server, which carries no
// file, the place of its node in the server's committed snapshot (the
// nearest node that exists there), or the snapshot file itself; a pull
// request shows snapshots, not live servers.
func placeOnSnapshot(f *contract.Finding, snapshots []*contract.Catalog) {
	// The other sides of a collision with a live server are placed the
	// same way, so each has a line to show.
	if len(f.Related) > 0 {
		related := make([]contract.Location, len(f.Related))
		for i, rel := range f.Related {
			other := contract.Finding{Server: rel.Server, Tool: rel.Tool, Pointer: rel.Pointer, File: rel.File, Line: rel.Line, Column: rel.Column}
			placeOnSnapshot(&other, snapshots)
			rel.File, rel.Line, rel.Column = other.File, other.Line, other.Column
			related[i] = rel
		}
		f.Related = related
	}
	if f.File != "" || f.Server == "" {
		return
	}
	for _, c := range snapshots {
		if c.Server != f.Server || len(c.Tools) == 0 {
			continue
		}
		t := c.Tool(f.Tool)
		if t == nil || t.Node == nil || t.Lines == nil {
			f.File = c.Tools[0].File
			return
		}
		f.Locate(t, t.Node.Nearest(f.Pointer))
		return
	}
}

func findingProps(f contract.Finding) [][2]string {
	var props [][2]string
	if f.File != "" {
		props = append(props, [2]string{"file", f.File})
		if f.Line > 0 {
			props = append(props, [2]string{"line", strconv.Itoa(f.Line)})
			if f.Column > 0 {
				props = append(props, [2]string{"col", strconv.Itoa(f.Column)})
			}
		}
	}
	return append(props, [2]string{"title", f.Rule})
}

// githubMessage names the server, tool and node, since an annotation on a
// snapshot line is read out of the file's context, then the fix.
func githubMessage(f contract.Finding) string {
	var where []string
	if f.Server != "" {
		where = append(where, f.Server)
	}
	if f.Tool != "" {
		where = append(where, f.Tool)
	}
	msg := f.Message
	if f.Server == "" && f.Category == contract.CategoryLint {
		where = append(where, SessionHeading)
	}
	if len(where) > 0 {
		msg = strings.Join(where, "/") + f.Pointer + ": " + msg
	}
	if f.Change != "" {
		msg += " (" + f.Change + ")"
	}
	if f.Fix != "" {
		msg += " Fix: " + f.Fix
	}
	return msg
}

// wasNowRunes is how much of each side of a description change an
// annotation quotes: enough for the words around the change.
const wasNowRunes = 160

// wasNow rewrites a description change's word diff ("changed: Read
// [-an image-]{+a file+}") as the plain text of each side, `changed: was:
// "Read an image" now: "Read a file"`: an annotation is plain text, where
// the markers read as noise. A message without a diff is kept.
func wasNow(msg string) string {
	at := strings.Index(msg, "changed: ")
	if at < 0 || !strings.Contains(msg[at:], "[-") && !strings.Contains(msg[at:], "{+") {
		return msg
	}
	head, diff := msg[:at+len("changed: ")], msg[at+len("changed: "):]
	side := func(keep, drop [2]string) string {
		var b strings.Builder
		rest := diff
		for rest != "" {
			i, j := strings.Index(rest, keep[0]), strings.Index(rest, drop[0])
			if i < 0 && j < 0 {
				b.WriteString(rest)
				break
			}
			mark := keep
			if i < 0 || j >= 0 && j < i {
				i, mark = j, drop
			}
			end := strings.Index(rest[i+2:], mark[1])
			if end < 0 {
				b.WriteString(rest)
				break
			}
			b.WriteString(rest[:i])
			if mark == keep {
				b.WriteString(rest[i+2 : i+2+end])
			}
			b.WriteString(" ")
			rest = rest[i+2+end+2:]
		}
		return strconv.Quote(cutRunes(strings.Join(strings.Fields(b.String()), " "), wasNowRunes))
	}
	del, ins := [2]string{"[-", "-]"}, [2]string{"{+", "+}"}
	return head + "was: " + side(del, ins) + " now: " + side(ins, del)
}

// cutRunes keeps the first n runes of s, marking a cut with "…".
func cutRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i] + "…"
		}
		n--
	}
	return s
}

// command renders one workflow command. The message was masked by the
// caller; here it and every property value pass through safetext.Line and
// the runner's escaping, in that order, so nothing can end the line or be
// decoded back into a newline.
func command(name string, props [][2]string, message string) string {
	var b strings.Builder
	b.WriteString("::")
	b.WriteString(name)
	for i, p := range props {
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(p[0])
		b.WriteByte('=')
		b.WriteString(EscapeCommandProperty(safetext.Line(p[1])))
	}
	b.WriteString("::")
	b.WriteString(EscapeCommandData(safetext.Line(message)))
	return b.String()
}

// EscapeCommandData escapes a workflow command's message as the runner
// unescapes it (actions/toolkit command.ts escapeData): % first, then CR, LF.
func EscapeCommandData(s string) string {
	s = strings.ReplaceAll(s, "%", "%25")
	s = strings.ReplaceAll(s, "\r", "%0D")
	return strings.ReplaceAll(s, "\n", "%0A")
}

// EscapeCommandProperty escapes a property value (escapeProperty): the data
// escapes plus ':' and ',', which would end the value.
func EscapeCommandProperty(s string) string {
	s = EscapeCommandData(s)
	s = strings.ReplaceAll(s, ":", "%3A")
	return strings.ReplaceAll(s, ",", "%2C")
}

// quoted matches what a message quotes: the names that differ from one
// place of a fact to the next.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// facts groups findings for annotations, where ten slots a level must carry
// ten different facts: one rule's findings of one server whose messages
// have the same shape (equal once their quoted names are blanked) are one
// annotation on the first place, naming the count and the tools. A
// description change is never folded: each one is its own fact to read.
func facts(findings []contract.Finding) []Group {
	type key struct {
		server, rule, category, change, shape string
		severity                              contract.Severity
	}
	index := map[key]int{}
	var out []Group
	for i, f := range findings {
		k := key{f.Server, f.Rule, f.Category, f.Change, quoted.ReplaceAllString(f.Message, `""`), f.Severity}
		if f.Rule == DescriptionChangedRule || f.Category == contract.CategoryCollision {
			k.shape = "\x00" + strconv.Itoa(i)
		}
		j, ok := index[k]
		if !ok {
			j = len(out)
			index[k] = j
			out = append(out, Group{Server: f.Server, Rule: f.Rule, Severity: f.Severity,
				Category: f.Category, Change: f.Change, Message: f.Message, Fix: f.Fix})
		}
		out[j].Findings = append(out[j].Findings, f)
	}
	return out
}

// factMessage is one annotation's text for a fact: the first place's
// message, and when the fact holds in more places, how many and which tools.
func factMessage(g *Group) string {
	f := g.Findings[0]
	f.Fix = g.Fix
	if len(g.Findings) == 1 {
		return githubMessage(f)
	}
	tools := g.Tools()
	where := g.Server
	if where == "" {
		where = SessionHeading
	}
	// The members' messages may differ in what they quote (each tool's own
	// title): the message said is then the first place's, and the rest are
	// only like it, never claimed to say the same.
	alike := false
	for _, x := range g.Findings[1:] {
		alike = alike || x.Message != f.Message
	}
	msg := fmt.Sprintf("%s: %s", where, f.Message)
	switch {
	case alike && len(tools) > 1:
		msg = fmt.Sprintf("%s/%s: %s (and %d more like it; %s in %s: %s)", where, f.Tool, f.Message, len(g.Findings)-1,
			plural(len(g.Findings), "place"), plural(len(tools), "tool"), toolList(tools, 8, func(s string) string { return s }))
	case alike:
		msg = fmt.Sprintf("%s/%s: %s (and %d more like it)", where, f.Tool, f.Message, len(g.Findings)-1)
	case len(tools) > 1:
		msg += fmt.Sprintf(" (%s in %s: %s)", plural(len(g.Findings), "place"), plural(len(tools), "tool"), toolList(tools, 8, func(s string) string { return s }))
	default:
		msg = fmt.Sprintf("%s/%s: %s (%s)", where, f.Tool, f.Message, plural(len(g.Findings), "place"))
	}
	if f.Change != "" {
		msg += " (" + f.Change + ")"
	}
	if g.Fix != "" {
		msg += " Fix: " + g.Fix
	}
	return msg
}

// changeMessage is one breaking change's annotation: the tool and node, and
// every finding the change holds; when the same change hit more tools
// (same, from sameChanges), which ones.
func changeMessage(g *Group, same []Group) string {
	f := g.Findings[0]
	f.Message = changeText(g)
	if len(same) > 1 {
		var tools []string
		alike := false
		for i := range same {
			tools = append(tools, same[i].Findings[0].Tool)
			alike = alike || changeText(&same[i]) != f.Message
		}
		list := toolList(tools, 8, func(s string) string { return s })
		if alike {
			f.Message += fmt.Sprintf(" (and %d more like it; %s: %s)", len(same)-1, plural(len(same), "tool"), list)
		} else {
			f.Message += fmt.Sprintf(" (the same in %s: %s)", plural(len(same), "tool"), list)
		}
	}
	f.Pointer = SchemaNode(f.Pointer)
	f.Fix = g.Fix
	return githubMessage(f)
}

// changeText is what a change's findings say, each message once.
func changeText(g *Group) string {
	var msgs []string
	for _, x := range g.Findings {
		if !contains(msgs, x.Message) {
			msgs = append(msgs, x.Message)
		}
	}
	return strings.Join(msgs, "; ")
}

// sameChanges folds the changes of one server that are one fact in several
// tools (a new SDK release closing every tool's input object): the same
// rules at the same node, in messages of the same shape once their quoted
// names are blanked. Annotations say such a fact once, naming the tools, so
// it does not take the slots of a stale snapshot or a new finding; the
// summary still lists each change.
func sameChanges(changes []Group) [][]Group {
	type key struct{ server, node, rules, shape string }
	index := map[key]int{}
	var out [][]Group
	for i, g := range changes {
		f := g.Findings[0]
		var rules []string
		for _, x := range g.Findings {
			if !contains(rules, x.Rule) {
				rules = append(rules, x.Rule)
			}
		}
		k := key{g.Server, SchemaNode(f.Pointer), strings.Join(rules, " "), quoted.ReplaceAllString(changeText(&g), `""`)}
		if f.Tool == "" {
			k.shape = "\x00" + strconv.Itoa(i) // about the whole server: nothing to fold with
		}
		j, ok := index[k]
		if !ok {
			j = len(out)
			index[k] = j
			out = append(out, nil)
		}
		out[j] = append(out[j], g)
	}
	return out
}
