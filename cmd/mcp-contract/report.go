package main

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/spf13/cobra"
)

func (c *cli) reportCommand() *cobra.Command {
	var server serverFlags
	var rf reportFlags
	var merge bool
	cmd := &cobra.Command{
		Use:   "report REPORT.json | report --merge REPORT.json...",
		Short: "Render a saved JSON report in any --format, or merge the reports of matrix jobs into one",
		Long: `Read JSON reports written by --format json and render them again with --format and -o.
With --merge, the reports of several jobs (a fleet's matrix, one job per server group) become
one report, every server with its own findings and errors, as if one run had checked them all.
The exit code follows --fail-on over the findings read.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 && !merge {
				return usagef("%d reports given: add --merge to merge them into one", len(args))
			}
			parts := make([]*contract.Result, 0, len(args))
			for _, path := range args {
				r, err := readReport(path)
				if err != nil {
					return err
				}
				parts = append(parts, r)
			}
			// No config is read: each job already applied its own.
			o := &pipeline.Options{FailOn: server.failOn, Masker: c.masker}
			res, err := pipeline.Merge(o, parts, args)
			if err != nil {
				return err
			}
			return c.emit(res, rf, textFlags{}, false)
		},
	}
	server.register(cmd.Flags())
	rf.register(cmd.Flags())
	cmd.Flags().BoolVar(&merge, "merge", false, "merge several JSON reports into one")
	return cmd
}

func readReport(path string) (*contract.Result, error) {
	return report.ReadFile(path, pipeline.KnownRules())
}
