package main

import (
	"github.com/spf13/cobra"
)

func (a *app) checkCommand() *cobra.Command {
	var only []string
	var against string
	cmd := &cobra.Command{
		Use:   "check [SOURCE...]",
		Short: "What CI runs: lint, then drift against the committed snapshots",
		Long: `Lint the tools, then compare them with the contract: configured or live servers against
their snapshots, or with --against git:REF the snapshot folder at REF against the work tree.`,
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
			fromServers := false
			if len(args) == 0 {
				servers, err := a.servers(only)
				if err != nil {
					return err
				}
				fromServers = len(servers) > 0
			}
			driftFindings, err := a.checkDrift(cmd.Context(), catalogs, fromServers, against)
			if err != nil {
				return err
			}
			result.Findings = append(result.Findings, driftFindings...)
			pol, err := a.policy(rulesRan(opts, fromServers || against != ""))
			if err != nil {
				return err
			}
			return a.emit(result, pol)
		},
	}
	a.addProfileFlags(cmd)
	cmd.Flags().StringArrayVar(&only, "server", nil, "check only this configured server (repeatable)")
	cmd.Flags().StringVar(&against, "against", "", "drift: compare the snapshot folder at a git ref with the work tree, e.g. git:origin/main")
	return cmd
}
