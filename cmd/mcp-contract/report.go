package main

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/spf13/cobra"
)

func (a *app) reportCommand() *cobra.Command {
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
			merged, err := contract.Merge(parts)
			var conflict *contract.MergeConflict
			if errors.As(err, &conflict) {
				return contract.Inputf("%s and %s both report server %q, differently; give each job its own servers (or merge reports of the same run only)",
					args[conflict.First], args[conflict.Second], conflict.Server)
			}
			if err != nil {
				return err
			}
			if err := rerunSession(merged, parts, args); err != nil {
				return err
			}
			// Each job already applied its config's policy, and the session
			// rules took it from the reports; the findings are final.
			return a.emit(merged, policy.Policy{})
		},
	}
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
	known := knownRules()
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
