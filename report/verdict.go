package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
)

// verdictParts is what a run's verdict says, in the order a pull request's
// reviewer needs it: why, the reasons the run fails (breaking changes with
// their servers first, then stale snapshots, unreachable servers and the
// findings at or above fail-on, "new" ones when the run compared with a
// base); also, what does not fail it (findings below fail-on, breaking
// changes a label allows, the existing findings); and whether it fails.
type verdictParts struct {
	why, also []string
	// allowed are the breaking changes a label lets through, said apart so
	// that no format calls them a reason the run fails.
	allowed []string
	failing bool
	// rules is what the pull request changes in its own rules (the
	// policy/* findings), "" when nothing.
	rules string
}

// The policy/* findings (package policy) are about the rules, not the
// tools: they are said apart, and a finding the change hides from itself
// fails the run whatever its own fail-on says.
const (
	policyGroup     = "policy/"
	hidesNewFinding = "policy/hides-new-finding"
	rulesPrefix     = "This pull request changes the rules: "
)

// judge builds the verdict of r for a format: text neutralises a string
// from a server or config, code quotes a label, existing ends the count of
// existing findings ("not from this pull request").
func judge(r *contract.Result, failOn contract.Severity, allowedBy string, text, code func(string) string, existing string) verdictParts {
	var v verdictParts
	var changes []string
	hidden := 0
	for _, f := range r.Findings {
		switch {
		case f.Rule == hidesNewFinding:
			hidden++
		case strings.HasPrefix(f.Rule, policyGroup):
			changes = append(changes, text(strings.TrimPrefix(f.Message, rulesPrefix)))
		}
	}
	v.rules = strings.Join(changes, "; ")
	if hidden > 0 {
		what := plural(hidden, "finding") + " this pull request hides from itself by changing the rules"
		if allowedBy != "" {
			v.allowed = append(v.allowed, what)
		} else {
			v.why = append(v.why, what)
			v.failing = true
		}
	}
	parts := splitParts(r.Findings)
	isNew := ""
	if compared(r.Findings) {
		isNew = "new "
	}
	if br := parts[partBreaking]; len(br) > 0 {
		what := plural(len(Changes(br)), "breaking change") + " in " + serversOf(br, text)
		if allowedBy != "" {
			v.allowed = append(v.allowed, what)
		} else {
			v.why = append(v.why, what)
		}
	}
	if stale := parts[partFreshness]; len(stale) > 0 {
		v.why = append(v.why, plural(len(stale), "stale snapshot")+" ("+serversOf(stale, text)+")")
	}
	var down []string
	for _, s := range r.Servers {
		if s.Error != "" {
			down = append(down, text(s.Name))
		}
	}
	if len(down) > 0 {
		v.why = append(v.why, plural(len(down), "server")+" unreachable: "+english.List(down, "and"))
	}
	var counted []contract.Finding
	for _, p := range []part{partNew, partSession, partCollision} {
		counted = append(counted, parts[p]...)
	}
	var categories []string
	counted = slices.DeleteFunc(counted, func(f contract.Finding) bool { return strings.HasPrefix(f.Rule, policyGroup) })
	// A changed description is the rug-pull signal: it is named, not
	// counted as one more drift finding.
	var described [2][]contract.Finding
	counted = slices.DeleteFunc(counted, func(f contract.Finding) bool {
		if f.Rule != DescriptionChangedRule {
			return false
		}
		k := 0
		if f.Severity >= failOn {
			k = 1
		}
		described[k] = append(described[k], f)
		return true
	})
	if d := descriptionsChanged(described[1], text, code); d != "" {
		v.why = append(v.why, d)
	}
	if d := descriptionsChanged(described[0], text, code); d != "" {
		v.also = append(v.also, d)
	}
	if omittedBy(r, contract.Error, contract.CategoryLint, false)+omittedBy(r, contract.Warning, contract.CategoryLint, false)+omittedBy(r, contract.Info, contract.CategoryLint, false) > 0 {
		categories = append(categories, contract.CategoryLint)
	}
	for _, f := range counted {
		if !slices.Contains(categories, f.Category) {
			categories = append(categories, f.Category)
		}
	}
	for _, sev := range []contract.Severity{contract.Error, contract.Warning, contract.Info} {
		for _, cat := range categories {
			n := omittedBy(r, sev, cat, false)
			for _, f := range counted {
				if f.Severity == sev && f.Category == cat {
					n++
				}
			}
			if n == 0 {
				continue
			}
			noun := strings.TrimSpace(isNew + text(cat) + " " + sev.String())
			if sev == contract.Info {
				noun += " finding"
			}
			what := plural(n, noun)
			if sev >= failOn {
				v.why = append(v.why, what)
			} else {
				v.also = append(v.also, what)
			}
		}
	}
	existingOmitted := 0
	for _, sev := range []contract.Severity{contract.Error, contract.Warning, contract.Info} {
		existingOmitted += omittedBy(r, sev, contract.CategoryLint, true)
		v.failing = v.failing || (sev >= failOn && omittedBy(r, sev, contract.CategoryLint, false) > 0)
	}
	if n := len(parts[partExisting]) + existingOmitted; n > 0 {
		v.also = append(v.also, plural(n, "existing finding")+" "+existing)
	}
	// The exit code's verdict: a breaking change or stale snapshot whose
	// severity is below fail-on is named, but does not fail the run.
	v.failing = v.failing || len(down) > 0
	for _, p := range []part{partBreaking, partFreshness, partNew, partSession, partCollision} {
		if p == partBreaking && allowedBy != "" {
			continue
		}
		for _, f := range parts[p] {
			v.failing = v.failing || f.Severity >= failOn && !strings.HasPrefix(f.Rule, policyGroup)
		}
	}
	return v
}

// descriptionsChanged says whose descriptions changed: "the description of
// `search` changed", up to three tools by name, else their count and servers.
func descriptionsChanged(fs []contract.Finding, text, code func(string) string) string {
	var tools []string
	for _, f := range fs {
		if name := code(f.Tool); !slices.Contains(tools, name) {
			tools = append(tools, name)
		}
	}
	switch {
	case len(tools) == 0:
		return ""
	case len(tools) == 1:
		return "the description of " + tools[0] + " changed"
	case len(tools) <= 3:
		return "the descriptions of " + english.List(tools, "and") + " changed"
	}
	return fmt.Sprintf("the descriptions of %d tools of %s changed", len(tools), serversOf(fs, text))
}

// serversOf names the servers of findings: "memory", "memory and weather",
// or "4 servers" past three.
func serversOf(findings []contract.Finding, text func(string) string) string {
	var names []string
	for _, f := range findings {
		name := text(f.Server)
		if name == "" {
			name = SessionHeading
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	if len(names) > 3 {
		return plural(len(names), "server")
	}
	return english.List(names, "and")
}
