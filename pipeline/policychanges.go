package pipeline

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/mcp-contract/mcp-contract/source"
)

// baseRules is the config and baseline at the --against ref: the rules the
// pull request's own check is judged by as well (design §5, issue 27).
type baseRules struct {
	cfg      *source.Config // nil: the base had no config
	pol      policy.Policy
	failOn   contract.Severity
	baseline *policy.Baseline // nil: the base had no baseline
}

// baseRules reads the config and baseline at the ref once; nil when the
// run compares with no git ref, has no config, or the ref cannot be read
// (a shallow clone: said in a note).
func (r *run) baseRules() *baseRules {
	if r.baseRead {
		return r.baseRulesAt
	}
	r.baseRead = true
	ref, ok := strings.CutPrefix(r.o.Against, contract.DriftGitPrefix)
	if !ok || ref == "" || r.o.Config == nil {
		return nil
	}
	br := &baseRules{failOn: contract.Error}
	text, name, err := source.ReadGitFile(".", ref, r.o.Config.File)
	if err != nil {
		r.note("the config at " + ref + " cannot be read (" + err.Error() + "), so the rules this change sets are not compared with the base's")
		return nil
	}
	if name != "" {
		// The base's ${VAR}s need not be set: only its rules are read.
		cfg, err := source.ParseConfig([]byte(text), name, func(string) (string, bool) { return "", true })
		if err != nil {
			r.note("the config at " + ref + " does not load (" + err.Error() + "), so the rules this change sets are not compared with the base's")
			return nil
		}
		br.cfg = cfg
		saved := r.o.Config
		r.o.Config = cfg
		br.pol, err = r.policy(nil)
		r.o.Config = saved
		if err != nil {
			br.pol = policy.Policy{}
		}
		if sev, err := FailLevel("", cfg); err == nil {
			br.failOn = sev
		}
	}
	if text, name, err := source.ReadGitFile(".", ref, policy.BaselineFile); err == nil && name != "" {
		if b, err := policy.ParseBaseline([]byte(text), name); err == nil {
			br.baseline = b
		}
	}
	r.baseRulesAt = br
	return br
}

// baseSnapshotDir is the snapshot folder the base's config names, where
// the contract at the ref is: a pull request that moves the folder is
// compared with the old one, not taken to add every server.
func (r *run) baseSnapshotDir(dir string) string {
	if br := r.baseRules(); br != nil && br.cfg != nil {
		return SnapshotDir(br.cfg)
	}
	return dir
}

// settingsOf is what cfg decides that policy.Changes compares.
func settingsOf(cfg *source.Config, pol policy.Policy) policy.Settings {
	if cfg == nil {
		return policy.Settings{}
	}
	s := policy.Settings{File: cfg.File, Overrides: pol.Overrides, Ignores: pol.Ignores, FailOn: cfg.FailOn, Profiles: cfg.Profiles, Snapshots: cfg.Snapshots}
	for _, sc := range cfg.Servers {
		s.Servers = append(s.Servers, sc.Name)
	}
	return s
}

// policyChanges lists what the change does to the rules, and each finding
// it introduces that its own change of them hides. raw are the findings
// before any policy, kept those the head's policy and baseline left.
func (r *run) policyChanges(raw, kept []contract.Finding, pol policy.Policy, failOn contract.Severity) ([]contract.Finding, error) {
	br := r.baseRules()
	if br == nil {
		return nil, nil
	}
	defaults := map[string]contract.Severity{}
	for id, info := range KnownRules() {
		defaults[id] = info.Severity
	}
	out := policy.Changes(settingsOf(br.cfg, br.pol), settingsOf(r.o.Config, pol), defaults)
	fromPR := r.fromPR()
	out = append(out, policy.Hidden(raw, br.pol, pol, br.failOn, failOn, fromPR)...)
	if r.useBaseline {
		head, err := loadBaseline()
		if err != nil {
			return nil, err
		}
		if added := policy.BaselineAdded(br.baseline, head); len(added) > 0 {
			out = append(out, policy.BaselineChanges(added, policy.BaselineFile, kept, fromPR)...)
		}
	}
	return out, nil
}

// fromPR says whether the change itself brought a finding: every drift
// finding, and a lint or collision finding the base's own run lacks.
func (r *run) fromPR() func(*contract.Finding) bool {
	inBase := map[policy.Key]bool{}
	if r.base != nil {
		for i := range r.base.findings {
			inBase[policy.KeyOf(&r.base.findings[i])] = true
		}
	}
	return func(f *contract.Finding) bool {
		if f.Category == contract.CategoryDrift {
			return true
		}
		return r.base != nil && policy.Debt(f) && !inBase[policy.KeyOf(f)]
	}
}
