package report

import (
	"slices"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// Group is one fact about one server, said once: the findings that share a
// server, rule, severity, category, change kind, message and fix. The
// TypeScript SDK puts "$schema" on every tool, so a server of 19 tools has 19
// identical Gemini findings; as a Group they are one message, one fix, and
// the 19 places it applies.
//
// Group is the one grouping every human-facing format (text, markdown) uses,
// so a reader sees the same facts in the same order in a terminal, a job
// summary and a PR comment. Machine formats (JSON, SARIF) keep every finding.
type Group struct {
	Server   string
	Rule     string
	Severity contract.Severity
	Category string
	Change   string
	Message  string
	Fix      string
	// Findings are the members, one per place, in the order they were given.
	// Each keeps its own tool, pointer, position, patch and related places.
	Findings []contract.Finding
}

type groupKey struct {
	server, rule, category, change, message, fix string
	severity                                     contract.Severity
	// others are the servers on the other side of a collision.
	others string
}

// keyOf is what makes two findings one fact. A collision is a fact about a
// pair (or group) of servers, not about one name: two servers that share 19
// names are one clash with one rename rule, so the members differ by tool
// and message but agree on the servers on both sides and on the fix.
func keyOf(f *contract.Finding) groupKey {
	k := groupKey{f.Server, f.Rule, f.Category, f.Change, f.Message, f.Fix, f.Severity, ""}
	if f.Category == contract.CategoryCollision {
		if others := relatedServers(f); len(others) > 0 {
			k.message = ""
			k.others = strings.Join(others, "\x00")
		}
	}
	return k
}

// relatedServers are the distinct servers of a finding's other places, in
// order, its own server left out.
func relatedServers(f *contract.Finding) []string {
	var out []string
	for _, r := range f.Related {
		if r.Server != f.Server && !slices.Contains(out, r.Server) {
			out = append(out, r.Server)
		}
	}
	sort.Strings(out)
	return out
}

// GroupFindings groups findings into facts. The message is compared as
// written, not as a shape with its quoted names blanked: "not in required:
// page" and "not in required: repo" are two facts, and folding them would
// hide the property a reader has to fix.
//
// Order is stable and the same for every format: servers in the order they
// first appear in findings (give findings sorted by contract.SortFindings),
// then within a server errors before warnings before infos, then the facts
// of one rule together (rules in the order they first appear), then in the
// order of their first member. Keeping a rule's facts together lets a
// format state a fix they share once.
func GroupFindings(findings []contract.Finding) []Group {
	index := map[groupKey]int{}
	serverRank := map[string]int{}
	ruleRank := map[[2]string]int{}
	var groups []Group
	for _, f := range findings {
		if _, ok := serverRank[f.Server]; !ok {
			serverRank[f.Server] = len(serverRank)
		}
		if _, ok := ruleRank[[2]string{f.Server, f.Rule}]; !ok {
			ruleRank[[2]string{f.Server, f.Rule}] = len(ruleRank)
		}
		k := keyOf(&f)
		i, ok := index[k]
		if !ok {
			i = len(groups)
			index[k] = i
			groups = append(groups, Group{Server: f.Server, Rule: f.Rule, Severity: f.Severity,
				Category: f.Category, Change: f.Change, Message: f.Message, Fix: f.Fix})
		}
		groups[i].Findings = append(groups[i].Findings, f)
	}
	sort.SliceStable(groups, func(i, j int) bool {
		a, b := groups[i], groups[j]
		if ra, rb := serverRank[a.Server], serverRank[b.Server]; ra != rb {
			return ra < rb
		}
		if a.Severity != b.Severity {
			return a.Severity > b.Severity
		}
		return ruleRank[[2]string{a.Server, a.Rule}] < ruleRank[[2]string{b.Server, b.Rule}]
	})
	return groups
}

// Clash reports whether the group is one collision of several names
// between the same servers, and names the servers on the other side.
func (g *Group) Clash() (others []string, ok bool) {
	if g.Category != contract.CategoryCollision || len(g.Findings) < 2 {
		return nil, false
	}
	others = relatedServers(&g.Findings[0])
	return others, len(others) > 0
}

// Tools returns the distinct tools the group hits, in member order. A
// finding about the whole server (a budget, a collision summary) has no tool
// and adds nothing.
func (g *Group) Tools() []string {
	var tools []string
	seen := map[string]bool{}
	for _, f := range g.Findings {
		if f.Tool != "" && !seen[f.Tool] {
			seen[f.Tool] = true
			tools = append(tools, f.Tool)
		}
	}
	return tools
}

// Pointer returns the JSON pointer every member shares ("/inputSchema/$schema"
// on every tool), or "" when the members point at different nodes.
func (g *Group) Pointer() string {
	if len(g.Findings) == 0 {
		return ""
	}
	p := g.Findings[0].Pointer
	for _, f := range g.Findings[1:] {
		if f.Pointer != p {
			return ""
		}
	}
	return p
}

// RuleCount is one row of the per-rule statistics.
type RuleCount struct {
	Rule     string
	Severity contract.Severity
	// Findings counts every finding of the rule; Servers and Tools count the
	// distinct servers and server/tool pairs it hits.
	Findings, Servers, Tools int
}

// CountRules returns how often each rule fired, most findings first, then
// by severity (errors first) and rule id, so the table reads as a to-do list.
// A rule whose severity was overridden for some findings counts once per
// severity.
func CountRules(findings []contract.Finding) []RuleCount {
	type key struct {
		rule     string
		severity contract.Severity
	}
	type tally struct {
		findings int
		servers  map[string]bool
		tools    map[[2]string]bool
	}
	tallies := map[key]*tally{}
	var order []key
	for _, f := range findings {
		k := key{f.Rule, f.Severity}
		t := tallies[k]
		if t == nil {
			t = &tally{servers: map[string]bool{}, tools: map[[2]string]bool{}}
			tallies[k] = t
			order = append(order, k)
		}
		t.findings++
		t.servers[f.Server] = true
		if f.Tool != "" {
			t.tools[[2]string{f.Server, f.Tool}] = true
		}
	}
	out := make([]RuleCount, 0, len(order))
	for _, k := range order {
		t := tallies[k]
		out = append(out, RuleCount{Rule: k.rule, Severity: k.severity, Findings: t.findings, Servers: len(t.servers), Tools: len(t.tools)})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Findings != b.Findings {
			return a.Findings > b.Findings
		}
		if a.Severity != b.Severity {
			return a.Severity > b.Severity
		}
		return a.Rule < b.Rule
	})
	return out
}
