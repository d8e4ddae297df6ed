package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// Every human-facing report says what drift compared, and a run that
// compared nothing says so instead of passing quietly.
func TestReportsSayWhatDriftCompared(t *testing.T) {
	ran := &contract.DriftCoverage{
		Compared: []contract.DriftServer{{Server: "bank", How: "config", Against: "file:mcp-snapshots/bank.json"}, {Server: "new", How: "git:main"}, {Server: "svc", How: "git:main", Against: "git:main:mcp-snapshots/svc.json"}},
		Skipped:  []contract.DriftServer{{Server: "evil\x1b[2J\nerror forged", How: "live", Reason: "snapshot missing: mcp-snapshots/x.json"}},
	}
	notRun := &contract.DriftCoverage{Compared: []contract.DriftServer{}, NotRun: "no server is configured"}
	for _, tc := range []struct {
		cov  *contract.DriftCoverage
		want string
	}{
		{ran, "Drift compared 3 servers: bank (config against file:mcp-snapshots/bank.json), new (git:main), svc (work tree against git:main:mcp-snapshots/svc.json); not compared: evil [2J error forged (live, snapshot missing: mcp-snapshots/x.json)."},
		{notRun, "Drift did not run: no server is configured."},
		{nil, ""},
	} {
		r := &contract.Result{Drift: tc.cov}
		var text, md bytes.Buffer
		if err := Text(&text, r, TextOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := Markdown(&md, r, MarkdownOptions{}); err != nil {
			t.Fatal(err)
		}
		if tc.want == "" {
			if strings.Contains(text.String()+md.String(), "Drift") {
				t.Errorf("a run without drift mentions it:\n%s\n%s", text.String(), md.String())
			}
			continue
		}
		if !strings.Contains(text.String(), "\n"+tc.want+"\n") && !strings.HasPrefix(text.String(), tc.want+"\n") {
			t.Errorf("text lacks %q:\n%s", tc.want, text.String())
		}
		if !strings.Contains(md.String(), "Drift ") || strings.Contains(md.String(), "\x1b") || strings.Contains(md.String(), "\nerror forged") {
			t.Errorf("markdown does not say it safely:\n%q", md.String())
		}
	}
}
