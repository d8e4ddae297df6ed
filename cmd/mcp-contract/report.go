package main

import (
	"bytes"
	"fmt"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
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
	data, err := fileio.ReadFile(path, report.MaxReportBytes)
	if err != nil {
		return nil, contract.FileInput(err)
	}
	r, _, err := report.ReadJSON(bytes.NewReader(data), path)
	if err != nil {
		return nil, err
	}
	if err := knownRuleIDs(r, path); err != nil {
		return nil, err
	}
	return r, nil
}

// knownRuleIDs refuses a report naming a rule this mcp-contract does not
// have: a crafted report would otherwise carry an id of its choosing into
// SARIF's rule help and the comment as if it were ours.
func knownRuleIDs(r *contract.Result, path string) error {
	known := pipeline.KnownRules()
	for i, f := range r.Findings {
		if _, ok := known[f.Rule]; !ok {
			return &contract.InputError{File: path, Msg: fmt.Sprintf("findings/%d/rule: %q is no rule of this mcp-contract (mcp-contract rules lists them); a report is read by the version that wrote it",
				i, safetext.Line(limitRunes(f.Rule, 60)))}
		}
	}
	return nil
}

func limitRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
