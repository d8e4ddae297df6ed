package contract

import (
	"sort"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// ServerInfo summarises one server of a run.
type ServerInfo struct {
	Name            string `json:"name"`
	Origin          string `json:"origin"`
	Tools           int    `json:"tools"`
	ProtocolVersion string `json:"protocolVersion,omitempty"`
	Error           string `json:"error,omitempty"`
	// Tokens is what a model pays each turn for this server's tool definitions.
	Tokens     int            `json:"tokens,omitempty"`
	ToolTokens map[string]int `json:"toolTokens,omitempty"`
	// ToolList is every tool as the session-level checks see it, in the
	// server's order, so a merge can run them again (issue 21).
	ToolList []ToolEntry `json:"toolList,omitempty"`
}

// ToolEntry is one tool of a server: its name, where the name sits, and
// what its definition costs per turn.
type ToolEntry struct {
	Name   string `json:"name"`
	Tokens int    `json:"tokens,omitempty"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// Session is what a run gave the checks that look at every server at once
// (the session's tool and token budgets, name collisions), so that a merge
// of several runs' reports can run them again over all their servers and
// find what one run over all of them finds (issue 21).
type Session struct {
	// Profiles are the lint profiles that ran, expanded.
	Profiles         []string `json:"profiles"`
	MaxTools         int      `json:"maxTools,omitempty"`
	MaxCatalogTokens int      `json:"maxCatalogTokens,omitempty"`
	// Disabled are the session rules the config turned off.
	Disabled []string `json:"disabled,omitempty"`
	// Collisions: the run checked names across servers, with these groups
	// (nil: one group of every server) and prefix styles (nil: defaults).
	Collisions   bool           `json:"collisions"`
	Groups       []SessionGroup `json:"groups,omitempty"`
	Grouped      bool           `json:"grouped,omitempty"`
	PrefixStyles []string       `json:"prefixStyles,omitempty"`
	// Severities are the config's overrides of session rules; Ignores its
	// ignore entries of them.
	Severities map[string]Severity `json:"severities,omitempty"`
	Ignores    []SessionIgnore     `json:"ignores,omitempty"`
}

// SessionGroup is one collisions.groups entry.
type SessionGroup struct {
	Name    string   `json:"name"`
	Servers []string `json:"servers"`
}

// SessionIgnore is one ignore entry of a session rule.
type SessionIgnore struct {
	Rule   string `json:"rule"`
	Server string `json:"server,omitempty"`
	Tool   string `json:"tool,omitempty"`
	Reason string `json:"reason,omitempty"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
}

// Result is everything a run produced, in the order reports show it.
type Result struct {
	Servers  []ServerInfo
	Findings []Finding
	// Drift says what the drift step compared; nil for a command without one.
	Drift *DriftCoverage
	// Session is what the session-level checks were given; nil for a
	// result read from a report that did not carry it.
	Session *Session
	// Unchanged lists the files whose tools all equal their bytes at the
	// --against ref, so their lint findings came from the cache.
	Unchanged []UnchangedFile
	// Base names what each finding's New was decided against: the
	// --against ref ("git:REF"), the committed baseline file, or both
	// joined by " and "; empty when nothing was compared (every New nil).
	Base string
	// Omitted counts the findings past the cap per rule per server
	// (--max-findings-per-rule): counted in every total, not listed.
	Omitted []Omitted
	// Fixed are the findings the base had that this run no longer has:
	// what a pull request fixed, which SARIF reports as absent so code
	// scanning closes their alerts. Empty when nothing was compared.
	Fixed []Finding
}

// ExistingCount is how many findings the base already had
// (Finding.Existing): what reports fold into "N existing findings not
// from this change".
func (r *Result) ExistingCount() int {
	n := 0
	for i := range r.Findings {
		if r.Findings[i].Existing() {
			n++
		}
	}
	for _, o := range r.Omitted {
		n += o.Existing
	}
	return n
}

// UnchangedFile is a file whose lint findings came from the cache.
type UnchangedFile struct {
	File string
	// Against is the ref the file's tools equal, e.g. "git:HEAD".
	Against string
	Tools   int
}

// DriftCoverage records what a drift step compared, so that no drift
// findings is never read as "no changes" when nothing was compared.
type DriftCoverage struct {
	// Compared lists the servers compared, each with how and against what.
	Compared []DriftServer `json:"compared"`
	// Skipped lists servers that were not compared, each with the reason.
	Skipped []DriftServer `json:"skipped,omitempty"`
	// NotRun says why nothing was compared; empty when something was.
	NotRun string `json:"notRun,omitempty"`
	// Calls counts the recorded calls replayed against the new tools;
	// CallsSkipped lists each one no compared server could replay, with why.
	Calls        int      `json:"calls,omitempty"`
	CallsSkipped []string `json:"callsSkipped,omitempty"`
}

// Ways a server's current tools were obtained for drift.
const (
	// DriftLive is a running server (config, MCP client config, --stdio/--url).
	DriftLive = "live"
	// DriftConfig is a tool file the config names as a server.
	DriftConfig = "config"
	// DriftFile is a file or folder given as NEW in `drift OLD NEW`.
	DriftFile = "file"
	// DriftGitPrefix, followed by the ref, is the work tree's snapshot
	// folder compared with itself at that ref (--against git:REF).
	DriftGitPrefix = "git:"
)

// DriftServer is one server of a drift step.
type DriftServer struct {
	Server string `json:"server"`
	// How is DriftLive, DriftConfig, DriftFile or "git:REF".
	How string `json:"how"`
	// Against is the origin of what the server was compared with (its
	// snapshot, the OLD file, the file at the ref); empty for a server
	// found on one side only.
	Against string `json:"against,omitempty"`
	// Reason says why a skipped server was not compared.
	Reason string `json:"reason,omitempty"`
	// Digest and AgainstDigest are "sha256:" and the hex sha256 of the
	// canonical snapshot encoding of each side (the current tools, what they
	// were compared with), and AgainstTools the count of the latter, so a
	// nightly drift issue says which contract and which tools differed.
	Digest        string `json:"digest,omitempty"`
	AgainstDigest string `json:"againstDigest,omitempty"`
	AgainstTools  int    `json:"againstTools,omitempty"`
}

// Count returns how many findings have each severity.
func (r *Result) Count() map[Severity]int {
	n := map[Severity]int{}
	for _, f := range r.Findings {
		n[f.Severity]++
	}
	for _, o := range r.Omitted {
		n[o.Severity] += o.Count
	}
	return n
}

// ToolCount is the number of tools over all servers.
func (r *Result) ToolCount() int {
	n := 0
	for _, s := range r.Servers {
		n += s.Tools
	}
	return n
}

// Unreachable names the servers the run could not start, reach or
// understand (those with an error), in the result's order.
func (r *Result) Unreachable() []string {
	var names []string
	for _, s := range r.Servers {
		if s.Error != "" {
			names = append(names, s.Name)
		}
	}
	return names
}

// Worst is the highest severity among the findings (Off when none).
func (r *Result) Worst() Severity {
	worst := Off
	for _, f := range r.Findings {
		if f.Severity > worst {
			worst = f.Severity
		}
	}
	for _, o := range r.Omitted {
		worst = max(worst, o.Severity)
	}
	return worst
}

// SortFindings orders findings by server (in servers order), file position
// (line, column), tool, pointer and rule, so every report lists them the same way.
func SortFindings(findings []Finding, servers []ServerInfo) {
	rank := map[string]int{}
	for i, s := range servers {
		rank[s.Name] = i
	}
	sort.SliceStable(findings, func(i, j int) bool {
		a, b := findings[i], findings[j]
		if ra, rb := rankOf(rank, a.Server), rankOf(rank, b.Server); ra != rb {
			return ra < rb
		}
		if a.Server != b.Server {
			return a.Server < b.Server
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if a.Tool != b.Tool {
			return a.Tool < b.Tool
		}
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		return a.Rule < b.Rule
	})
}

func rankOf(rank map[string]int, server string) int {
	if r, ok := rank[server]; ok {
		return r
	}
	return len(rank)
}

// MapText replaces every text of the result that came from a server, a file
// or a config (names, origins, errors, pointers, messages, fixes, patches)
// with f of it: how secrets are masked on the raw text, before any report
// escapes, encodes or cuts it.
func (r *Result) MapText(f func(string) string) {
	for i := range r.Servers {
		s := &r.Servers[i]
		s.Name, s.Origin, s.Error = f(s.Name), f(s.Origin), f(s.Error)
		for j := range s.ToolList {
			s.ToolList[j].Name, s.ToolList[j].File = f(s.ToolList[j].Name), f(s.ToolList[j].File)
		}
		if len(s.ToolTokens) > 0 {
			tokens := make(map[string]int, len(s.ToolTokens))
			for k, v := range s.ToolTokens {
				tokens[f(k)] += v
			}
			s.ToolTokens = tokens
		}
	}
	if d := r.Drift; d != nil {
		d.NotRun = f(d.NotRun)
		for _, list := range [][]DriftServer{d.Compared, d.Skipped} {
			for i := range list {
				s := &list[i]
				s.Server, s.How, s.Against, s.Reason = f(s.Server), f(s.How), f(s.Against), f(s.Reason)
			}
		}
	}
	for i := range r.Findings {
		x := &r.Findings[i]
		x.Server, x.Tool, x.Pointer, x.File = f(x.Server), f(x.Tool), f(x.Pointer), f(x.File)
		x.Message, x.Fix = f(x.Message), f(x.Fix)
		for j := range x.Details {
			x.Details[j] = f(x.Details[j])
		}
		for j := range x.Related {
			l := &x.Related[j]
			l.Server, l.Tool, l.Pointer, l.File = f(l.Server), f(l.Tool), f(l.Pointer), f(l.File)
		}
		if len(x.Patch) > 0 {
			if n, err := jsontree.Parse(x.Patch); err == nil {
				mapTree(n, f)
				x.Patch = jsontree.Encode(n, jsontree.EncodeOptions{})
			}
		}
	}
	for i := range r.Omitted {
		r.Omitted[i].Server = f(r.Omitted[i].Server)
	}
}

func mapTree(n *jsontree.Node, f func(string) string) {
	switch n.Kind {
	case jsontree.String:
		n.Text = f(n.Text)
	case jsontree.Array:
		for _, it := range n.Items() {
			mapTree(it, f)
		}
	case jsontree.Object:
		for i := range n.Members() {
			n.Members()[i].Key = f(n.Members()[i].Key)
			mapTree(n.Members()[i].Value, f)
		}
	}
}
