// Package pipeline runs the checks of one command on the catalogs it
// loads: sources, lint (with its cache), the comparison with a base
// (--against: the base contract, freshness, the base's own findings), drift,
// collisions, OpenAPI bindings and the policy (overrides, ignores, the
// baseline, new against existing). It decides; it never prints, exits or
// reads the environment: the command line and the Action give it Options
// and render the Result.
package pipeline

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/collisions"
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/drift"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/openapi"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/mcp-contract/mcp-contract/source"
)

// Options are what one run checks and how (design.md §3). The zero value
// of a field is the command line's default, except where it says otherwise.
type Options struct {
	// Config is the loaded config (LoadConfig), nil when there is none;
	// ConfigPath is --config as given, repeated in the snapshot commands
	// the findings suggest.
	Config     *source.Config
	ConfigPath string
	// Sources are SOURCE arguments (files or folders); Only picks
	// configured servers (--server).
	Sources []string
	Only    []string
	// Stdio, URL, Name and Headers are an ad-hoc server (--stdio, --url).
	Stdio, URL, Name string
	Headers          []string
	// Timeout bounds each request to a live server, StartTimeout its start.
	Timeout, StartTimeout time.Duration
	Profiles              []string
	MCPVersion            string
	// FailOn is --fail-on; empty takes the config's, else error.
	FailOn string
	// Offline starts no server: a live one is its work-tree snapshot.
	Offline bool
	// Against is --against git:REF.
	Against string
	// KeepGoing reports an unreachable server and checks the others.
	KeepGoing bool
	// Drift makes Run the check command: drift and collisions too.
	Drift bool
	// CacheDir is the lint cache's folder ("" or NoCache: no cache) and
	// Binary what identifies this program in its key.
	NoCache  bool
	CacheDir string
	Binary   string
	// FailOnExisting lets findings the base had count for FailOn;
	// AllowBreaking lets breaking changes not fail the run.
	FailOnExisting, AllowBreaking bool
	// AllowedBy is the label that sets AllowBreaking, written on each
	// finding it lets through so the JSON report names it.
	AllowedBy string
	// BaseCatalogs are snapshot folders read elsewhere (the Action through
	// the API), by the Against label they stand for.
	BaseCatalogs map[string][]*contract.Catalog
	// Masker hides every secret the run learns; the run adds to it.
	Masker *safetext.Masker
	// Note hears each note for the user, one line, masked and neutralised.
	Note func(line string)
	// Progress, when set, is asked for a progress hook before servers
	// start and done is called when they have answered.
	Progress func(servers []*source.ServerConfig) (report func(server string, stage source.Stage, detail string), done func())
	// Loaded is called after each load of catalogs (the CLI tunes its
	// garbage collector to the heap).
	Loaded func()
	// MaxFindingsPerRule lists at most this many lint findings of each
	// rule on each server and counts the rest (Result.Omitted). The
	// command line's default is contract.DefaultMaxFindingsPerRule; the
	// zero value lists them all.
	MaxFindingsPerRule int
}

// Result is the contract.Result of one run and what the run learned that
// the report does not carry.
type Result struct {
	*contract.Result
	// FailOn is the level at or above which a finding fails the run.
	FailOn contract.Severity
	// Ran says which rules ran (SARIF lists them; stale ignores need it).
	Ran func(rule string) bool
	// Unreachable is the servers --keep-going reported instead of
	// stopping at, nil when every server answered.
	Unreachable error
	// CollisionsRan: the run checked tool names across servers.
	CollisionsRan bool
	// Config is the config the run read, nil when there was none, and
	// SnapshotDir its snapshot folder.
	Config      *source.Config
	SnapshotDir string

	failOnExisting, allowBreaking bool
}

// markAllowed writes label on what the allow label lets through (Fails):
// the breaking changes, and the findings the pull request hides from
// itself, listed or counted past the cap.
func markAllowed(result *contract.Result, label string) {
	for i := range result.Findings {
		if f := &result.Findings[i]; f.Rule == policy.HidesNewFinding || f.Change == contract.ChangeBreaking {
			f.AllowedBy = label
		}
	}
	for i := range result.Omitted {
		if o := &result.Omitted[i]; o.Rule == policy.HidesNewFinding {
			o.AllowedBy = label
		}
	}
}

