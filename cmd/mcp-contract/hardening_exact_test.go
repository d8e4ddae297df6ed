package main

import (
	"os"
	"strings"
	"testing"
)

// Exactness at the command line: a BOM is read, UTF-16 is refused saying so,
// YAML errors carry file:line:col, and drift and validate quote numbers as
// written.
func TestExactInputs(t *testing.T) {
	t.Chdir(t.TempDir())
	const bom = "\xef\xbb\xbf"
	tool := func(max string) string {
		return `{"tools":[{"name":"t","description":"Sets n.","inputSchema":{"type":"object","properties":{"n":{"type":"integer","maximum":` + max + `}}}}]}`
	}
	os.WriteFile("old.json", []byte(bom+tool("9007199254740993")), 0o644)
	os.WriteFile("new.json", []byte(tool("9007199254740992")), 0o644)
	os.WriteFile("args.json", []byte(bom+`{"n": 9007199254740994}`), 0o644)
	os.WriteFile("utf16.json", []byte{0xff, 0xfe, '[', 0, ']', 0}, 0o644)
	os.WriteFile("bad.yaml", []byte("version: 1\nservers:\n    a: b: c\n"), 0o644)
	os.Mkdir("mcp-calls", 0o755)
	os.WriteFile("mcp-calls/call.json", []byte(bom+`{"tool":"t","arguments":{"n":9007199254740993}}`), 0o644)

	for _, tc := range []struct {
		args     []string
		code     int
		out, err string
		notInOut string
	}{
		{[]string{"lint", "old.json", "--fail-on", "never"}, 0, "", "", ""},
		{[]string{"drift", "old.json", "new.json"}, 1, "maximum tightened from 9007199254740993 to 9007199254740992", "", ""},
		{[]string{"validate", "--tool", "t", "--args", "@args.json", "old.json"}, 1, "/n: maximum: got 9007199254740994, want 9007199254740993", "", "×10"},
		{[]string{"lint", "utf16.json"}, 2, "", "utf16.json:1:1: malformed JSON: the file is UTF-16", ""},
		{[]string{"lint", "--config", "bad.yaml", "old.json"}, 2, "", "bad.yaml:3:5: malformed YAML: mapping values are not allowed", ""},
	} {
		out, errOut, code := mcpContract(t, tc.args...)
		if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) || (tc.notInOut != "" && strings.Contains(out, tc.notInOut)) {
			t.Errorf("%v: exit %d\nstdout %s\nstderr %s\nwant exit %d, stdout with %q, stderr with %q", tc.args, code, out, errOut, tc.code, tc.out, tc.err)
		}
	}
}
