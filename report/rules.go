package report

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/mcp-contract/mcp-contract/contract"
)

// RuleList prints id, default severity and summary, one rule a line.
func RuleList(w io.Writer, list []contract.RuleInfo) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, info := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", info.ID, info.Severity, info.Summary)
	}
	return tw.Flush()
}

// RuleListJSON writes the rules as an indented JSON array.
func RuleListJSON(w io.Writer, list []contract.RuleInfo) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(list)
}

// RuleHelp prints one rule's help, its paragraphs wrapped at 88 columns.
func RuleHelp(w io.Writer, info contract.RuleInfo) error {
	_, err := fmt.Fprintf(w, "%s (%s, default severity %s)\n\n%s\n\n%s\n", info.ID, info.Group, info.Severity, info.Summary, wrap(info.Help, 88))
	return err
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

// RulesThatRan lists the rules of known that the run ran (all when ran is
// nil), sorted by id.
func RulesThatRan(known map[string]contract.RuleInfo, ran func(string) bool) []contract.RuleInfo {
	var out []contract.RuleInfo
	for id, info := range known {
		if ran == nil || ran(id) {
			out = append(out, info)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// READMEURL is the README on the project's default branch.
const READMEURL = "https://github.com/mcp-contract/mcp-contract/blob/main/README.md"

// READMEHelpURI points a rule at the README section that explains its
// group: drift and collision rules have their own sections, every lint
// rule is listed by profile; `mcp-contract explain ID` prints the rule's
// own help.
func READMEHelpURI(id string) string {
	group, _, _ := strings.Cut(id, "/")
	switch group {
	case "drift":
		return READMEURL + "#snapshots-and-drift"
	case "collision":
		return READMEURL + "#collisions"
	case "config":
		return READMEURL + "#mcp-contractyaml"
	}
	return READMEURL + "#profiles"
}
