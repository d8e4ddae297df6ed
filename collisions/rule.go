package collisions

import (
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

var registry = contract.Registry[*Rule]{Group: RuleGroup}

func register(r *Rule) *Rule { return registry.Register(r) }

// Rules lists every collisions rule, sorted by id.
func Rules() []contract.RuleInfo { return registry.Rules() }

// Lookup returns the rule with id, or nil.
func Lookup(id string) *Rule {
	r, _ := registry.Lookup(id)
	return r
}
