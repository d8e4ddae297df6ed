package drift

import (
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// A live server's tools have no file; its drift findings land in the
// committed snapshot, on the node when the snapshot has it.
func TestLocateInSnapshots(t *testing.T) {
	snap := `{
  "tools": [
    {
      "name": "search",
      "inputSchema": {
        "type": "object",
        "properties": {
          "q": {"type": "string"}
        }
      }
    }
  ]
}
`
	old, err := source.Parse([]byte(snap), "mcp-snapshots/gh.json", "gh", "file:mcp-snapshots/gh.json")
	if err != nil {
		t.Fatal(err)
	}
	live, err := source.Parse([]byte(`{"tools": [
	  {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "integer"}, "n": {"type": "number"}}, "required": ["n"]}},
	  {"name": "fetch", "inputSchema": {"type": "object"}}]}`), "", "gh", "stdio:gh-server")
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range live.Tools {
		tool.File, tool.Lines = "", nil
	}
	findings := Compare(old, live, Options{})
	LocateInSnapshots(findings, []*contract.Catalog{old})
	got := map[string]string{}
	for _, f := range findings {
		got[f.Rule+" "+f.Tool+" "+f.Pointer] = locationOf(f)
	}
	want := map[string]string{
		"drift/tool-added fetch ": "mcp-snapshots/gh.json:0:0",
		"drift/input-type-changed search /inputSchema/properties/q/type": "mcp-snapshots/gh.json:8:25",
		// /required/0 does not exist in the snapshot: its nearest ancestor does.
		"drift/input-required-property-added search /inputSchema/required/0": "mcp-snapshots/gh.json:5:22",
	}
	for k, loc := range want {
		if got[k] != loc {
			t.Errorf("%s at %q, want %q (all: %v)", k, got[k], loc, got)
		}
	}
}

func locationOf(f contract.Finding) string {
	return f.File + ":" + itoa(f.Line) + ":" + itoa(f.Column)
}
