package lint

import (
	"path/filepath"
	"testing"
)

// TestSecurityRulesOnCorpus pins how many security findings each real server
// gets. Every count is zero, and each zero was earned by inspecting what the
// first drafts flagged:
//   - desktop-commander's start_search lists ".env" among configuration files
//     to search for; a credential-file mention now needs a verb that moves the
//     file's contents ("read", "send", "contents of") before it.
//   - context7 says "You MUST call this function before 'Query Documentation'
//     tool" and "IMPORTANT: Do not call this tool more than 3 times";
//     desktop-commander says "IMPORTANT: Always use absolute paths". These are
//     workflow advice about the server's own tools, so a plain "IMPORTANT:"
//     and "call X before Y" are not signals; <IMPORTANT> tags, orders to read
//     files before use and orders about what another tool must do are.
//   - No corpus string holds an invisible character (the non-ASCII text is
//     Japanese in kazuph/mcp-fetch, arrows, dashes and a whale emoji).
//   - No corpus default/example/const is credential-shaped (the longest is
//     server-everything's README URL).
func TestSecurityRulesOnCorpus(t *testing.T) {
	ids := []string{"security/invisible-unicode", "security/instruction-in-description", "security/secret-like-default"}
	want := map[string]int{}
	for _, file := range serverCorpusFiles(t) {
		fs := findingsOfRules(t, file, ids...)
		if got := len(fs); got != want[filepath.Base(file)] {
			t.Errorf("%s: %d security findings, want %d: %+v", filepath.Base(file), got, want[filepath.Base(file)], fs)
		}
	}
}
