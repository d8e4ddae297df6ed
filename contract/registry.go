package contract

import (
	"sort"
	"strings"
)

// Registry is one step's rules by id: each rule registers itself at
// package initialisation, `rules` lists them and `explain` looks one up.
// A duplicate id, or one outside the step's group, is a programming error
// that any test run catches.
type Registry[R interface{ Info() RuleInfo }] struct {
	Group string
	byID  map[string]R
}

// Register adds r and returns it, so a rule file can declare and register
// in one statement.
func (g *Registry[R]) Register(r R) R {
	id := r.Info().ID
	if g.byID == nil {
		g.byID = map[string]R{}
	}
	if _, dup := g.byID[id]; dup {
		panic(g.Group + ": duplicate rule id " + id)
	}
	if !strings.HasPrefix(id, g.Group+"/") {
		panic(g.Group + ": rule " + id + " is outside the " + g.Group + " group")
	}
	g.byID[id] = r
	return r
}

// Rules lists every rule, sorted by id.
func (g *Registry[R]) Rules() []RuleInfo {
	out := make([]RuleInfo, 0, len(g.byID))
	for _, r := range g.byID {
		out = append(out, r.Info())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Lookup returns the rule with id, and whether there is one.
func (g *Registry[R]) Lookup(id string) (R, bool) {
	r, ok := g.byID[id]
	return r, ok
}
