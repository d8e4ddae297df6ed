// Package drift compares two catalogs of MCP tools and classifies every change
// by who it breaks. inputSchema is judged from the caller's side (a narrower
// schema rejects arguments old callers send), outputSchema from the consumer's
// side (a wider schema returns results old consumers cannot read), following
// oasdiff's request/response split and Confluent's BACKWARD/FORWARD modes.
//
// The layout follows oasdiff's checker/: drift.go and schema.go pair up
// tools and subschemas; every check is a small file that registers the rules
// it reports and looks at one pair at a time.
package drift

import (
	"encoding/json"
	"fmt"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"sort"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/wI2L/jsondiff"
)

// DefaultRenameSimilarity is how alike (0..1, see similarity.go) the input
// schemas of a removed and an added tool must be to call the pair a rename.
const DefaultRenameSimilarity = 0.9

// Options configure a comparison.
type Options struct {
	// RenameSimilarity overrides DefaultRenameSimilarity when above 0.
	RenameSimilarity float64
	// Calls are recorded calls (see LoadCalls) every new schema must still
	// accept. CompareAll checks them; Compare checks those of its server.
	Calls []Call
}

func (o Options) renameSimilarity() float64 {
	if o.RenameSimilarity > 0 {
		return o.RenameSimilarity
	}
	return DefaultRenameSimilarity
}

// CompareAll compares servers paired by name. A server present on one side
// only is itself a finding. Servers that could not be read (Catalog.Error)
// are skipped: there is nothing to compare, and the caller reports the error.
func CompareAll(old, new []*contract.Catalog, opts Options) []contract.Finding {
	var out []contract.Finding
	for _, sp := range pairServers(old, new) {
		switch {
		case sp.skipped() != "":
		case sp.new == nil:
			out = append(out, serverFinding(serverRemoved, sp.old, "server %q is gone: none of its %s can be called", sp.old.Server, english.Plural(len(sp.old.Tools), "tool")))
		case sp.old == nil:
			out = append(out, serverFinding(serverAdded, sp.new, "server %q is new, with %s: it has no contract to compare with yet", sp.new.Server, english.Plural(len(sp.new.Tools), "tool")))
		default:
			out = append(out, compare(sp.old, sp.new, opts)...)
		}
	}
	sortFindings(out)
	return out
}

// Coverage says what CompareAll(old, new, …) compares: every server it judges
// (one found on one side only included, as its finding is a verdict) and every
// one it skips with the reason. how names the way a catalog's tools were
// obtained; the caller knows it, drift does not.
func Coverage(old, new []*contract.Catalog, how func(*contract.Catalog) string) *contract.DriftCoverage {
	cov := &contract.DriftCoverage{Compared: []contract.DriftServer{}}
	for _, sp := range pairServers(old, new) {
		c := sp.new
		if c == nil {
			c = sp.old
		}
		ds := contract.DriftServer{Server: c.Server, How: how(c)}
		if sp.old != nil && sp.new != nil {
			ds.Against = sp.old.Origin
		}
		if ds.Reason = sp.skipped(); ds.Reason != "" {
			cov.Skipped = append(cov.Skipped, ds)
			continue
		}
		cov.Compared = append(cov.Compared, ds)
	}
	return cov
}

// serverPair is one server's old and new catalog; either is nil for a server
// found on one side only.
type serverPair struct{ old, new *contract.Catalog }

// skipped says why the pair is not compared: a side that could not be read.
func (sp serverPair) skipped() string {
	for _, c := range []*contract.Catalog{sp.old, sp.new} {
		if c != nil && c.Error != "" {
			return "could not be read: " + c.Error
		}
	}
	return ""
}

// pairServers pairs catalogs by server name, in old's order then new's; a
// name found twice on a side pairs in order.
func pairServers(old, new []*contract.Catalog) []serverPair {
	newByName := map[string][]*contract.Catalog{}
	for _, c := range new {
		newByName[c.Server] = append(newByName[c.Server], c)
	}
	var out []serverPair
	seen := map[string]int{}
	for _, o := range old {
		i := seen[o.Server]
		seen[o.Server]++
		sp := serverPair{old: o}
		if i < len(newByName[o.Server]) {
			sp.new = newByName[o.Server][i]
		}
		out = append(out, sp)
	}
	taken := map[string]int{}
	for _, n := range new {
		taken[n.Server]++
		if taken[n.Server] > seen[n.Server] {
			out = append(out, serverPair{new: n})
		}
	}
	return out
}

