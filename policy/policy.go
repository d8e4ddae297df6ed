// Package policy applies a project's decisions to findings: severity
// overrides, reasoned ignores, and a finding for every ignore that no longer
// matches anything (a stale baseline hides nothing and should go).
package policy

import (
	"fmt"
	"path"
	"sync/atomic"

	"github.com/mcp-contract/mcp-contract/contract"
)

// StaleIgnoreRule is the id of the finding for an ignore entry that matched nothing.
const StaleIgnoreRule = "config/stale-ignore"

// StaleIgnoreInfo documents config/stale-ignore for `rules` and `explain`.
var StaleIgnoreInfo = contract.RuleInfo{
	ID:       StaleIgnoreRule,
	Group:    "config",
	Severity: contract.Warning,
	Summary:  "an ignore entry in the config matches no finding",
	Help: "An ignore entry that matches nothing is a stale baseline: the problem it excused is gone, " +
		"or the tool or server was renamed and the entry now hides nothing while still looking like a " +
		"reviewed exception. Delete the entry (or fix its rule, server or tool so it matches again). " +
		"Entries for rules that did not run (a profile not selected) are not reported.",
}

// Ignore silences a rule for all servers and tools, or for the ones named
// (server and tool accept path.Match patterns such as "gh-*").
type Ignore struct {
	Rule   string
	Server string
	Tool   string
	Reason string
	// File and Line locate the entry in the config, for the stale finding.
	File string
	Line int
}

func (ig Ignore) matches(f contract.Finding) bool {
	if ig.Rule != f.Rule {
		return false
	}
	if glob(ig.Server, f.Server) && glob(ig.Tool, f.Tool) {
		return true
	}
	// A finding with other sides (a collision) is one clash, and which side
	// carries it depends on server order: naming any side ignores it.
	for _, r := range f.Related {
		if glob(ig.Server, r.Server) && glob(ig.Tool, r.Tool) {
			return true
		}
	}
	return false
}

func glob(pattern, s string) bool {
	if pattern == "" {
		return true
	}
	ok, err := path.Match(pattern, s)
	return err == nil && ok
}

// Policy is what the config decided.
type Policy struct {
	// Overrides replaces a rule's severity; contract.Off drops its findings.
	Overrides map[string]contract.Severity
	Ignores   []Ignore
	// Ran reports whether a rule was run at all, so ignores of rules that did
	// not run are not called stale. Nil means every rule ran.
	Ran func(rule string) bool
}

// Apply returns the findings that remain, with overridden severities, plus one
// config/stale-ignore finding per ignore entry that matched nothing.
func Apply(findings []contract.Finding, p Policy) []contract.Finding {
	if len(p.Overrides) == 0 && len(p.Ignores) == 0 {
		// Nothing to change, and a copy of 423,549 findings (100,000
		// tools) was 96 MB of the run's peak memory.
		return findings
	}
	f := NewFilter(p)
	out := make([]contract.Finding, 0, len(findings))
	for _, x := range findings {
		if f.Keep(&x) {
			out = append(out, x)
		}
	}
	return append(out, f.Stale(p.Ran)...)
}

// Filter applies a policy one finding at a time, so lint can drop what the
// config ignores before it caps and stores (issue 32). It remembers which
// ignores matched, for Stale; Keep is safe for concurrent use.
type Filter struct {
	p    Policy
	used []atomic.Bool
}

// NewFilter returns a Filter of p (p.Ran is not used; Stale takes it).
func NewFilter(p Policy) *Filter {
	return &Filter{p: p, used: make([]atomic.Bool, len(p.Ignores))}
}

// Keep applies the override of f's rule to f and says whether f remains.
// Keeping a finding Keep already kept changes nothing, so findings one step
// filtered may pass through again with the others.
func (fl *Filter) Keep(f *contract.Finding) bool {
	if sev, ok := fl.p.Overrides[f.Rule]; ok {
		if sev == contract.Off {
			return false
		}
		f.Severity = sev
	}
	ignored := false
	for i := range fl.p.Ignores {
		if fl.p.Ignores[i].matches(*f) {
			fl.used[i].Store(true)
			ignored = true
		}
	}
	return !ignored
}

// Stale returns one config/stale-ignore finding per ignore entry no
// finding Keep saw matched, leaving out those of rules that did not run.
func (fl *Filter) Stale(ran func(rule string) bool) []contract.Finding {
	var out []contract.Finding
	for i, ig := range fl.p.Ignores {
		if fl.used[i].Load() || (ran != nil && !ran(ig.Rule)) {
			continue
		}
		if sev, ok := fl.p.Overrides[ig.Rule]; ok && sev == contract.Off {
			continue
		}
		out = append(out, contract.Finding{
			Rule:     StaleIgnoreRule,
			Severity: StaleIgnoreInfo.Severity,
			Category: contract.CategoryLint,
			Server:   ig.Server,
			Tool:     ig.Tool,
			File:     ig.File,
			Line:     ig.Line,
			Column:   boolInt(ig.Line > 0),
			Message:  fmt.Sprintf("ignore entry for %s%s matches no finding (reason was: %q)", ig.Rule, scope(ig), ig.Reason),
			Fix:      "delete this ignore entry",
		})
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func scope(ig Ignore) string {
	switch {
	case ig.Server != "" && ig.Tool != "":
		return fmt.Sprintf(" on %s/%s", ig.Server, ig.Tool)
	case ig.Server != "":
		return " on server " + ig.Server
	case ig.Tool != "":
		return " on tool " + ig.Tool
	}
	return ""
}
