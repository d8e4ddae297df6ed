package main

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/lint"
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
			if err := a.loadConfig(); err != nil {
				return err
			}
			opts, err := a.lintOptions()
			if err != nil {
				return err
			}
			catalogs, err := a.catalogs(cmd.Context(), args, only)
			if err != nil {
				return err
			}
			result := a.lint(catalogs, opts)
			pol, err := a.policy(rulesRan(opts, false))
			if err != nil {
				return err
			}
			return a.emit(result, pol)
		},
	}
	a.addProfileFlags(cmd)
	cmd.Flags().StringArrayVar(&only, "server", nil, "lint only this configured server (repeatable)")
	return cmd
}

// lint runs every enabled rule and fills the token counts of each server.
func (a *app) lint(catalogs []*contract.Catalog, opts lint.Options) *contract.Result {
	servers := serverInfos(catalogs)
	if opts.Disabled["budget/catalog-tokens"] {
		// Counting is most of lint's time on big catalogs; off means off.
		return &contract.Result{Servers: servers, Findings: lint.Run(catalogs, opts)}
	}
	tokens := lint.CatalogTokens(catalogs)
	opts.Tokens = &tokens
	for i, st := range tokens.Servers {
		servers[i].Tokens = st.Tokens
		servers[i].ToolTokens = map[string]int{}
		for _, t := range st.Tools {
			servers[i].ToolTokens[t.Tool] += t.Tokens
		}
	}
	return &contract.Result{Servers: servers, Findings: lint.Run(catalogs, opts)}
}

// rulesRan tells the policy which rules ran, so ignores of rules from
// profiles not selected, or of drift when drift did not run, are not called stale.
func rulesRan(opts lint.Options, driftRan bool) func(string) bool {
	return func(id string) bool {
		if r := lint.Lookup(id); r != nil {
			return opts.Profiles[r.Profile]
		}
		if strings.HasPrefix(id, "drift/") {
			return driftRan
		}
		return true
	}
}
