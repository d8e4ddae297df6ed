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
their snapshots. With --against git:REF (design §4): every configured server as the work tree
has it against its snapshot at REF (breaking changes), and against its snapshot in the work
tree (drift/snapshot-stale); a server snapshotted at REF and configured no more is
drift/server-removed. Lint and collision findings the same checks find at REF are existing
(new: false) and do not count for --fail-on. Without configured servers, the snapshot folder
at REF is compared with the work tree's. With two or more servers, also check their tool
names for collisions (see collisions --help).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			a.sections = true
			return a.lintAndMaybeDrift(cmd.Context(), args, only, true, against)
		},
	}
	a.addProfileFlags(cmd)
	a.addTextReportFlags(cmd)
	a.addBaseFlags(cmd)
	cmd.Flags().StringArrayVar(&only, "server", nil, "check only this configured server (repeatable)")
	cmd.Flags().StringVar(&against, "against", "", "compare the servers with their snapshots at a git ref, and the findings with the ref's, e.g. git:origin/main")
	cmd.Flags().BoolVar(&a.keepGoing, "keep-going", false, "a server that cannot be reached is reported (servers[].error) and the others still checked; exit 3 after the report (for issues --from)")
	cmd.Flags().BoolVar(&a.noCache, "no-cache", false, "with --against: lint every tool, instead of taking the findings of tools unchanged since the ref from the cache")
	return cmd
}
