package openapi

import (
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// RuleGroup is the group `rules` and `explain` show for every rule here.
const RuleGroup = "openapi"

// Rule is one way a tool can disagree with the operation it calls. Each
// lives in its own file.
type Rule struct {
	ID       string
	Severity contract.Severity
	Summary  string
	// Help says why it matters and how to fix it.
	Help string
}

// Info returns the rule's metadata for `rules` and `explain`.
func (r *Rule) Info() contract.RuleInfo {
	return contract.RuleInfo{ID: r.ID, Group: RuleGroup, Severity: r.Severity, Summary: r.Summary, Help: r.Help}
}

var registry = map[string]*Rule{}

// register adds a rule at package initialisation; a duplicate id is a
// programming error that any test run catches.
func register(r *Rule) *Rule {
	if _, dup := registry[r.ID]; dup {
		panic("openapi: duplicate rule id " + r.ID)
	}
	if !strings.HasPrefix(r.ID, RuleGroup+"/") {
		panic("openapi: rule " + r.ID + " is outside the openapi group")
	}
	registry[r.ID] = r
	return r
}

// Rules lists every openapi rule, sorted by id.
func Rules() []contract.RuleInfo {
	out := make([]contract.RuleInfo, 0, len(registry))
	for _, r := range registry {
		out = append(out, r.Info())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Lookup returns the rule with id, or nil.
func Lookup(id string) *Rule { return registry[id] }

// finding is a finding of rule r about one tool of server.
func (r *Rule) finding(server, tool, msg string) contract.Finding {
	return contract.Finding{Rule: r.ID, Severity: r.Severity, Category: contract.CategoryLint, Server: server, Tool: tool, Message: msg, Fix: fixOf(r.Help)}
}

func fixOf(help string) string {
	if i := strings.LastIndex(help, "Fix: "); i >= 0 {
		return help[i+len("Fix: "):]
	}
	return ""
}
