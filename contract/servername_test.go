package contract

import "testing"

func TestCheckServerName(t *testing.T) {
	ok := []string{"github", "server-everything", "npm-server_memory.v2", "CONSOLE", "com10", "LPTX"}
	for _, name := range ok {
		if err := CheckServerName(name); err != nil {
			t.Errorf("CheckServerName(%q) = %v, want nil", name, err)
		}
	}
	bad := []string{"", ".", "..", "../etc", "a/b", `a\b`, "a..b", ".hidden", "x\x00y", "x\ny", "\x1b[31m", "trail.", "trail ", " lead",
		"CON", "con", "nul", "Nul.json", "COM1", "lpt9", "com²", "ä-server", "my server", "a@1", "aux.tools", "a:b", "a*b", "a\u202eb", "\xff",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklm"}
	for _, name := range bad {
		if err := CheckServerName(name); err == nil {
			t.Errorf("CheckServerName(%q) = nil, want an error", name)
		}
	}
}

func TestSameFileName(t *testing.T) {
	if !SameFileName("GitHub", "github") || SameFileName("github", "gitlab") {
		t.Fatal("SameFileName must fold case only")
	}
}