// Compare compares one server's old and new tool lists, whatever their
// server names (two files of different names are one server's two versions);
// findings name new's server.
func Compare(old, new *contract.Catalog, opts Options) []contract.Finding {
	out := compare(old, new, opts)
	sortFindings(out)
	return out
}

func compare(old, new *contract.Catalog, opts Options) []contract.Finding {
	var out []contract.Finding
	emit := func(f contract.Finding) { out = append(out, f) }
	server := new.Server
	pairs, removed, added := matchByName(old.Tools, new.Tools)
	renames, removed, added := matchRenames(removed, added, opts.renameSimilarity())
	for _, t := range removed {
		tp := &toolPair{server: server, old: t, emit: emit}
		tp.report(toolRemoved, true, t.Node, "", "", "tool %q was removed: every caller of it now fails", t.Name)
	}
	for _, t := range added {
		tp := &toolPair{server: server, new: t, emit: emit}
		tp.report(toolAdded, false, t.Node, "", "", "tool %q was added", t.Name)
	}
	for _, r := range renames {
		tp := &toolPair{server: server, old: r.old, new: r.new, emit: emit}
		tp.report(toolRenamed, false, r.new.Node.Get("name"), "/name",
			fmt.Sprintf("keep %q as an alias of %q until callers move", r.old.Name, r.new.Name),
			"tool %q was renamed to %q (input schemas %.0f%% alike): callers of the old name now fail", r.old.Name, r.new.Name, 100*r.similarity)
		pairs = append(pairs, tp)
	}
	byNew := map[*contract.Tool]*toolPair{}
	for _, tp := range pairs {
		tp.server, tp.emit = server, emit
		byNew[tp.new] = tp
		compareTools(tp)
	}
	checkCalls(opts.Calls, old, new, byNew, emit)
	return out
}

// matchByName pairs tools by name. A list may hold one name twice (as
// github-mcp-server's feature-flag snapshots do); such twins pair with their
// closest counterpart, so reordering the list changes nothing.
func matchByName(old, new []*contract.Tool) (pairs []*toolPair, removed, added []*contract.Tool) {
	oldByName, newByName := map[string][]*contract.Tool{}, map[string][]*contract.Tool{}
	for _, t := range old {
		oldByName[t.Name] = append(oldByName[t.Name], t)
	}
	for _, t := range new {
		newByName[t.Name] = append(newByName[t.Name], t)
	}
	paired := map[*contract.Tool]bool{}
	for _, o := range old {
		if paired[o] {
			continue
		}
		os, ns := oldByName[o.Name], newByName[o.Name]
		if len(os) == 1 && len(ns) == 1 {
			pairs = append(pairs, &toolPair{old: o, new: ns[0]})
			paired[o], paired[ns[0]] = true, true
			continue
		}
		for _, m := range pairTwins(os, ns) {
			pairs = append(pairs, &toolPair{old: os[m.i], new: ns[m.j]})
			paired[os[m.i]], paired[ns[m.j]] = true, true
		}
		if !paired[o] {
			paired[o] = true
			removed = append(removed, o)
		}
	}
	for _, n := range new {
		if !paired[n] {
			added = append(added, n)
		}
	}
	return pairs, removed, added
}

// pairTwins pairs same-named tools, equal ones first, then the most alike.
func pairTwins(old, new []*contract.Tool) []candidate {
	var cands []candidate
	for i, o := range old {
		fo := facts(o.Node)
		for j, n := range new {
			score := similarity(fo, facts(n.Node))
			if equalJSON(o.Node, n.Node, "") {
				score = 2
			}
			cands = append(cands, candidate{i, j, score})
		}
	}
	return bestPairs(cands, -1)
}

