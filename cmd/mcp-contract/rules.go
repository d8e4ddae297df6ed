package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/pipeline"
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
				enc := json.NewEncoder(c.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(list)
			}
			return writeRuleList(c.stdout, list)
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
				writeRuleList(c.stdout, ruleList(rules, allIDs(rules)))
				return usagef("explain needs a rule id, one of the %d above", len(rules))
			}
			info, ok := rules[args[0]]
			if !ok {
				matches := closeMatches(allIDs(rules), args[0])
				if len(matches) == 0 {
					return usagef("unknown rule %q, and no rule id is close to it (see `mcp-contract rules`)", args[0])
				}
				writeRuleList(c.stdout, ruleList(rules, matches))
				if len(matches) == 1 {
					return usagef("unknown rule %q; did you mean %s?", args[0], matches[0])
				}
				return usagef("unknown rule %q; it could mean the %s listed above", args[0], english.Plural(len(matches), "rule"))
			}
			_, err := fmt.Fprintf(c.stdout, "%s (%s, default severity %s)\n\n%s\n\n%s\n", info.ID, info.Group, info.Severity, info.Summary, wrap(info.Help, 88))
			return err
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

// writeRuleList prints id, default severity and summary, one rule a line.
func writeRuleList(w io.Writer, list []contract.RuleInfo) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, info := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", info.ID, info.Severity, info.Summary)
	}
	return tw.Flush()
}

// closeMatches returns the ids (sorted) a partial or mistyped id could mean:
// every id containing it ("anyof", "gemini/"), else every id, or the part
// after its group, within a few edits of it ("gemini/anyof-with-sibling",
// "anyof-with-siblings").
func closeMatches(ids []string, query string) []string {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return nil
	}
	var out []string
	for _, id := range ids {
		if strings.Contains(id, q) {
			out = append(out, id)
		}
	}
	if len(out) > 0 {
		return out
	}
	limit := max(2, len(q)/4)
	for _, id := range ids {
		_, name, _ := strings.Cut(id, "/")
		if editDistance(id, q) <= limit || editDistance(name, q) <= limit {
			out = append(out, id)
		}
	}
	return out
}

// editDistance is the Levenshtein distance between two short strings.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
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
