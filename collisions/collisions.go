// Package collisions checks tool names across the servers a client loads
// together, and the names clients build from them: a server prefix first,
// then the client's own rewriting, judged against the providers' name rules.
// Catalogs in, findings out: it never reads files or prints.
//
// Each rule lives in its own file with its check. The checks share one index
// per group, keyed by (normalised, prefixed, rewritten) name, so the cost
// grows with the number of tools, never with the pairs of servers.
package collisions

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
)

// Options configure one check.
type Options struct {
	// Groups say which servers a client loads together; names clash only
	// within a group. Nil: every catalog is in one group.
	Groups []Group
	// Styles are the ways clients prefix names; nil: DefaultStyles.
	Styles []Style
	// Providers whose name rules the prefixed names must meet (see
	// ProvidersFor); with none, the prefixed-name rules have nothing to check.
	Providers []Provider
	// Disabled rules do not run.
	Disabled map[string]bool
}

// Group is one client's set of servers.
type Group struct {
	Name    string
	Servers []string
}

// Check returns every collision within the groups. A finding sits on one
// tool and names the others in Related; each clash is reported once.
func Check(catalogs []*contract.Catalog, opts Options) []contract.Finding {
	k := &checker{opts: opts, styles: opts.Styles, seen: map[string]bool{}}
	if k.styles == nil {
		k.styles = DefaultStyles
	}
	prefixed := map[int]bool{}
	for _, g := range k.groups(catalogs) {
		for _, check := range groupChecks {
			if !opts.Disabled[check.rule.ID] {
				check.run(k, g)
			}
		}
		for _, r := range g.refs {
			if !prefixed[r.cat] {
				prefixed[r.cat] = true
				for _, check := range catalogChecks {
					if !opts.Disabled[check.rule.ID] {
						check.run(k, r.cat, r.c)
					}
				}
			}
		}
	}
	return k.out
}

// Ungrouped lists the servers that are in no group, which no check sees.
func Ungrouped(catalogs []*contract.Catalog, groups []Group) []string {
	if groups == nil {
		return nil
	}
	in := map[string]bool{}
	for _, g := range groups {
		for _, s := range g.Servers {
			in[s] = true
		}
	}
	var out []string
	for _, c := range catalogs {
		if !in[c.Server] && !containsString(out, c.Server) {
			out = append(out, c.Server)
		}
	}
	return out
}

// A groupCheck looks at the names of one group; a catalogCheck at one
// server's names as clients prefix them. Each rule's file adds its own.
type groupCheck struct {
	rule *Rule
	run  func(k *checker, g *groupIndex)
}

type catalogCheck struct {
	rule *Rule
	run  func(k *checker, cat int, c *contract.Catalog)
}

var (
	groupChecks   []groupCheck
	catalogChecks []catalogCheck
)

// ref is one tool of one catalog of the run.
type ref struct {
	cat int
	c   *contract.Catalog
	t   *contract.Tool
}

// groupIndex is what the group checks share.
type groupIndex struct {
	// in is " in group NAME" for messages, or "" for the default group.
	in string
	// refs are the group's named tools in catalog order.
	refs []ref
	// byName holds, per exact name, the first tool of each catalog with it;
	// names keeps the names in first-seen order so output is stable.
	byName map[string][]ref
	names  []string
	// merged joins the bare names collision/after-rewrite found one
	// (a union-find over names), so collision/similar-name leaves a cluster
	// alone when a rewriting already merges all of it. Joining, not listing
	// pairs, keeps a hostile server's thousand look-alike names linear.
	merged map[string]string
	// fixes holds each catalog's rename rule, made once per group.
	fixes map[int]string
}

// root is the representative of name's merged set.
func (g *groupIndex) root(name string) string {
	for {
		up, ok := g.merged[name]
		if !ok || up == name {
			return name
		}
		if upper, ok := g.merged[up]; ok {
			g.merged[name] = upper // halve the path
		}
		name = up
	}
}