// toolPair is one old tool and its counterpart. Either side is nil for a
// removed or added tool. The patch is computed once, on the first finding.
type toolPair struct {
	server   string
	old, new *contract.Tool
	emit     func(contract.Finding)
	patch    json.RawMessage
	patched  bool
	// next is the claim of the next finding reported (proof.go); sink,
	// when set, takes findings with their claims instead of emit, for the
	// schema walk to judge and group them before they are emitted.
	next claim
	sink func(pending)
	// at is the node pair whose checks are running.
	at nodeKey
}

// pending is a finding of the schema walk not yet emitted: its claim, and
// the pair of schema nodes whose checks reported it (group.go).
type pending struct {
	f     contract.Finding
	claim claim
	at    nodeKey
}

// report emits a finding located in the old tool (onOld, for removals) or the
// new one. pointer is relative to that tool.
func (tp *toolPair) report(r *Rule, onOld bool, node *jsontree.Node, pointer, fix, format string, args ...any) {
	at := tp.new
	if onOld || at == nil {
		at = tp.old
	}
	f := contract.Finding{
		Rule:     r.ID,
		Severity: r.Severity(),
		Category: contract.CategoryDrift,
		Server:   tp.server,
		Tool:     at.Name,
		Pointer:  pointer,
		Message:  fmt.Sprintf(format, args...),
		Fix:      fix,
		Change:   r.Change,
		Patch:    tp.patchJSON(),
	}
	if f.Fix == "" {
		f.Fix = r.fix()
	}
	if node == nil {
		node = at.Node
	}
	f.Locate(at, node)
	c := tp.next
	tp.next = claim{}
	if tp.sink != nil {
		tp.sink(pending{f: f, claim: c, at: tp.at})
		return
	}
	tp.emit(f)
}

// patchJSON is the RFC 6902 patch turning the old tool into the new one; a
// missing side is null, so removals and additions are one "replace" of the
// whole document.
func (tp *toolPair) patchJSON() json.RawMessage {
	if tp.patched {
		return tp.patch
	}
	tp.patched = true
	// jsondiff's cost grows with the square of the nesting depth (and a
	// whole-tool replace would, once indented in a report): a tool nested
	// past what the walk compares gets no patch, and its findings say so;
	// nor does a tool too large for one.
	if tp.tooDeep() {
		return nil
	}
	old, new := toolJSON(tp.old), toolJSON(tp.new)
	if len(old) > maxPatchTool || len(new) > maxPatchTool {
		return nil
	}
	patch, err := jsondiff.CompareJSON(old, new)
	if err != nil {
		return nil
	}
	b, err := json.Marshal(patch)
	if err != nil {
		return nil
	}
	tp.patch = b
	return b
}

// tooDeep reports whether either side nests deeper than the walk compares
// (two JSON levels a schema level, and a few for the tool around its schemas).
func (tp *toolPair) tooDeep() bool {
	for _, t := range []*contract.Tool{tp.old, tp.new} {
		if t != nil && t.Node != nil && !nestedWithin(t.Node, 2*maxDepth+4) {
			return true
		}
	}
	return false
}

// maxPatchTool bounds the tools that get a patch, in bytes of compact JSON a
// side: jsondiff decodes both sides into Go values, which took 385 MB for a
// 16 MiB enum (issue 32). The largest real tool in the corpus is 7.5 KB.
const maxPatchTool = 1 << 20

func toolJSON(t *contract.Tool) []byte {
	if t == nil {
		return []byte("null")
	}
	return jsontree.Encode(t.Node, jsontree.EncodeOptions{})
}

func serverFinding(r *Rule, c *contract.Catalog, format string, args ...any) contract.Finding {
	return contract.Finding{
		Rule:     r.ID,
		Severity: r.Severity(),
		Category: contract.CategoryDrift,
		Server:   c.Server,
		Message:  fmt.Sprintf(format, args...),
		Change:   r.Change,
		Fix:      r.fix(),
	}
}

// sortFindings orders findings so that reports are stable from run to run.
func sortFindings(fs []contract.Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		switch {
		case a.Server != b.Server:
			return a.Server < b.Server
		case a.Tool != b.Tool:
			return a.Tool < b.Tool
		case a.Pointer != b.Pointer:
			return a.Pointer < b.Pointer
		case a.Rule != b.Rule:
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}
