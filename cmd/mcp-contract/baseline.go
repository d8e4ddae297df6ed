package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/spf13/cobra"
)

func (a *app) baselineCommand() *cobra.Command {
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
			if err := a.loadConfig(); err != nil {
				return err
			}
			opts, err := a.lintOptions()
			if err != nil {
				return err
			}
			catalogs, err := a.catalogs(cmd.Context(), nil, nil)
			if err != nil {
				return err
			}
			a.offlineNote()
			for _, c := range catalogs {
				if c.Error != "" {
					return &contract.ServerError{Server: c.Server, Msg: c.Error}
				}
			}
			findings := a.lint(catalogs, opts).Findings
			collisionsRan := len(catalogs) >= 2
			if collisionsRan {
				more, _, err := a.collisions(catalogs, opts, false, true)
				if err != nil {
					return err
				}
				findings = append(findings, more...)
			}
			pol, err := a.policy(rulesRan(opts, false, collisionsRan))
			if err != nil {
				return err
			}
			findings = policy.Apply(findings, pol)
			data := policy.EncodeBaseline(findings)
			if len(a.masker.Secrets()) > 0 {
				data = []byte(a.masker.Mask(string(data)))
			}
			n := bytes.Count(data, []byte("\n    {"))
			if old, err := os.ReadFile(policy.BaselineFile); err == nil && bytes.Equal(old, data) {
				_, err := fmt.Fprintf(a.stdout, "%s is up to date (%s)\n", policy.BaselineFile, english.Plural(n, "finding"))
				return err
			}
			if err := fileio.WriteFile(policy.BaselineFile, data); err != nil {
				return err
			}
			_, err = fmt.Fprintf(a.stdout, "wrote %s to %s: commit it\n", english.Plural(n, "finding"), policy.BaselineFile)
			return err
		},
	}
	a.addProfileFlags(cmd)
	cmd.Flags().BoolVar(&a.offline, "offline", false, "start no server: a stdio or url server is read from its snapshot in the work tree")
	return cmd
}