// Fails says whether the run fails: a finding at or above FailOn, unless
// the base already had it (and FailOnExisting is off) or it is a breaking
// change AllowBreaking lets through; and any policy/hides-new-finding
// unless AllowBreaking (the allow label) lets it through.
func (r *Result) Fails() bool {
	for i := range r.Findings {
		f := &r.Findings[i]
		switch {
		case f.Rule == policy.HidesNewFinding:
			// Judged by the base's fail-on: the pull request's own may be
			// the very change that hides it.
			if !r.allowBreaking {
				return true
			}
		case f.Severity < r.FailOn:
		case f.Existing() && !r.failOnExisting:
		case f.Change == contract.ChangeBreaking && r.allowBreaking:
		default:
			return true
		}
	}
	for _, o := range r.Omitted {
		n := o.Count
		if !r.failOnExisting {
			n -= o.Existing
		}
		if o.Severity >= r.FailOn && n > 0 {
			return true
		}
	}
	return false
}

// run is one run: the options and what it learned on the way.
type run struct {
	o *Options
	// offlineSnapshot: --offline read this live server from its snapshot;
	// offlineSkipped lists each live server --offline did not start.
	offlineSnapshot map[string]bool
	offlineSkipped  []contract.DriftServer
	// refLoaded memoises againstRef, which check calls for the cache and
	// again for drift.
	refLoaded *refCatalogs
	// folderLoaded is the snapshot folder as loadCatalogs read it, so that
	// check --against compares it with the ref without parsing it again.
	folderLoaded *folderCatalogs
	// base holds what New is decided against (design §5).
	base *baseRun
	// useBaseline: the findings are compared with the committed baseline.
	useBaseline bool
	// unreachable is the first failure --keep-going reported.
	unreachable error
	// filter is the policy as lint applied it, so finish reports as stale
	// only the ignores nothing in the whole run matched; nil: finish makes
	// one. listCap caps the lint findings finish lists, when lint could
	// not because what is new was not yet known.
	filter  *policy.Filter
	listCap int
	// baseRulesAt is the config and baseline at the ref (baseRules), once
	// baseRead.
	baseRulesAt *baseRules
	baseRead    bool
}

func newRun(o *Options) *run {
	if o.Masker == nil {
		o.Masker = safetext.NewMasker()
	}
	return &run{o: o}
}

// line is text from a server, file or config made fit for one line:
// secrets masked first, then neutralised.
func (r *run) line(s string) string { return safetext.Line(r.o.Masker.Mask(s)) }

func (r *run) note(s string) {
	if r.o.Note != nil {
		r.o.Note(r.line(s))
	}
}

func (r *run) loaded() {
	if r.o.Loaded != nil {
		r.o.Loaded()
	}
}

// LoadConfig reads path, or .mcp-contract.yaml when path is empty and it
// exists; no config is nil, not an error.
func LoadConfig(path string) (*source.Config, error) {
	if path == "" {
		if _, err := os.Stat(source.ConfigFile); err != nil {
			return nil, nil
		}
		path = source.ConfigFile
	}
	return source.LoadConfig(path, nil)
}

// lintOptions resolves profiles, spec version and budget from flags and config.
func (r *run) lintOptions() (lint.Options, error) {
	names := r.o.Profiles
	if len(names) == 0 && r.o.Config != nil {
		names = r.o.Config.Profiles
	}
	if len(names) == 0 {
		names = []string{"portable"}
	}
	profiles, err := lint.ExpandProfiles(names)
	if err != nil {
		return lint.Options{}, contract.Inputf("%s", err.Error())
	}
	version := r.o.MCPVersion
	if version == "" && r.o.Config != nil {
		version = r.o.Config.MCPVersion
	}
	if version == "" {
		version = lint.DefaultMCPVersion
	}
	known := false
	for _, v := range lint.KnownMCPVersions {
		known = known || v == version
	}
	if !known {
		return lint.Options{}, contract.Inputf("unknown MCP version %q (want %s)", version, strings.Join(lint.KnownMCPVersions, ", "))
	}
	opts := lint.Options{Profiles: profiles, MCPVersion: version}
	if r.o.Config != nil {
		opts.MaxTools = r.o.Config.Budget.MaxTools
		opts.MaxCatalogTokens = r.o.Config.Budget.MaxCatalogTokens
		opts.Disabled = map[string]bool{}
		for id, sev := range r.o.Config.Rules {
			if strings.EqualFold(sev, "off") {
				opts.Disabled[id] = true
			}
		}
	}
	return opts, nil
}

// FailLevel resolves --fail-on: the flag, then the config's, then error.
func FailLevel(flag string, cfg *source.Config) (contract.Severity, error) {
	name := flag
	if name == "" && cfg != nil {
		name = cfg.FailOn
	}
	if name == "" {
		name = "error"
	}
	sev, err := contract.ParseSeverity(name)
	if err != nil || sev == contract.Off {
		return 0, contract.Inputf("--fail-on %q: want error, warning, info or never", name)
	}
	return sev, nil
}

