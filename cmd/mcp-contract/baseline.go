package main

import (
	"fmt"

	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/spf13/cobra"
)

func (c *cli) baselineCommand() *cobra.Command {
	var server serverFlags
	var lf lintFlags
	var offline bool
	cmd := &cobra.Command{
		Use:   "baseline",
		Short: "Record today's lint and collision findings in " + policy.BaselineFile + ", so only new ones fail",
		Long: `Run the lint and collision checks of check on the configured servers (or the snapshot
folder) and write their findings, by server, tool, rule and pointer, to ` + policy.BaselineFile + `
(sorted, one per line: commit it and review it like code). lint and check then mark the findings
it holds as existing (new: false), which do not count for --fail-on unless --fail-on-existing;
an entry that no longer matches is reported once, as config/stale-baseline. Drift findings are
never recorded: they are changes, not debt.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o, err := server.options(c)
			if err != nil {
				return err
			}
			o.Profiles, o.MCPVersion, o.Offline = lf.profiles, lf.mcpVersion, offline
			findings, err := pipeline.Baseline(cmd.Context(), o)
			if err != nil {
				return err
			}
			var mask func(string) string
			if len(c.masker.Secrets()) > 0 {
				mask = c.masker.Mask
			}
			n, written, err := policy.SaveBaseline(findings, mask)
			if err != nil {
				return err
			}
			if !written {
				_, err := fmt.Fprintf(c.stdout, "%s is up to date (%s)\n", policy.BaselineFile, english.Plural(n, "finding"))
				return err
			}
			_, err = fmt.Fprintf(c.stdout, "wrote %s to %s: commit it\n", english.Plural(n, "finding"), policy.BaselineFile)
			return err
		},
	}
	server.register(cmd.Flags())
	lf.register(cmd.Flags())
	cmd.Flags().BoolVar(&offline, "offline", false, "start no server: a stdio or url server is read from its snapshot in the work tree")
	return cmd
}
