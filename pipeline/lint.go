package pipeline

import (
	"context"
	"strings"

	"github.com/mcp-contract/mcp-contract/collisions"
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/lint/lintcache"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/mcp-contract/mcp-contract/source"
)

// Run is lint, and check when o.Drift is set: lint the catalogs, then
// compare them with the contract (live or configured servers against their
// snapshots, or with --against against the snapshots at the ref, design
// §4), and check tool names across servers.
func Run(ctx context.Context, o *Options) (*Result, error) {
	r := newRun(o)
	args, only, withDrift, against := o.Sources, o.Only, o.Drift, ""
	if o.Drift {
		against = o.Against
	}
	opts, err := r.lintOptions()
	if err != nil {
		return nil, err
	}
	catalogs, err := r.catalogs(ctx, args, only)
	if err != nil {
		return nil, err
	}
	r.offlineNote()
	r.useBaseline = true
	var servers []*source.ServerConfig
	if len(args) == 0 {
		if servers, err = r.servers(only); err != nil {
			return nil, err
		}
	}
	fromServers := len(servers) > 0
	withAgainst := withDrift && against != ""
	var cache *lintcache.Cache
	if withAgainst && !r.o.NoCache {
		if cache, err = r.openLintCache(catalogs, opts, against); err != nil {
			return nil, err
		}
		if cache != nil {
			opts.Cache = cache
		}
	}
	result := r.lint(catalogs, opts)
	if err := r.checkOpenAPI(catalogs, result, against); err != nil {
		return nil, err
	}
	collisionsRan := withDrift && len(catalogs) >= 2
	if withAgainst {
		base, err := r.baseContract(catalogs, args, against, servers)
		if err != nil {
			return nil, err
		}
		if err := r.runBase(base, opts, collisionsRan, len(args) > 0, against); err != nil {
			return nil, err
		}
	}
	if cache != nil {
		result.Unchanged = unchangedFiles(catalogs, cache, against)
		// The cache only saves time: a folder we cannot write is no reason to fail.
		_ = cache.Save()
	}
	driftRan := false
	if withDrift {
		whole := len(only) == 0 && r.o.Stdio == "" && r.o.URL == ""
		driftFindings, cov, err := r.checkDrift(catalogs, fromServers, len(args) > 0, against, whole)
		if err != nil {
			return nil, err
		}
		result.Findings = append(result.Findings, driftFindings...)
		result.Drift = cov
		driftRan = cov.NotRun == ""
	}
	copts, err := r.collisionStep(result, catalogs, opts, len(args) > 0, collisionsRan, withDrift)
	if err != nil {
		return nil, err
	}
	// check runs the collisions step whenever it has two servers; a merge of
	// jobs that each had one still must.
	result.Session = r.session(opts, withDrift, copts)
	pol, err := r.policy(rulesRan(opts, driftRan, collisionsRan))
	if err != nil {
		return nil, err
	}
	return r.finish(result, pol, collisionsRan)
}

// collisionStep adds the collision findings when they ran, and returns the
// collision options a check records for a merge either way.
func (r *run) collisionStep(result *contract.Result, catalogs []*contract.Catalog, opts lint.Options, fromArgs, ran, check bool) (collisions.Options, error) {
	if ran {
		found, co, err := r.collisions(catalogs, opts, fromArgs, true)
		result.Findings = append(result.Findings, found...)
		return co, err
	}
	if check {
		return r.collisionOptions(opts, fromArgs)
	}
	return collisions.Options{}, nil
}

// lint runs every enabled rule and fills the token counts of each server.
func (r *run) lint(catalogs []*contract.Catalog, opts lint.Options) *contract.Result {
	servers := serverInfos(catalogs)
	if opts.Disabled["budget/catalog-tokens"] {
		// Counting is most of lint's time on big catalogs; off means off.
		toolLists(servers, catalogs, nil)
		return &contract.Result{Servers: servers, Findings: lint.Run(catalogs, opts)}
	}
	tokens := lint.CatalogTokensCached(catalogs, opts.Cache)
	opts.Tokens = &tokens
	for i, st := range tokens.Servers {
		servers[i].Tokens = st.Tokens
		servers[i].ToolTokens = map[string]int{}
		for _, t := range st.Tools {
			servers[i].ToolTokens[t.Tool] += t.Tokens
		}
	}
	toolLists(servers, catalogs, &tokens)
	return &contract.Result{Servers: servers, Findings: lint.Run(catalogs, opts)}
}

// rulesRan tells the policy which rules ran, so ignores of rules from
// profiles not selected, or of drift or collisions when they did not run,
// are not called stale.
func rulesRan(opts lint.Options, driftRan, collisionsRan bool) func(string) bool {
	return func(id string) bool {
		if r := lint.Lookup(id); r != nil {
			return opts.Profiles[r.Profile]
		}
		if strings.HasPrefix(id, "drift/") {
			return driftRan
		}
		if strings.HasPrefix(id, collisions.RuleGroup+"/") {
			return collisionsRan
		}
		return true
	}
}

// Baseline runs the lint and collision checks of check on the configured
// servers (or the snapshot folder) and returns their findings under the
// config's policy, for the baseline file. Every server must answer.
func Baseline(ctx context.Context, o *Options) ([]contract.Finding, error) {
	r := newRun(o)
	opts, err := r.lintOptions()
	if err != nil {
		return nil, err
	}
	catalogs, err := r.catalogs(ctx, nil, nil)
	if err != nil {
		return nil, err
	}
	r.offlineNote()
	for _, c := range catalogs {
		if c.Error != "" {
			return nil, &contract.ServerError{Server: c.Server, Msg: c.Error}
		}
	}
	findings := r.lint(catalogs, opts).Findings
	collisionsRan := len(catalogs) >= 2
	if collisionsRan {
		more, _, err := r.collisions(catalogs, opts, false, true)
		if err != nil {
			return nil, err
		}
		findings = append(findings, more...)
	}
	pol, err := r.policy(rulesRan(opts, false, collisionsRan))
	if err != nil {
		return nil, err
	}
	return policy.Apply(findings, pol), nil
}

// SecretsEchoed finds where a server sent a secret of its own configuration
// in its tools, under the config's policy. The fetch has already masked
// each place; fail says one is at or above FailOn, since the server needs
// fixing and the secret rotating.
func SecretsEchoed(o *Options, catalogs []*contract.Catalog) (found []contract.Finding, fail bool, err error) {
	r := newRun(o)
	const id = "security/secret-in-tool-text"
	opts := lint.Options{Profiles: map[lint.Profile]bool{lint.ProfileSecurity: true}, Disabled: map[string]bool{}}
	for _, rule := range lint.Rules() {
		if rule.ID != id {
			opts.Disabled[rule.ID] = true
		}
	}
	pol, err := r.policy(func(rule string) bool { return rule == id })
	if err != nil {
		return nil, false, err
	}
	failOn, err := FailLevel(o.FailOn, o.Config)
	if err != nil {
		return nil, false, err
	}
	found = policy.Apply(lint.Run(catalogs, opts), pol)
	for _, f := range found {
		fail = fail || f.Severity >= failOn
	}
	return found, fail, nil
}
