package source

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func writeToolFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestEveryShape(t *testing.T) {
	tool := `{"name": "echo", "inputSchema": {"type": "object"}}`
	dir := t.TempDir()
	for _, tc := range []struct{ name, body string }{
		{"list.json", `{"tools": [` + tool + `]}`},
		{"rpc.json", `{"jsonrpc": "2.0", "id": 1, "result": {"tools": [` + tool + `], "nextCursor": "x"}}`},
		{"array.json", `[` + tool + `]`},
		{"one.json", tool},
		{"snap.snap", tool},
	} {
		c, err := LoadFile(writeToolFile(t, dir, tc.name, tc.body))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if c.Server != strings.TrimSuffix(tc.name, filepath.Ext(tc.name)) || len(c.Tools) != 1 || c.Tools[0].Name != "echo" {
			t.Errorf("%s: %+v", tc.name, c)
		}
		input := c.Tools[0].Input()
		if _, line, col := c.Tools[0].Position(input); line != 1 || col < 2 {
			t.Errorf("%s: inputSchema at %d:%d", tc.name, line, col)
		}
	}
}

// github-mcp-server keeps one tool per .snap file in __toolsnaps__: the folder is one server.
func TestFolderOfToolSnaps(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "__toolsnaps__")
	os.Mkdir(dir, 0o755)
	writeToolFile(t, dir, "b.snap", `{"name": "b", "inputSchema": {"type": "object"}}`)
	writeToolFile(t, dir, "a.snap", "{\n  \"name\": \"a\",\n  \"inputSchema\": {\"type\": \"object\"}\n}")
	writeToolFile(t, dir, "other.json", `{"tools": []}`)
	writeToolFile(t, dir, "notes.txt", `ignored`)
	cs, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].Server != "other" || cs[1].Server != "__toolsnaps__" || len(cs[1].Tools) != 2 {
		t.Fatalf("catalogs: %+v", cs)
	}
	a := cs[1].Tools[0]
	if file, line, _ := a.Position(a.Input()); !strings.HasSuffix(file, "a.snap") || line != 3 {
		t.Errorf("a's inputSchema at %s:%d", file, line)
	}
}

func TestBadInputs(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ body, want string }{
		{`{"tools": [1]}`, "x.json:1:12: tool 0 is number, not an object (at /tools/0)"},
		{`{"tools": {}}`, `x.json:1:11: "tools" must be an array, found object (at /tools)`},
		{`{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601}}`, "x.json:1:38: the file holds a JSON-RPC error"},
		{`{"jsonrpc": "2.0", "id": 1, "result": {}}`, `x.json:1:39: a JSON-RPC response must hold a tools/list result`},
		{`"tools"`, "x.json:1:1: expected a tools/list result"},
		{"{\n\"tools\": [\n", "x.json:3:1: malformed JSON: expected a value, found end of input"},
		{`{"tools": []} x`, `x.json:1:15: malformed JSON: unexpected character 'x' after the top-level value`},
	} {
		_, err := LoadFile(writeToolFile(t, dir, "x.json", tc.body))
		var ie *contract.InputError
		if !errors.As(err, &ie) || !strings.HasSuffix(err.Error(), tc.want) && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.body, err, tc.want)
		}
	}
	if _, err := Load(filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "no such file or folder") {
		t.Errorf("missing path: %v", err)
	}
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	if _, err := Load(empty); err == nil || !strings.Contains(err.Error(), "no *.json or *.snap") {
		t.Errorf("empty folder: %v", err)
	}
}

func TestCorpusLoads(t *testing.T) {
	files, _ := filepath.Glob("../testdata/corpus/servers/*.json")
	total := 0
	for _, f := range files {
		c, err := LoadFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		total += len(c.Tools)
	}
	if total != 318 {
		t.Errorf("corpus has %d tools, SOURCES.md lists 318", total)
	}
}
