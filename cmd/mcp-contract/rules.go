package main

import (
	"sort"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/internal/suggest"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/spf13/cobra"
)

func (c *cli) rulesCommand() *cobra.Command {
	var profile, format string
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List every rule with its id, default severity and summary",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			var list []contract.RuleInfo
			for _, info := range pipeline.KnownRules() {
				if profile == "" || info.Group == profile {
					list = append(list, info)
				}
			}
			if len(list) == 0 {
				return usagef("no rules in group %q", profile)
			}
			sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
			if format != "text" && format != "json" {
				return usagef("rules --format %q: want text or json", format)
			}
			if format == "json" {
				return report.RuleListJSON(c.stdout, list)
			}
			return report.RuleList(c.stdout, list)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "text or json")
	cmd.Flags().StringVar(&profile, "profile", "", "only the rules of this profile or group (mcp, schema, openai-strict, drift, ...)")
	return cmd
}

func (c *cli) explainCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "explain RULE",
		Short: "Print one rule's help: why it matters, the evidence, how to fix",
		Long: `Print one rule's help. A partial or mistyped id lists the rules it could mean
(and exits 2), e.g. explain anyof.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			rules := pipeline.KnownRules()
			if len(args) == 0 {
				report.RuleList(c.stdout, ruleList(rules, allIDs(rules)))
				return usagef("explain needs a rule id, one of the %d above", len(rules))
			}
			info, ok := rules[args[0]]
			if !ok {
				matches := suggest.Close(allIDs(rules), args[0])
				if len(matches) == 0 {
					return usagef("unknown rule %q, and no rule id is close to it (see `mcp-contract rules`)", args[0])
				}
				report.RuleList(c.stdout, ruleList(rules, matches))
				if len(matches) == 1 {
					return usagef("unknown rule %q; did you mean %s?", args[0], matches[0])
				}
				return usagef("unknown rule %q; it could mean the %s listed above", args[0], english.Plural(len(matches), "rule"))
			}
			return report.RuleHelp(c.stdout, info)
		},
	}
}

func allIDs(rules map[string]contract.RuleInfo) []string {
	ids := make([]string, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func ruleList(rules map[string]contract.RuleInfo, ids []string) []contract.RuleInfo {
	out := make([]contract.RuleInfo, 0, len(ids))
	for _, id := range ids {
		out = append(out, rules[id])
	}
	return out
}
