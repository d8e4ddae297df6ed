package policy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Key identifies a finding from one run to the next: its server, tool, rule
// and pointer. Not its line, which moves when anything above it is edited,
// nor its message, which may quote counts that change with the catalog.
type Key struct{ Rule, Server, Tool, Pointer string }

// KeyOf is the finding's key.
func KeyOf(f *contract.Finding) Key {
	return Key{Rule: f.Rule, Server: f.Server, Tool: f.Tool, Pointer: f.Pointer}
}

// Debt reports whether a finding is of the kind a base or a baseline can
// already hold: lint and collisions. Drift findings are what changed, and
// the config/ findings are about the config as it is now.
func Debt(f *contract.Finding) bool {
	return (f.Category == contract.CategoryLint || f.Category == contract.CategoryCollision) && !strings.HasPrefix(f.Rule, "config/") && !strings.HasPrefix(f.Rule, "policy/")
}

// MarkNew sets New on every finding: false for a finding of the kind Debt
// names that base also holds (each finding of base vouches for one finding
// only, so a second copy of a problem is new), true for every other one.
func MarkNew(findings, base []contract.Finding) {
	left := map[Key]int{}
	for i := range base {
		if Debt(&base[i]) {
			left[KeyOf(&base[i])]++
		}
	}
	for i := range findings {
		f := &findings[i]
		k := KeyOf(f)
		isNew := !Debt(f) || left[k] == 0
		if !isNew {
			left[k]--
		}
		f.New = &isNew
	}
}

// Fixed returns the findings of base, of the kind Debt names, that
// findings no longer hold (each finding vouches for one of base's, as in
// MarkNew): what the change fixed.
func Fixed(findings, base []contract.Finding) []contract.Finding {
	left := map[Key]int{}
	for i := range findings {
		if Debt(&findings[i]) {
			left[KeyOf(&findings[i])]++
		}
	}
	var fixed []contract.Finding
	for _, f := range base {
		if !Debt(&f) {
			continue
		}
		if k := KeyOf(&f); left[k] > 0 {
			left[k]--
			continue
		}
		fixed = append(fixed, f)
	}
	return fixed
}

// BaselineFile is the committed baseline `mcp-contract baseline` writes.
const BaselineFile = ".mcp-contract-baseline.json"

// StaleBaselineRule is the id of the finding for a baseline entry that
// matched nothing.
const StaleBaselineRule = "config/stale-baseline"

// StaleBaselineInfo documents config/stale-baseline for `rules` and `explain`.
var StaleBaselineInfo = contract.RuleInfo{
	ID:       StaleBaselineRule,
	Group:    "config",
	Severity: contract.Info,
	Summary:  "an entry of .mcp-contract-baseline.json matches no finding",
	Help: "The baseline lists findings a repository had when it adopted mcp-contract, so that only new ones fail a " +
		"pull request. An entry that matches nothing is debt paid off (or a tool renamed): it excuses nothing now and " +
		"would excuse the same problem if it came back. Run `mcp-contract baseline` again and commit the shorter file. " +
		"Entries for rules that did not run (a profile not selected) are not reported.",
}

// BaselineEntry is one finding of the baseline, by its Key.
type BaselineEntry struct {
	Rule    string `json:"rule"`
	Server  string `json:"server,omitempty"`
	Tool    string `json:"tool,omitempty"`
	Pointer string `json:"pointer,omitempty"`
	// Line is where the entry is in the file, for the stale finding.
	Line int `json:"-"`
}

// Baseline is a parsed baseline file.
type Baseline struct {
	File    string
	Entries []BaselineEntry
}

// baselineVersion is the version of the file's format.
const baselineVersion = 1

// EncodeBaseline writes the baseline of findings (those Debt names): one
// entry per line, sorted by server, tool, rule and pointer, so the same
// findings always give the same bytes and a review diff shows one line per
// finding paid off or taken on.
func EncodeBaseline(findings []contract.Finding) []byte {
	var entries []BaselineEntry
	for i := range findings {
		f := &findings[i]
		if Debt(f) {
			entries = append(entries, BaselineEntry{Rule: f.Rule, Server: f.Server, Tool: f.Tool, Pointer: f.Pointer})
		}
	}
	sort.Slice(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if a.Server != b.Server {
			return a.Server < b.Server
		}
		if a.Tool != b.Tool {
			return a.Tool < b.Tool
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Pointer < b.Pointer
	})
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"version\": %d,\n  \"findings\": [", baselineVersion)
	for i, e := range entries {
		if i > 0 {
			b.WriteByte(',')
		}
		line, _ := json.Marshal(e)
		b.WriteString("\n    ")
		b.Write(line)
	}
	if len(entries) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes()
}

