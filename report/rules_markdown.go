package report

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// RulesMarkdown writes the rule reference (docs/rules.md): a heading per
// rule, whose anchor RuleAnchor gives, with its profile, default severity,
// summary, why, what is checked, the fix and the issues and pages its help
// cites. It renders the registry as it is, so the page cannot drift from
// what `mcp-contract explain` says.
func RulesMarkdown(w io.Writer, rules []contract.RuleInfo) error {
	list := append([]contract.RuleInfo(nil), rules...)
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	var groups []string
	byGroup := map[string][]contract.RuleInfo{}
	for _, r := range list {
		if _, ok := byGroup[r.Group]; !ok {
			groups = append(groups, r.Group)
		}
		byGroup[r.Group] = append(byGroup[r.Group], r)
	}
	sort.Strings(groups)

	var b strings.Builder
	b.WriteString("# Rules\n\n")
	b.WriteString("<!-- Generated from the rule registry by `go run ./cmd/docgen` (the same text as `mcp-contract rules --format markdown`); do not edit by hand. -->\n\n")
	fmt.Fprintf(&b, "%d rules, by profile. `mcp`, `schema`, `security`, `docs` and `budget` always run; "+
		"the provider profiles run when `--profile` (or `profiles:` in `.mcp-contract.yaml`) selects them; "+
		"the other groups run with the check that owns them (drift, collisions, OpenAPI bindings, the config and the policy). "+
		"`mcp-contract explain ID` prints the same help in a terminal; `rules:` in the config changes a rule's severity or turns it `off`.\n\n", len(list))
	b.WriteString("| profile | rules |\n|---|---|\n")
	for _, g := range groups {
		links := make([]string, 0, len(byGroup[g]))
		for _, r := range byGroup[g] {
			links = append(links, fmt.Sprintf("[`%s`](#%s)", r.ID, RuleAnchor(r.ID)))
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", g, strings.Join(links, ", "))
	}
	for _, g := range groups {
		fmt.Fprintf(&b, "\n## %s\n", g)
		for _, r := range byGroup[g] {
			writeRuleMarkdown(&b, r)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// RuleAnchor is the anchor GitHub gives the rule's heading in RulesMarkdown:
// the id lower-cased with every character but letters, digits, '-' and '_'
// dropped ("gemini/anyof-with-siblings" → "geminianyof-with-siblings").
func RuleAnchor(id string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		case r == ' ':
			return '-'
		}
		return -1
	}, id)
}

func writeRuleMarkdown(b *strings.Builder, r contract.RuleInfo) {
	fmt.Fprintf(b, "\n### %s\n\n", r.ID)
	fmt.Fprintf(b, "Profile `%s`, default severity **%s**. %s\n", r.Group, r.Severity, mdProse(r.Summary))
	h := splitHelp(r.Help)
	for _, part := range []struct{ label, text string }{{"Why", h.why}, {"What is checked", h.checked}, {"Fix", h.fix}} {
		if part.text == "" {
			continue
		}
		paras := strings.Split(part.text, "\n\n")
		fmt.Fprintf(b, "\n**%s.** %s\n", part.label, mdProse(paras[0]))
		for _, p := range paras[1:] {
			fmt.Fprintf(b, "\n%s\n", mdProse(p))
		}
	}
	if src := helpSources(r.Help); len(src) > 0 {
		fmt.Fprintf(b, "\n**Sources:** %s.\n", strings.Join(src, ", "))
	}
}

type ruleHelp struct{ why, checked, fix string }

// splitHelp cuts a rule's help at its "What is checked:" and "Fix:" labels;
// what comes before them is why the rule exists. Lines wrapped inside a
// paragraph are joined, paragraphs kept.
func splitHelp(help string) ruleHelp {
	text := unwrap(help)
	var h ruleHelp
	if i := strings.LastIndex(text, "Fix:"); i >= 0 {
		h.fix = strings.TrimSpace(text[i+len("Fix:"):])
		text = text[:i]
	}
	if i := strings.Index(text, "What is checked:"); i >= 0 {
		h.checked = strings.TrimSpace(text[i+len("What is checked:"):])
		text = text[:i]
	}
	h.why = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text), "Why:"))
	return h
}

// unwrap joins the lines of each paragraph with spaces; a blank line
// separates paragraphs. A line indented by two or three spaces starts a list
// item (the help's aligned tables of limits), and a line indented deeper
// continues it.
func unwrap(s string) string {
	var blocks []string
	for _, p := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n\n") {
		var text, items []string
		flushText := func() {
			if len(text) > 0 {
				blocks = append(blocks, strings.Join(strings.Fields(strings.Join(text, " ")), " "))
				text = nil
			}
		}
		flushList := func() {
			if len(items) > 0 {
				blocks = append(blocks, "- "+strings.Join(items, "\n- "))
				items = nil
			}
		}
		for _, line := range strings.Split(p, "\n") {
			t := strings.Join(strings.Fields(line), " ")
			indent := len(line) - len(strings.TrimLeft(line, " "))
			switch {
			case t == "":
			case indent == 2 || indent == 3:
				flushText()
				items = append(items, t)
			case indent >= 4 && len(items) > 0:
				items[len(items)-1] += " " + t
			default:
				flushList()
				text = append(text, t)
			}
		}
		flushText()
		flushList()
	}
	return strings.Join(blocks, "\n\n")
}

var (
	issueRef = regexp.MustCompile(`\b([A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9_.-]*[A-Za-z0-9_-])#([0-9]+)\b`)
	pageURL  = regexp.MustCompile(`https?://[^\s)\]>"'` + "`" + `]+[^\s)\]>"'.,;:` + "`" + `]`)
)

// helpSources links the GitHub issues (owner/repo#N) and the pages a help
// text cites, in the order it cites them.
func helpSources(help string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	text := unwrap(help)
	type hit struct {
		at   int
		link string
	}
	var hits []hit
	for _, m := range issueRef.FindAllStringSubmatchIndex(text, -1) {
		repo, num := text[m[2]:m[3]], text[m[4]:m[5]]
		hits = append(hits, hit{m[0], fmt.Sprintf("[%s#%s](https://github.com/%s/issues/%s)", repo, num, repo, num)})
	}
	for _, m := range pageURL.FindAllStringIndex(text, -1) {
		u := text[m[0]:m[1]]
		hits = append(hits, hit{m[0], fmt.Sprintf("<%s>", u)})
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].at < hits[j].at })
	for _, h := range hits {
		add(h.link)
	}
	return out
}

// mdProse keeps a help text's code spans and escapes, outside them, the
// characters markdown would read as HTML or emphasis.
func mdProse(s string) string {
	var b strings.Builder
	inCode := false
	for _, r := range s {
		switch {
		case r == '`':
			inCode = !inCode
			b.WriteRune(r)
		case !inCode && r == '<':
			b.WriteString("&lt;")
		case !inCode && r == '>':
			b.WriteString("&gt;")
		case !inCode && r == '*':
			b.WriteString(`\*`) // "*TOKEN*" in prose is a glob, not emphasis
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
