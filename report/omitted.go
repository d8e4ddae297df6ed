package report

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// OmittedFlag is the flag that lists what the cap left out.
const OmittedFlag = "--max-findings-per-rule 0"

// omittedLine says how many findings the cap per rule per server counted
// but did not list, the largest few by rule and server, and how to see
// them; "" when nothing was left out. text neutralises a server name.
func omittedLine(r *contract.Result, text func(string) string) string {
	total := r.OmittedCount()
	if total == 0 {
		return ""
	}
	var parts []string
	for i, o := range r.Omitted {
		if i == 3 {
			parts = append(parts, plural(len(r.Omitted)-i, "more rule and server"))
			break
		}
		where := o.Rule
		if o.Server != "" {
			where += " on " + text(o.Server)
		}
		parts = append(parts, fmt.Sprintf("%s %d", where, o.Count))
	}
	return fmt.Sprintf("%s counted but not listed (%s); %s lists every one.",
		plural(total, "more finding"), strings.Join(parts, ", "), OmittedFlag)
}

// omittedBy counts the findings left out at sev of category cat (all are
// lint findings): new ones, or with existing the ones the base had.
func omittedBy(r *contract.Result, sev contract.Severity, cat string, existing bool) int {
	if cat != contract.CategoryLint {
		return 0
	}
	n := 0
	for _, o := range r.Omitted {
		if o.Severity != sev {
			continue
		}
		if existing {
			n += o.Existing
		} else {
			n += o.Count - o.Existing
		}
	}
	return n
}

// omittedNew counts the findings left out that the base did not have.
func omittedNew(r *contract.Result) int {
	n := 0
	for _, o := range r.Omitted {
		n += o.Count - o.Existing
	}
	return n
}

// countTotals is totals of the counts by severity, what Count returns.
func countTotals(n map[contract.Severity]int) string {
	return fmt.Sprintf("%s, %s, %s", plural(n[contract.Error], "error"), plural(n[contract.Warning], "warning"), plural(n[contract.Info], "info"))
}

// omittedOf is what the cap left out on server.
func omittedOf(r *contract.Result, server string) []contract.Omitted {
	var out []contract.Omitted
	for _, o := range r.Omitted {
		if o.Server == server {
			out = append(out, o)
		}
	}
	return out
}