// ParseBaseline reads a baseline file's bytes; file names it in errors.
func ParseBaseline(data []byte, file string) (*Baseline, error) {
	root, lines, err := jsontree.ParseText(string(data))
	if err != nil {
		return nil, &contract.InputError{File: file, Msg: fmt.Sprintf("not valid JSON: %v (rewrite it with `mcp-contract baseline`)", err)}
	}
	bad := func(n *jsontree.Node, msg string) error {
		line, col := lines.Position(int(n.Offset))
		return &contract.InputError{File: file, Line: line, Column: col, Msg: msg}
	}
	if !root.Is(jsontree.Object) {
		return nil, bad(root, "a baseline is an object {\"version\": 1, \"findings\": [...]}")
	}
	if v := root.Get("version"); v == nil || v.Text != fmt.Sprint(baselineVersion) {
		return nil, bad(root, fmt.Sprintf("unknown baseline version (want \"version\": %d); rewrite it with `mcp-contract baseline`", baselineVersion))
	}
	list := root.Get("findings")
	if !list.Is(jsontree.Array) {
		return nil, bad(root, "\"findings\" must be an array")
	}
	b := &Baseline{File: file}
	for i, item := range list.Items() {
		text := func(key string) (string, error) {
			v := item.Get(key)
			if v == nil {
				return "", nil
			}
			if !v.Is(jsontree.String) {
				return "", bad(v, fmt.Sprintf("/findings/%d/%s must be a string", i, key))
			}
			return v.Text, nil
		}
		if !item.Is(jsontree.Object) {
			return nil, bad(item, fmt.Sprintf("/findings/%d must be an object", i))
		}
		var e BaselineEntry
		for _, field := range []struct {
			key string
			dst *string
		}{{"rule", &e.Rule}, {"server", &e.Server}, {"tool", &e.Tool}, {"pointer", &e.Pointer}} {
			if *field.dst, err = text(field.key); err != nil {
				return nil, err
			}
		}
		if e.Rule == "" {
			return nil, bad(item, fmt.Sprintf("/findings/%d has no rule", i))
		}
		e.Line, _ = lines.Position(int(item.Offset))
		b.Entries = append(b.Entries, e)
	}
	return b, nil
}

// Apply marks the findings the baseline holds as existing (New false) and
// every other one not already marked existing as new, and returns the
// findings plus one config/stale-baseline finding per entry that matched
// none, unless its rule did not run (ran nil: every rule ran).
func (b *Baseline) Apply(findings []contract.Finding, ran func(string) bool) []contract.Finding {
	left := map[Key][]int{}
	for i, e := range b.Entries {
		left[e.key()] = append(left[e.key()], i)
	}
	used := make([]bool, len(b.Entries))
	for i := range findings {
		f := &findings[i]
		inBaseline := false
		if Debt(f) {
			k := KeyOf(f)
			if idx := left[k]; len(idx) > 0 {
				used[idx[0]] = true
				left[k] = idx[1:]
				inBaseline = true
			}
		}
		if inBaseline || f.Existing() {
			no := false
			f.New = &no
		} else {
			yes := true
			f.New = &yes
		}
	}
	for i, e := range b.Entries {
		if used[i] || (ran != nil && !ran(e.Rule)) {
			continue
		}
		yes := true
		findings = append(findings, contract.Finding{
			Rule:     StaleBaselineRule,
			Severity: StaleBaselineInfo.Severity,
			Category: contract.CategoryLint,
			Server:   e.Server,
			Tool:     e.Tool,
			File:     b.File,
			Line:     e.Line,
			Column:   boolInt(e.Line > 0),
			Message:  fmt.Sprintf("baseline entry for %s%s%s matches no finding: the debt it recorded is paid", e.Rule, scope(Ignore{Server: e.Server, Tool: e.Tool}), pointerText(e.Pointer)),
			Fix:      "run `mcp-contract baseline` and commit " + b.File,
			New:      &yes,
		})
	}
	return findings
}

func (e BaselineEntry) key() Key {
	return Key{Rule: e.Rule, Server: e.Server, Tool: e.Tool, Pointer: e.Pointer}
}

func pointerText(p string) string {
	if p == "" {
		return ""
	}
	return " at " + p
}
