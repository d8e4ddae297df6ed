package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/spf13/cobra"
)

func (a *app) rulesCommand() *cobra.Command {
	var profile string
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List every rule with its id, default severity and summary",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			var list []contract.RuleInfo
			for _, info := range knownRules() {
				if profile == "" || info.Group == profile {
					list = append(list, info)
				}
			}
			if len(list) == 0 {
				return usagef("no rules in group %q", profile)
			}
			sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
			if a.format == "json" {
				enc := json.NewEncoder(a.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(list)
			}
			tw := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
			for _, info := range list {
				fmt.Fprintf(tw, "%s\t%s\t%s\n", info.ID, info.Severity, info.Summary)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&profile, "profile", "", "only the rules of this profile or group (mcp, schema, openai-strict, drift, ...)")
	return cmd
}

func (a *app) explainCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "explain RULE",
		Short: "Print one rule's help: why it matters, the evidence, how to fix",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			info, ok := knownRules()[args[0]]
			if !ok {
				return usagef("unknown rule %q (see `mcp-contract rules`)", args[0])
			}
			_, err := fmt.Fprintf(a.stdout, "%s (%s, default severity %s)\n\n%s\n\n%s\n", info.ID, info.Group, info.Severity, info.Summary, wrap(info.Help, 88))
			return err
		},
	}
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			if line != "" && len(line)+1+len(w) > width {
				out = append(out, line)
				line = w
				continue
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}
