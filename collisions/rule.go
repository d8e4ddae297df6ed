package collisions

import (
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// Group is the rule group `rules` and `explain` show for every collision rule.
const RuleGroup = "collision"

// Rule is one kind of name clash. Each lives in its own file with its check.
type Rule struct {
	ID       string
	Severity contract.Severity
	Summary  string
	// Help says why the clash matters (with evidence) and how to fix it.
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
		panic("collisions: duplicate rule id " + r.ID)
	}
	if !strings.HasPrefix(r.ID, RuleGroup+"/") {
		panic("collisions: rule " + r.ID + " is outside the collision group")
	}
	registry[r.ID] = r
	return r
}

// Rules lists every collision rule, sorted by id.
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