// KnownRules maps every rule id of every step to its metadata.
func KnownRules() map[string]contract.RuleInfo {
	out := map[string]contract.RuleInfo{policy.StaleIgnoreRule: policy.StaleIgnoreInfo, policy.StaleBaselineRule: policy.StaleBaselineInfo}
	for _, r := range lint.Rules() {
		out[r.ID] = r.Info()
	}
	for _, info := range drift.Rules() {
		out[info.ID] = info
	}
	for _, info := range collisions.Rules() {
		out[info.ID] = info
	}
	for _, info := range openapi.Rules() {
		out[info.ID] = info
	}
	for _, info := range policy.ChangeRules {
		out[info.ID] = info
	}
	return out
}

// policy builds the config's overrides and ignores, checking rule ids.
func (r *run) policy(ran func(string) bool) (policy.Policy, error) {
	p := policy.Policy{Overrides: map[string]contract.Severity{}, Ran: ran}
	cfg := r.o.Config
	if cfg == nil {
		return p, nil
	}
	known := KnownRules()
	for id, sev := range cfg.Rules {
		if _, ok := known[id]; !ok {
			return p, &contract.InputError{File: cfg.File, Msg: fmt.Sprintf("rules: unknown rule id %q (see `mcp-contract rules`)", id)}
		}
		s, err := contract.ParseSeverity(sev)
		if err != nil {
			return p, &contract.InputError{File: cfg.File, Msg: fmt.Sprintf("rules.%s: %v", id, err)}
		}
		p.Overrides[id] = s
	}
	for _, ig := range cfg.Ignore {
		if _, ok := known[ig.Rule]; !ok {
			return p, &contract.InputError{File: cfg.File, Line: ig.Line, Column: 5, Msg: fmt.Sprintf("ignore: unknown rule id %q (see `mcp-contract rules`)", ig.Rule)}
		}
		p.Ignores = append(p.Ignores, policy.Ignore{Rule: ig.Rule, Server: ig.Server, Tool: ig.Tool, Reason: ig.Reason, File: cfg.File, Line: ig.Line})
	}
	return p, nil
}

// finish applies the policy, tells new findings from existing ones, sorts
// and masks the result.
func (r *run) finish(result *contract.Result, pol policy.Policy, collisionsRan bool) (*Result, error) {
	failOn, err := FailLevel(r.o.FailOn, r.o.Config)
	if err != nil {
		return nil, err
	}
	filter := r.filter
	if filter == nil {
		filter = policy.NewFilter(pol)
	}
	// The findings before any policy, for judging what the change's own
	// rules hide; only a run with a base at a ref compares them.
	var raw []contract.Finding
	if r.baseRules() != nil {
		raw = slices.Clone(result.Findings)
	}
	kept := result.Findings[:0]
	for i := range result.Findings {
		if filter.Keep(&result.Findings[i]) {
			kept = append(kept, result.Findings[i])
		}
	}
	result.Findings = append(kept, filter.Stale(pol.Ran)...)
	if err := r.markNew(result, pol); err != nil {
		return nil, err
	}
	// After the policy, which must not be able to hide them.
	changes, err := r.policyChanges(raw, result.Findings, pol, failOn)
	if err != nil {
		return nil, err
	}
	result.Findings = append(result.Findings, changes...)
	if r.listCap > 0 {
		capper := contract.NewCapper(r.listCap)
		kept := result.Findings[:0]
		for i := range result.Findings {
			if f := &result.Findings[i]; f.Category != contract.CategoryLint || capper.Keep(f) {
				kept = append(kept, *f)
			}
		}
		clear(result.Findings[len(kept):])
		result.Findings, result.Omitted = kept, capper.Omitted()
	}
	if r.o.AllowBreaking {
		markAllowed(result, r.o.AllowedBy)
	}
	contract.SortFindings(result.Findings, result.Servers)
	if len(r.o.Masker.Secrets()) > 0 {
		result.MapText(r.o.Masker.Mask)
	}
	return &Result{Result: result, FailOn: failOn, Ran: pol.Ran, Unreachable: r.unreachable, CollisionsRan: collisionsRan,
		Config: r.o.Config, SnapshotDir: r.snapshotDir(), failOnExisting: r.o.FailOnExisting, allowBreaking: r.o.AllowBreaking}, nil
}
