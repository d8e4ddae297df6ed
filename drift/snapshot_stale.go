package drift

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
)

// snapshotStale is check --against's freshness verdict: the work tree's
// server and the work tree's own snapshot of it disagree. It is no change
// of the tools (that verdict is against REF) but a contract that no longer
// describes what the pull request ships, so it is an error that the
// allow-breaking label does not excuse.
var snapshotStale = register(&Rule{
	ID: "drift/snapshot-stale", Level: contract.Error,
	Summary: "The committed snapshot does not match the server the work tree has",
	Help: "check --against REF compares every configured server, as the work tree has it, with its snapshot in the work tree. " +
		"When they differ, the snapshot a reviewer reads is not the contract the change ships: a tool file edited or a server's " +
		"code changed without re-running snapshot, or a snapshot edited by hand. The breaking-change verdict against REF is " +
		"reported apart. Fix: run the snapshot command the finding names and commit the snapshot with the change.",
})

// SnapshotStale compares a server's current tools with its snapshot and,
// when any tool differs, returns one finding that names the tools changed,
// added (in the server, not the snapshot) and removed, placed on the
// snapshot's first differing tool. snapshot nil means the work tree has no
// snapshot of a server that had one at the base. refresh is the command
// line that rewrites the snapshot.
func SnapshotStale(current, snapshot *contract.Catalog, snapshotFile, refresh string) *contract.Finding {
	f := &contract.Finding{
		Rule:     snapshotStale.ID,
		Severity: snapshotStale.Severity(),
		Category: contract.CategoryDrift,
		Server:   current.Server,
		File:     snapshotFile,
		Fix:      fmt.Sprintf("run `%s` and commit %s", refresh, snapshotFile),
	}
	if snapshot == nil {
		f.Message = fmt.Sprintf("server %q has no snapshot at %s, though the base had one: its contract is no longer committed", current.Server, snapshotFile)
		return f
	}
	pairs, removed, added := matchByName(snapshot.Tools, current.Tools)
	var changed []string
	var first *contract.Tool
	for _, p := range pairs {
		if !equalJSON(p.old.Node, p.new.Node, "") {
			changed = append(changed, p.old.Name)
			if first == nil {
				first = p.old
			}
		}
	}
	if len(changed)+len(removed)+len(added) == 0 {
		return nil
	}
	var parts []string
	if len(changed) > 0 {
		parts = append(parts, "changed "+quotedNames(changed))
	}
	if len(added) > 0 {
		parts = append(parts, "not in the snapshot "+quotedNames(toolNames(added)))
	}
	if len(removed) > 0 {
		parts = append(parts, "gone from the server "+quotedNames(toolNames(removed)))
		if first == nil {
			first = removed[0]
		}
	}
	verb := "differ"
	if n := len(changed) + len(removed) + len(added); n == 1 {
		verb = "differs"
	}
	f.Message = fmt.Sprintf("the snapshot of %q is stale: %s %s from the server (%s)",
		current.Server, english.Plural(len(changed)+len(removed)+len(added), "tool"), verb, strings.Join(parts, "; "))
	if first != nil && first.Lines != nil {
		f.Tool = first.Name
		f.Locate(first, first.Node)
	}
	return f
}

func toolNames(ts []*contract.Tool) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name
	}
	return out
}

func quotedNames(names []string) string {
	sort.Strings(names)
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