// merge joins the sets of a and b.
func (g *groupIndex) merge(a, b string) {
	if ra, rb := g.root(a), g.root(b); ra != rb {
		g.merged[ra] = rb
	}
}

func (k *checker) groups(catalogs []*contract.Catalog) []*groupIndex {
	var out []*groupIndex
	if k.opts.Groups == nil {
		all := make([]int, len(catalogs))
		for i := range catalogs {
			all[i] = i
		}
		return []*groupIndex{newGroupIndex("", catalogs, all)}
	}
	for _, g := range k.opts.Groups {
		var members []int
		for i, c := range catalogs {
			if containsString(g.Servers, c.Server) {
				members = append(members, i)
			}
		}
		out = append(out, newGroupIndex(fmt.Sprintf(" in group %q", g.Name), catalogs, members))
	}
	return out
}

func newGroupIndex(in string, catalogs []*contract.Catalog, members []int) *groupIndex {
	g := &groupIndex{in: in, byName: map[string][]ref{}, merged: map[string]string{}, fixes: map[int]string{}}
	for _, i := range members {
		c := catalogs[i]
		for _, t := range c.Tools {
			if t.Name == "" {
				continue // mcp/tool-name-invalid reports it
			}
			r := ref{cat: i, c: c, t: t}
			g.refs = append(g.refs, r)
			list := g.byName[t.Name]
			if len(list) > 0 && list[len(list)-1].cat == i {
				continue // a server's own twin is mcp/duplicate-tool-name
			}
			if len(list) == 0 {
				g.names = append(g.names, t.Name)
			}
			g.byName[t.Name] = append(list, r)
		}
	}
	return g
}

// checker collects findings, each clash once across groups and namings.
type checker struct {
	opts   Options
	styles []Style
	out    []contract.Finding
	seen   map[string]bool
}

// report records a finding on at's name, naming others as Related. The same
// rule over the same tools is reported once, whichever group or naming
// found it first.
func (k *checker) report(rule *Rule, at ref, others []ref, fix, format string, args ...any) {
	ids := []string{fmt.Sprintf("%d/%d", at.cat, at.t.Index)}
	for _, o := range others {
		ids = append(ids, fmt.Sprintf("%d/%d", o.cat, o.t.Index))
	}
	sort.Strings(ids)
	key := rule.ID + " " + strings.Join(ids, " ")
	if k.seen[key] {
		return
	}
	k.seen[key] = true
	f := k.finding(rule, at, fix, format, args...)
	for _, o := range others {
		file, line, col := o.t.Position(o.t.Node.Get("name"))
		f.Related = append(f.Related, contract.Location{Server: o.c.Server, Tool: o.t.Name, Pointer: "/name", File: file, Line: line, Column: col})
	}
	k.out = append(k.out, f)
}

func (k *checker) finding(rule *Rule, at ref, fix, format string, args ...any) contract.Finding {
	f := contract.Finding{
		Rule: rule.ID, Severity: rule.Severity, Category: contract.CategoryCollision,
		Server: at.c.Server, Tool: at.t.Name, Pointer: "/name",
		Message: fmt.Sprintf(format, args...), Fix: fix,
	}
	f.Locate(at.t, at.t.Node.Get("name"))
	return f
}

// named is how many other sides a message names; Related lists them all.
const named = 5

// toolsOf describes the other sides of a clash: `tool "x" of server "a"`.
func toolsOf(others []ref) string {
	var parts []string
	for i, o := range others {
		if i == named && len(others) > named+1 {
			parts = append(parts, fmt.Sprintf("%d more", len(others)-named))
			break
		}
		parts = append(parts, fmt.Sprintf("tool %q of server %q", o.t.Name, o.c.Server))
	}
	return english.List(parts, "and")
}

// nameLimit is the longest name every selected provider accepts (the MCP
// spec's 128 when none is selected).
func (k *checker) nameLimit() int {
	limit := 128
	for _, p := range k.opts.Providers {
		limit = min(limit, p.MaxLen)
	}
	return limit
}

