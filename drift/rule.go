package drift

import (
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// Group is the rule group `rules` and `explain` show for every drift rule.
const Group = "drift"

// Rule is one kind of change. Its severity follows from its Change class, so
// the classes of design.md §5 can never disagree with the severities.
type Rule struct {
	ID string
	// Change is contract.ChangeBreaking, ChangeNonBreaking or ChangeReview;
	// empty for a rule about the contract rather than a change of the
	// tools (drift/snapshot-stale), which then names its own Level.
	Change  string
	Level   contract.Severity
	Summary string
	// Help says why the change matters (with evidence) and how to fix it.
	Help string
}

// Severity is error for breaking changes, warning for the "review" class
// (descriptions, titles, defaults, annotations: what a reviewer must read)
// and info for the rest.
func (r *Rule) Severity() contract.Severity {
	if r.Change == "" {
		return r.Level
	}
	switch r.Change {
	case contract.ChangeBreaking:
		return contract.Error
	case contract.ChangeReview:
		return contract.Warning
	}
	return contract.Info
}

// fix is the "Fix:" part of the help, for findings; "nothing" fixes are
// left out, as a non-breaking change asks for no action.
func (r *Rule) fix() string {
	i := strings.LastIndex(r.Help, "Fix: ")
	if i < 0 {
		return ""
	}
	fix := r.Help[i+len("Fix: "):]
	if strings.HasPrefix(fix, "nothing") {
		return ""
	}
	return fix
}

// Info returns the rule's metadata for `rules` and `explain`.
func (r *Rule) Info() contract.RuleInfo {
	return contract.RuleInfo{ID: r.ID, Group: Group, Severity: r.Severity(), Summary: r.Summary, Help: r.Help}
}

var registry = map[string]*Rule{}

// register adds a rule at package initialisation; a duplicate id is a
// programming error that any test run catches.
func register(r *Rule) *Rule {
	if _, dup := registry[r.ID]; dup {
		panic("drift: duplicate rule id " + r.ID)
	}
	switch r.Change {
	case contract.ChangeBreaking, contract.ChangeNonBreaking, contract.ChangeReview:
	case "":
		if r.Level == contract.Off {
			panic("drift: rule " + r.ID + " has neither a change class nor a level")
		}
	default:
		panic("drift: rule " + r.ID + " has no change class")
	}
	registry[r.ID] = r
	return r
}

// Rules lists every drift rule, sorted by id.
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

// A schemaCheck looks at one pair of matched subschemas; a toolCheck at one
// pair of matched tools. Each lives in its own file beside the rules it reports.
var (
	schemaChecks []func(p *schemaPass)
	toolChecks   []func(p *toolPass)
)

func addSchemaCheck(fn func(p *schemaPass)) bool {
	schemaChecks = append(schemaChecks, fn)
	return true
}
func addToolCheck(fn func(p *toolPass)) bool { toolChecks = append(toolChecks, fn); return true }
