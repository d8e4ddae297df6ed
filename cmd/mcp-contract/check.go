package main

import (
	"github.com/spf13/cobra"
)

func (a *app) checkCommand() *cobra.Command {
	var only []string
	var against string
	cmd := &cobra.Command{
		Use:   "check [SOURCE...]",
		Short: "What CI runs: lint, drift against the committed snapshots, and collisions",
		Long: `Lint the tools, then compare them with the contract: configured or live servers against
their snapshots, or with --against git:REF the snapshot folder at REF against the work tree.
With two or more servers, also check their tool names for collisions (see collisions --help).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			a.sections = true
			return a.lintAndMaybeDrift(cmd.Context(), args, only, true, against)
		},
	}
	a.addProfileFlags(cmd)
	a.addTextReportFlags(cmd)
	cmd.Flags().StringArrayVar(&only, "server", nil, "check only this configured server (repeatable)")
	cmd.Flags().StringVar(&against, "against", "", "drift: compare the snapshot folder at a git ref with the work tree, e.g. git:origin/main")
	cmd.Flags().BoolVar(&a.keepGoing, "keep-going", false, "a server that cannot be reached is reported (servers[].error) and the others still checked; exit 3 after the report (for issues --from)")
	cmd.Flags().BoolVar(&a.noCache, "no-cache", false, "with --against: lint every tool, instead of taking the findings of tools unchanged since the ref from the cache")
	return cmd
}