// toolBudget is the longest tool name of server that every selected
// provider accepts under every selected style.
func (k *checker) toolBudget(server string) int {
	over := 0
	for _, st := range k.styles {
		over = max(over, st.overhead(server))
	}
	return k.nameLimit() - over
}

// passes names what a proposed name passes, for fixes.
func (k *checker) passes() string {
	var names []string
	for _, p := range k.opts.Providers {
		names = append(names, p.Name)
	}
	if len(names) == 0 {
		return "the MCP spec's 128 characters under every selected prefix style"
	}
	return english.List(names, "and") + " under every selected prefix style"
}

// cleanName makes s a name every provider's characters allow, starting with
// a letter (Gemini's rule).
func cleanName(s string) string {
	s = replaceOutside(s, openAIChar)
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z' || s[0] == '_') {
		s = "t_" + s
	}
	return s
}

// noise are server-name parts that say nothing about what the server is.
var noise = map[string]bool{"mcp": true, "server": true, "servers": true, "npm": true}

// serverStem is the last meaningful part of a server name:
// npm-archived-server-github → github, github-mcp-server → github.
func serverStem(server string) string {
	parts := strings.FieldsFunc(server, func(r rune) bool { return !alnum(r) })
	for i := len(parts) - 1; i >= 0; i-- {
		if !noise[strings.ToLower(parts[i])] {
			return parts[i]
		}
	}
	return server
}

// renameFix proposes one rename rule per server and group: the same prefix
// for every clashing tool of the server, so two servers that share 19 names
// get one rule a reader applies to all 19, never a different proposal per
// name. The prefix is the server's name, or its stem when that is too long
// for some tool of the server, and every name it makes passes every
// selected provider under every selected style and is no tool's name yet.
func (k *checker) renameFix(g *groupIndex, at ref) string {
	if fix, ok := g.fixes[at.cat]; ok {
		return fix
	}
	fix := k.serverRenameFix(g, at.cat, at.c)
	g.fixes[at.cat] = fix
	return fix
}

func (k *checker) serverRenameFix(g *groupIndex, cat int, c *contract.Catalog) string {
	budget := k.toolBudget(c.Server)
	if budget < 1 {
		return fmt.Sprintf("shorten the server name %q: its prefixes alone reach the %d-character limit", c.Server, k.nameLimit())
	}
	for _, prefix := range []string{c.Server, serverStem(c.Server)} {
		if k.prefixFits(g, cat, prefix, budget) {
			return fmt.Sprintf("rename the clashing tools of server %q with the prefix %q (every name so made passes %s), or keep the servers in different collisions.groups",
				c.Server, cleanName(prefix+"_"), k.passes())
		}
	}
	return fmt.Sprintf("rename the clashing tools of server %q to at most %d characters of a-z A-Z 0-9 _ - (so they pass %s), or keep the servers in different collisions.groups",
		c.Server, budget, k.passes())
}

// prefixFits reports whether prefix_NAME fits the budget and is free for
// every tool of catalog cat in the group.
func (k *checker) prefixFits(g *groupIndex, cat int, prefix string, budget int) bool {
	for _, r := range g.refs {
		if r.cat != cat {
			continue
		}
		name := cleanName(prefix + "_" + r.t.Name)
		if runeLen(name) > budget || len(g.byName[name]) > 0 {
			return false
		}
	}
	return true
}

func addGroupCheck(r *Rule, run func(k *checker, g *groupIndex)) bool {
	groupChecks = append(groupChecks, groupCheck{rule: r, run: run})
	return true
}

func addCatalogCheck(r *Rule, run func(k *checker, cat int, c *contract.Catalog)) bool {
	catalogChecks = append(catalogChecks, catalogCheck{rule: r, run: run})
	return true
}

func quote(s string) string { return fmt.Sprintf("%q", s) }
