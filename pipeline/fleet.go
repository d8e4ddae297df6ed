package pipeline

import (
	"errors"
	"reflect"
	"slices"
	"strings"

	"github.com/mcp-contract/mcp-contract/collisions"
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/policy"
)

// sessionRules are the checks that look at every server of a session at
// once: a merge of several runs runs them again over all the servers.
var sessionRules = []string{"budget/tool-count", "budget/catalog-tokens"}

func isSessionRule(id string) bool {
	return slices.Contains(sessionRules, id) || strings.HasPrefix(id, collisions.RuleGroup+"/")
}

// toolLists fills each server's ToolList from its catalog: every tool's
// name, where the name sits, and its tokens when they were counted.
func toolLists(servers []contract.ServerInfo, catalogs []*contract.Catalog, tokens *lint.TokenCount) {
	for i, c := range catalogs {
		list := make([]contract.ToolEntry, len(c.Tools))
		for j, t := range c.Tools {
			list[j].Name = t.Name
			list[j].File, list[j].Line, list[j].Column = t.Position(t.Node.Get("name"))
			if tokens != nil && i < len(tokens.Servers) && j < len(tokens.Servers[i].Tools) {
				list[j].Tokens = tokens.Servers[i].Tools[j].Tokens
			}
		}
		servers[i].ToolList = list
	}
}

// session records what this run gave the session-level checks.
func (r *run) session(opts lint.Options, collisionsRan bool, collisionOpts collisions.Options) *contract.Session {
	s := &contract.Session{MaxTools: opts.MaxTools, MaxCatalogTokens: opts.MaxCatalogTokens, Collisions: collisionsRan}
	for p, on := range opts.Profiles {
		if on {
			s.Profiles = append(s.Profiles, string(p))
		}
	}
	slices.Sort(s.Profiles)
	for id, off := range opts.Disabled {
		if off && isSessionRule(id) {
			s.Disabled = append(s.Disabled, id)
		}
	}
	slices.Sort(s.Disabled)
	if collisionsRan {
		if collisionOpts.Groups != nil {
			s.Grouped = true
			for _, g := range collisionOpts.Groups {
				s.Groups = append(s.Groups, contract.SessionGroup{Name: g.Name, Servers: g.Servers})
			}
		}
		for _, st := range collisionOpts.Styles {
			s.PrefixStyles = append(s.PrefixStyles, st.Name)
		}
	}
	if r.o.Config != nil {
		for id, sev := range r.o.Config.Rules {
			if isSessionRule(id) {
				if parsed, err := contract.ParseSeverity(sev); err == nil {
					if s.Severities == nil {
						s.Severities = map[string]contract.Severity{}
					}
					s.Severities[id] = parsed
				}
			}
		}
		for _, ig := range r.o.Config.Ignore {
			if isSessionRule(ig.Rule) {
				s.Ignores = append(s.Ignores, contract.SessionIgnore{Rule: ig.Rule, Server: ig.Server, Tool: ig.Tool, Reason: ig.Reason, File: r.o.Config.File, Line: ig.Line})
			}
		}
	}
	return s
}

