package main

import (
	"context"
	"strings"

	"github.com/mcp-contract/mcp-contract/collisions"
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/lint/lintcache"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/spf13/cobra"
)

func (a *app) lintCommand() *cobra.Command {
	var only []string
	cmd := &cobra.Command{
		Use:   "lint [SOURCE...]",
		Short: "Lint tool schemas against JSON Schema, the MCP spec, provider profiles and security rules",
		Long: `Lint tools from files or folders (a tools/list result, a JSON-RPC response, an array of
tools, one tool, a snapshot, or a folder of *.json/*.snap), or, with no SOURCE, from the
servers of .mcp-contract.yaml, the MCP client configs here, or the snapshot folder.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.lintAndMaybeDrift(cmd.Context(), args, only, false, "")
		},
	}
	a.addProfileFlags(cmd)
	a.addTextReportFlags(cmd)
	a.addBaseFlags(cmd)
	cmd.Flags().StringArrayVar(&only, "server", nil, "lint only this configured server (repeatable)")
	return cmd
}

// lintAndMaybeDrift is lint, and check when withDrift is set: lint the
// catalogs, then compare them with the contract (live or configured servers
// against their snapshots, or with --against against the snapshots at the
// ref, design §4).
func (a *app) lintAndMaybeDrift(ctx context.Context, args, only []string, withDrift bool, against string) error {
	if err := a.loadConfig(); err != nil {
		return err
	}
	opts, err := a.lintOptions()
	if err != nil {
		return err
	}
	catalogs, err := a.catalogs(ctx, args, only)
	if err != nil {
		return err
	}
	a.offlineNote()
	a.useBaseline = true
	var servers []*source.ServerConfig
	if len(args) == 0 {
		if servers, err = a.servers(only); err != nil {
			return err
		}
	}
	fromServers := len(servers) > 0
	withAgainst := withDrift && against != ""
	var cache *lintcache.Cache
	if withAgainst && !a.noCache {
		if cache, err = a.openLintCache(catalogs, opts, against); err != nil {
			return err
		}
		if cache != nil {
			opts.Cache = cache
		}
	}
	result := a.lint(catalogs, opts)
	if err := a.checkOpenAPI(catalogs, result, against); err != nil {
		return err
	}
	collisionsRan := withDrift && len(catalogs) >= 2
	if withAgainst {
		base, err := a.baseContract(catalogs, args, against, servers)
		if err != nil {
			return err
		}
		if err := a.runBase(base, opts, collisionsRan, len(args) > 0, against); err != nil {
			return err
		}
	}
	if cache != nil {
		result.Unchanged = unchangedFiles(catalogs, cache, against)
		// The cache only saves time: a folder we cannot write is no reason to fail.
		_ = cache.Save()
	}
	driftRan := false
	if withDrift {
		whole := len(only) == 0 && a.stdio == "" && a.url == ""
		driftFindings, cov, err := a.checkDrift(catalogs, fromServers, len(args) > 0, against, whole)
		if err != nil {
			return err
		}
		result.Findings = append(result.Findings, driftFindings...)
		result.Drift = cov
		driftRan = cov.NotRun == ""
	}
	a.collisionsRan = collisionsRan
	var copts collisions.Options
	if collisionsRan {
		found, o, err := a.collisions(catalogs, opts, len(args) > 0, true)
		if err != nil {
			return err
		}
		result.Findings = append(result.Findings, found...)
		copts = o
	} else if withDrift {
		if copts, err = a.collisionOptions(opts, len(args) > 0); err != nil {
			return err
		}
	}
	// check runs the collisions step whenever it has two servers; a merge of
	// jobs that each had one still must.
	result.Session = a.session(opts, withDrift, copts)
	pol, err := a.policy(rulesRan(opts, driftRan, collisionsRan))
	if err != nil {
		return err
	}
	return a.emit(result, pol)
}

// lint runs every enabled rule and fills the token counts of each server.
func (a *app) lint(catalogs []*contract.Catalog, opts lint.Options) *contract.Result {
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
