package report

import "github.com/mcp-contract/mcp-contract/contract"

// Group is findings of one rule with one message on one server: the same
// problem hit by several tools, shown once.
type Group struct {
	Findings []contract.Finding
}

// Tools lists the tools the group hits, in finding order, each once.
func (g Group) Tools() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range g.Findings {
		if f.Tool != "" && !seen[f.Tool] {
			seen[f.Tool] = true
			out = append(out, f.Tool)
		}
	}
	return out
}

// GroupFindings groups findings by server, rule and message, in the order
// of each group's first finding, worst severity first.
func GroupFindings(findings []contract.Finding) []Group {
	type key struct{ server, rule, message string }
	index := map[key]int{}
	var groups []Group
	for _, f := range findings {
		k := key{f.Server, f.Rule, f.Message}
		i, ok := index[k]
		if !ok {
			i = len(groups)
			index[k] = i
			groups = append(groups, Group{})
		}
		groups[i].Findings = append(groups[i].Findings, f)
	}
	var out []Group
	for _, sev := range []contract.Severity{contract.Error, contract.Warning, contract.Info} {
		for _, g := range groups {
			if g.Findings[0].Severity == sev {
				out = append(out, g)
			}
		}
	}
	return out
}