// rerunSession replaces the merged result's session-level findings, each
// of which saw only one job's servers, with what the session-level checks
// find over every server, under the settings the jobs share. Reports that
// carry no session are merged as they are.
func rerunSession(merged *contract.Result, parts []*contract.Result, names []string) error {
	var s *contract.Session
	for i, p := range parts {
		switch {
		case p.Session == nil && s != nil, p.Session != nil && s != nil && !reflect.DeepEqual(p.Session, s):
			return contract.Inputf("%s and %s were written with different settings (profiles, budgets, collisions, rules or ignores); merge the reports of one configuration only", names[0], names[i])
		case p.Session == nil && i > 0 && parts[0].Session != nil:
			return contract.Inputf("%s carries no session settings, unlike %s; write every report with this version", names[i], names[0])
		}
		if i == 0 {
			s = p.Session
		}
	}
	if s == nil {
		return nil
	}
	merged.Session = s
	merged.Findings = slices.DeleteFunc(merged.Findings, func(f contract.Finding) bool {
		return isSessionRule(f.Rule) || (f.Rule == policy.StaleIgnoreRule && staleSessionIgnore(f, s))
	})
	catalogs := make([]*contract.Catalog, len(merged.Servers))
	count := lint.TokenCount{Encoding: lint.TokenEncoding}
	for i, info := range merged.Servers {
		c := &contract.Catalog{Server: info.Name, Origin: info.Origin, Error: info.Error}
		st := lint.ServerTokens{Server: info.Name}
		for j, e := range info.ToolList {
			c.Tools = append(c.Tools, &contract.Tool{Name: e.Name, Index: j, File: e.File, Node: nameNode(e.Name)})
			st.Tools = append(st.Tools, lint.ToolTokens{Tool: e.Name, Tokens: e.Tokens})
			st.Tokens += e.Tokens
		}
		count.Total += st.Tokens
		count.Servers = append(count.Servers, st)
		catalogs[i] = c
	}
	profiles, err := lint.ExpandProfiles(s.Profiles)
	if err != nil {
		return contract.Inputf("%s: session.profiles: %v", names[0], err)
	}
	disabled := map[string]bool{}
	for _, r := range lint.Rules() {
		disabled[r.ID] = !slices.Contains(sessionRules, r.ID) || slices.Contains(s.Disabled, r.ID)
	}
	found := lint.Run(catalogs, lint.Options{Profiles: profiles, MaxTools: s.MaxTools, MaxCatalogTokens: s.MaxCatalogTokens, Disabled: disabled, Tokens: &count})
	if s.Collisions {
		opts := collisions.Options{Disabled: map[string]bool{}, Providers: collisions.ProvidersFor(s.Profiles)}
		for _, id := range s.Disabled {
			opts.Disabled[id] = true
		}
		if s.Grouped {
			opts.Groups = []collisions.Group{}
			for _, g := range s.Groups {
				opts.Groups = append(opts.Groups, collisions.Group{Name: g.Name, Servers: g.Servers})
			}
		}
		if s.PrefixStyles != nil {
			styles, err := collisions.ParseStyles(s.PrefixStyles)
			if err != nil {
				return contract.Inputf("%s: session.prefixStyles: %v", names[0], err)
			}
			opts.Styles = styles
		}
		found = append(found, collisions.Check(catalogs, opts)...)
	}
	placeNames(found, merged.Servers)
	pol := policy.Policy{Overrides: s.Severities, Ran: func(id string) bool {
		return isSessionRule(id) && (s.Collisions || !strings.HasPrefix(id, collisions.RuleGroup+"/"))
	}}
	for _, ig := range s.Ignores {
		pol.Ignores = append(pol.Ignores, policy.Ignore{Rule: ig.Rule, Server: ig.Server, Tool: ig.Tool, Reason: ig.Reason, File: ig.File, Line: ig.Line})
	}
	if pol.Overrides == nil {
		pol.Overrides = map[string]contract.Severity{}
	}
	merged.Findings = append(merged.Findings, policy.Apply(found, pol)...)
	contract.SortFindings(merged.Findings, merged.Servers)
	return nil
}

// staleSessionIgnore says whether f is a job's stale-ignore finding for an
// ignore entry of a session rule, which the merge decides again.
func staleSessionIgnore(f contract.Finding, s *contract.Session) bool {
	for _, ig := range s.Ignores {
		if f.File == ig.File && f.Line == ig.Line {
			return true
		}
	}
	return false
}

// nameNode is a tool object holding only its name, which is all the
// session-level checks read of a tool.
func nameNode(name string) *jsontree.Node {
	return jsontree.NewObject([]jsontree.Member{{Key: "name", Value: &jsontree.Node{Kind: jsontree.String, Text: name, Offset: -1}}})
}

// placeNames puts back where each tool's name sits in its file, which the
// reports carried and the rerun did not have.
func placeNames(findings []contract.Finding, servers []contract.ServerInfo) {
	at := map[[2]string]contract.ToolEntry{}
	for _, s := range servers {
		for _, e := range s.ToolList {
			if _, seen := at[[2]string{s.Name, e.Name}]; !seen {
				at[[2]string{s.Name, e.Name}] = e
			}
		}
	}
	for i := range findings {
		f := &findings[i]
		if e, ok := at[[2]string{f.Server, f.Tool}]; ok && f.Tool != "" {
			f.File, f.Line, f.Column = e.File, e.Line, e.Column
		}
		for j := range f.Related {
			r := &f.Related[j]
			if e, ok := at[[2]string{r.Server, r.Tool}]; ok {
				r.File, r.Line, r.Column = e.File, e.Line, e.Column
			}
		}
	}
}

// Merge merges the JSON reports of several jobs (names are their files)
// into one, as if one run had checked every server: the session-level
// checks run again over all of them.
func Merge(o *Options, parts []*contract.Result, names []string) (*Result, error) {
	merged, err := contract.Merge(parts)
	var conflict *contract.MergeConflict
	if errors.As(err, &conflict) {
		return nil, contract.Inputf("%s and %s both report server %q, differently; give each job its own servers (or merge reports of the same run only)",
			names[conflict.First], names[conflict.Second], conflict.Server)
	}
	if err != nil {
		return nil, err
	}
	if err := rerunSession(merged, parts, names); err != nil {
		return nil, err
	}
	// Each job already applied its config's policy, and the session rules
	// took it from the reports; the findings are final.
	return newRun(o).finish(merged, policy.Policy{}, false)
}
