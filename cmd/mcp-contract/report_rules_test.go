package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A crafted report names a rule we do not have, its id written to land in
// SARIF's help.markdown (a link and an image that GitHub's code scanning
// would render as ours). The report is refused before anything is written.
func TestReportWithUnknownRuleIsRefused(t *testing.T) {
	dir := t.TempDir()
	id := `drift/x](https://evil.example/phish) ![x](https://evil.example/p.png)`
	report := `{"schemaVersion": 1, "tool": {"name": "mcp-contract", "version": "1"}, "servers": [{"name": "s", "tools": 1}],
 "findings": [{"rule": "` + strings.ReplaceAll(id, `"`, `\"`) + `", "severity": "error", "category": "drift", "server": "s", "tool": "t", "message": "m"}]}`
	path := filepath.Join(dir, "report.json")
	os.WriteFile(path, []byte(report), 0o644)
	for _, format := range []string{"sarif", "markdown", "github"} {
		cmd := exec.Command(builtBinary(t), "report", path, "--format", format)
		cmd.Dir = dir
		out, _ := cmd.Output()
		if code := cmd.ProcessState.ExitCode(); code != exitInput || strings.Contains(string(out), "evil.example") {
			t.Errorf("--format %s: exit %d, want 2 and nothing written:\n%.1000s", format, code, out)
		}
	}
}
