package policy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// A pull request carries the config and the baseline its own check reads,
// so it can change the rules to pass: turn a rule off, ignore its own
// finding, raise fail-on, move the snapshots so every server looks new,
// drop a server, or record its own new finding as old debt. With a base
// to compare with, every such change is a policy/* finding of its own, and
// a finding the change hides that the base's rules would have shown is
// policy/hides-new-finding, an error.

// Policy rule ids.
const (
	RuleTurnedOff      = "policy/rule-turned-off"
	RuleLowered        = "policy/rule-lowered"
	IgnoreAdded        = "policy/ignore-added"
	FailOnChanged      = "policy/fail-on-changed"
	ProfilesChanged    = "policy/profiles-changed"
	SnapshotsMoved     = "policy/snapshots-moved"
	ServerDropped      = "policy/server-dropped"
	BaselineEntryAdded = "policy/baseline-entry-added"
	HidesNewFinding    = "policy/hides-new-finding"
)

func policyRule(id string, sev contract.Severity, summary, help string) contract.RuleInfo {
	return contract.RuleInfo{ID: id, Group: "policy", Severity: sev, Summary: summary, Help: help +
		" The pull request's config and baseline are compared with the base's whenever the check runs --against a base."}
}

// ChangeRules documents the policy/* rules for `rules` and `explain`.
var ChangeRules = []contract.RuleInfo{
	policyRule(RuleTurnedOff, contract.Info, "the pull request turns a rule off",
		"A rule set to off in the pull request's config no longer reports anything, its own findings included. A reviewer should see that the rules changed, not only that the check passed."),
	policyRule(RuleLowered, contract.Info, "the pull request lowers a rule's severity",
		"A rule's findings at a lower severity may no longer reach fail-on, so a change that fails the check at the base passes it here."),
	policyRule(IgnoreAdded, contract.Info, "the pull request adds an ignore entry",
		"An ignore entry added in the pull request hides the findings it matches from this very check."),
	policyRule(FailOnChanged, contract.Info, "the pull request changes fail-on",
		"A higher fail-on lets findings through that fail the check at the base."),
	policyRule(ProfilesChanged, contract.Info, "the pull request changes the profiles checked",
		"A profile dropped from the config stops every rule of that provider."),
	policyRule(SnapshotsMoved, contract.Info, "the pull request moves the snapshot folder",
		"Moved snapshots are compared with the base's folder, so every server is not taken for a new one."),
	policyRule(ServerDropped, contract.Info, "the pull request drops a server from the config",
		"A server no longer configured is no longer checked: its breaking changes go unseen."),
	policyRule(BaselineEntryAdded, contract.Info, "the pull request adds baseline entries",
		"An entry added to the baseline makes its finding count as existing debt instead of a finding of this pull request."),
	policyRule(HidesNewFinding, contract.Error, "the pull request's rule change hides a finding the pull request itself introduces",
		"The finding would fail the check under the base's config and baseline; the pull request's own change of the rules hides it. It fails the check unless the allow label is on the pull request; or change the rules in a pull request of their own."),
}

// Settings are what a config decides that a pull request could change to
// pass its own check.
type Settings struct {
	// File names the config in findings.
	File      string
	Overrides map[string]contract.Severity
	Ignores   []Ignore
	FailOn    string
	Profiles  []string
	Snapshots string
	Servers   []string
}

// Changes lists, as policy/* info findings, what head changes of base that
// loosens or moves what the check sees. defaults are the rules' own
// severities, for overrides that one side does not set.
func Changes(base, head Settings, defaults map[string]contract.Severity) []contract.Finding {
	var out []contract.Finding
	add := func(rule, msg string) {
		yes := true
		out = append(out, contract.Finding{Rule: rule, Severity: contract.Info, Category: contract.CategoryLint, File: head.File,
			Message: "This pull request changes the rules: " + msg, New: &yes})
	}
	severity := func(s Settings, id string) contract.Severity {
		if sev, ok := s.Overrides[id]; ok {
			return sev
		}
		return defaults[id]
	}
	ids := make([]string, 0, len(head.Overrides))
	for id := range head.Overrides {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		was, now := severity(base, id), severity(head, id)
		switch {
		case now == contract.Off && was != contract.Off:
			add(RuleTurnedOff, "turns off "+id)
		case now < was:
			add(RuleLowered, fmt.Sprintf("lowers %s from %s to %s", id, was, now))
		}
	}
	for _, ig := range head.Ignores {
		if !slices.ContainsFunc(base.Ignores, ig.same) {
			add(IgnoreAdded, "ignores "+ig.Rule+scope(ig))
		}
	}
	if failOn(base.FailOn) != failOn(head.FailOn) {
		add(FailOnChanged, fmt.Sprintf("fail-on goes from %s to %s", failOn(base.FailOn), failOn(head.FailOn)))
	}
	if !slices.Equal(sortedCopy(base.Profiles), sortedCopy(head.Profiles)) {
		add(ProfilesChanged, fmt.Sprintf("profiles go from [%s] to [%s]", strings.Join(base.Profiles, ", "), strings.Join(head.Profiles, ", ")))
	}
	if snapshots(base.Snapshots) != snapshots(head.Snapshots) {
		add(SnapshotsMoved, fmt.Sprintf("snapshots move from %s to %s; they are compared with the base's %s", snapshots(base.Snapshots), snapshots(head.Snapshots), snapshots(base.Snapshots)))
	}
	for _, s := range base.Servers {
		if !slices.Contains(head.Servers, s) {
			add(ServerDropped, fmt.Sprintf("drops server %q, whose contract is no longer checked", s))
		}
	}
	return out
}

