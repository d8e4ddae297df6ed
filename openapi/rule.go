package openapi

import (
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

var registry = contract.Registry[*Rule]{Group: RuleGroup}

func register(r *Rule) *Rule { return registry.Register(r) }

// Rules lists every openapi rule, sorted by id.
func Rules() []contract.RuleInfo { return registry.Rules() }

// Lookup returns the rule with id, or nil.
func Lookup(id string) *Rule {
	r, _ := registry.Lookup(id)
	return r
}

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
