package report

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// driftCoverageLine says in one line what drift compared, or why it did not
// run, so that no drift findings is never taken for "no changes". It is
// empty for a run without a drift step. quote wraps what was compared
// against (a "git:SHA:path"), so markdown can show it as a code span that
// copies as it reads.
func driftCoverageLine(cov *contract.DriftCoverage, quote func(string) string) string {
	if cov == nil {
		return ""
	}
	describe := func(list []contract.DriftServer) string {
		parts := make([]string, 0, len(list))
		for _, s := range list {
			detail := s.How
			switch {
			case s.Reason != "":
				detail += ", " + s.Reason
			case s.Against != "" && strings.HasPrefix(s.How, "git:"):
				// --against: the new side is the work tree, and "git:X
				// against git:X:path" read as a ref compared with itself.
				detail = "work tree against " + quote(s.Against)
			case s.Against != "":
				detail += " against " + quote(s.Against)
			}
			parts = append(parts, fmt.Sprintf("%s (%s)", s.Server, detail))
		}
		return strings.Join(parts, ", ")
	}
	line := fmt.Sprintf("Drift compared %s: %s", plural(len(cov.Compared), "server"), describe(cov.Compared))
	if cov.NotRun != "" {
		line = "Drift did not run: " + cov.NotRun
	}
	if len(cov.Skipped) > 0 {
		line += "; not compared: " + describe(cov.Skipped)
	}
	if cov.Calls > 0 {
		line += "; " + plural(cov.Calls, "recorded call") + " replayed"
	}
	if len(cov.CallsSkipped) > 0 {
		line += "; recorded calls not replayed: " + strings.Join(cov.CallsSkipped, ", ")
	}
	return safetext.Line(line + ".")
}