func (ig Ignore) same(o Ignore) bool {
	return ig.Rule == o.Rule && ig.Server == o.Server && ig.Tool == o.Tool
}

func failOn(s string) string {
	if s == "" {
		return "error"
	}
	return s
}

func snapshots(s string) string {
	if s == "" {
		return "mcp-snapshots"
	}
	return strings.TrimSuffix(s, "/")
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	if len(c) == 0 {
		c = []string{"portable"}
	}
	slices.Sort(c)
	return c
}

// Judged is how a policy treats one finding: its severity, Off when it
// drops the finding.
func (p Policy) Judged(f contract.Finding) contract.Severity {
	for _, ig := range p.Ignores {
		if ig.matches(f) {
			return contract.Off
		}
	}
	if sev, ok := p.Overrides[f.Rule]; ok {
		return sev
	}
	return f.Severity
}

// Hidden returns a policy/hides-new-finding error for each finding the pull
// request introduces (fromPR) that fails under the base's policy and
// fail-on but not under the head's.
func Hidden(raw []contract.Finding, base, head Policy, baseFailOn, headFailOn contract.Severity, fromPR func(*contract.Finding) bool) []contract.Finding {
	var out []contract.Finding
	for i := range raw {
		f := &raw[i]
		if !fromPR(f) {
			continue
		}
		was, now := base.Judged(*f), head.Judged(*f)
		if was == contract.Off || was < baseFailOn || (now != contract.Off && now >= headFailOn) {
			continue
		}
		how := "ignores it"
		if now != contract.Off {
			how = fmt.Sprintf("lowers it to %s", now)
		} else if _, off := head.Overrides[f.Rule]; off {
			how = "turns its rule off"
		}
		out = append(out, hides(*f, how))
	}
	return out
}

func hides(f contract.Finding, how string) contract.Finding {
	yes := true
	h := f
	h.Rule, h.Severity, h.New, h.Change, h.Patch = HidesNewFinding, contract.Error, &yes, "", nil
	h.Category = contract.CategoryLint
	h.Message = fmt.Sprintf("this pull request introduces %s (%s) and its own change of the rules %s: %s", f.Rule, f.Severity, how, f.Message)
	h.Fix = "change the rules in a pull request of their own, or fix the finding; the allow label lets it through"
	return h
}

// BaselineAdded is the entries head has that base lacks (base nil: every
// entry of head), one for one.
func BaselineAdded(base, head *Baseline) []BaselineEntry {
	if head == nil {
		return nil
	}
	left := map[Key]int{}
	if base != nil {
		for _, e := range base.Entries {
			left[e.key()]++
		}
	}
	var added []BaselineEntry
	for _, e := range head.Entries {
		if left[e.key()] > 0 {
			left[e.key()]--
			continue
		}
		added = append(added, e)
	}
	return added
}

// BaselineChanges is one policy/baseline-entry-added finding per entry
// added, and one policy/hides-new-finding per finding the pull request
// introduces (fromPR) that only an added entry makes existing debt.
func BaselineChanges(added []BaselineEntry, file string, findings []contract.Finding, fromPR func(*contract.Finding) bool) []contract.Finding {
	var out []contract.Finding
	left := map[Key]int{}
	for _, e := range added {
		left[e.key()]++
		yes := true
		out = append(out, contract.Finding{Rule: BaselineEntryAdded, Severity: contract.Info, Category: contract.CategoryLint,
			Server: e.Server, Tool: e.Tool, File: file, Line: e.Line, Column: boolInt(e.Line > 0), New: &yes,
			Message: "This pull request changes the rules: adds a baseline entry for " + e.Rule + scope(Ignore{Server: e.Server, Tool: e.Tool}) + pointerText(e.Pointer)})
	}
	for i := range findings {
		f := &findings[i]
		if k := KeyOf(f); Debt(f) && left[k] > 0 && fromPR(f) {
			left[k]--
			out = append(out, hides(*f, "adds it to the baseline"))
		}
	}
	return out
}
