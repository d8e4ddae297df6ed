package report

import (
	"fmt"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
)

// SnapshotStaleRule is the drift step's finding that a server no longer
// matches its committed snapshot. Reports show it apart from the breaking
// changes it is not (a refresh, not a client break). The id is the drift
// step's; it is repeated here because reporters depend on the model only.
const SnapshotStaleRule = "drift/snapshot-stale"

// part is where a human-facing report shows a finding, in reading order:
// what the pull request breaks, then what it forgot to refresh, then what
// it adds, then the clashes between servers, then the debt it inherited.
type part int

const (
	partBreaking part = iota
	partFreshness
	partNew
	partSession
	partCollision
	partExisting
	numParts
)

// partOf reads a finding's fields; it decides nothing the checks and the
// policy have not already decided (category, change, rule, new, server).
func partOf(f *contract.Finding) part {
	switch {
	case f.Category == contract.CategoryDrift && f.Change == contract.ChangeBreaking:
		return partBreaking
	case f.Rule == SnapshotStaleRule:
		return partFreshness
	case f.Existing():
		return partExisting
	case f.Category == contract.CategoryCollision:
		return partCollision
	case f.Server == "":
		return partSession
	}
	return partNew
}

// splitParts sorts findings into parts, keeping their order within each.
func splitParts(findings []contract.Finding) [numParts][]contract.Finding {
	var parts [numParts][]contract.Finding
	for _, f := range findings {
		if f.Severity == contract.Off {
			continue
		}
		p := partOf(&f)
		parts[p] = append(parts[p], f)
	}
	return parts
}

// compared reports whether the run had a base to compare with, so that a
// report can say "new" and set the existing findings apart. A plain run's
// findings are simply findings.
func compared(findings []contract.Finding) bool {
	for _, f := range findings {
		if f.New != nil {
			return true
		}
	}
	return false
}

// SessionHeading names the findings that belong to no server: facts about
// every server a client loads together (the session's tool budget).
const SessionHeading = "All servers together"

// clashMessage says a grouped collision in one line: how many names the
// server shares with which others, the names themselves listed by the caller.
func clashMessage(g *Group, others []string) string {
	quoted := make([]string, len(others))
	for i, o := range others {
		quoted[i] = fmt.Sprintf("%q", o)
	}
	what := "clash with"
	switch g.Rule {
	case "collision/duplicate-name":
		what = "are also published by"
	case "collision/similar-name":
		what = "differ only in case or in _ - . : from names of"
	case "collision/after-rewrite":
		what = "become the same name once prefixed or rewritten as names of"
	}
	servers := "server "
	if len(others) > 1 {
		servers = "servers "
	}
	return fmt.Sprintf("%s of server %q %s %s%s", plural(len(g.Tools()), "tool name"), g.Server, what, servers, english.List(quoted, "and"))
}
