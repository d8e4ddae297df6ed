package drift

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// Four facts or more: owner, repo, and their types and descriptions.
const repoSchema = `{"type":"object","properties":{"owner":{"type":"string","description":"Repository owner"},"repo":{"type":"string","description":"Repository name"}},"required":["owner","repo"]}`

func TestToolLifecycle(t *testing.T) {
	named := func(name, input string) string {
		return `{"name":"` + name + `","description":"d","inputSchema":` + input + `}`
	}
	list := func(tools ...string) string { return `{"tools":[` + strings.Join(tools, ",") + `]}` }
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"removed", list(named("a", repoSchema), named("b", `{"type":"object"}`)), list(named("a", repoSchema)), []string{"drift/tool-removed "}},
		{"added", list(named("a", repoSchema)), list(named("a", repoSchema), named("b", `{"type":"object"}`)), []string{"drift/tool-added "}},
		{"renamed", list(named("write_label", repoSchema)), list(named("label_write", repoSchema)), []string{"drift/tool-renamed /name"}},
		{"renamed and changed is both", list(named("write_label", repoSchema)),
			list(named("label_write", strings.Replace(repoSchema, `"Repository name"`, `"The repository name"`, 1))),
			[]string{"drift/tool-renamed /name", "drift/description-changed /inputSchema/properties/repo/description"}},
		// Parameterless tools all look alike: no evidence for a rename.
		{"trivial schemas are not a rename", list(named("ping", `{"type":"object"}`)), list(named("pong", `{"type":"object"}`)),
			[]string{"drift/tool-removed ", "drift/tool-added "}},
		{"different parameters are not a rename", list(named("a", repoSchema)),
			list(named("b", `{"type":"object","properties":{"query":{"type":"string","description":"Search query"},"page":{"type":"integer","description":"Page"}}}`)),
			[]string{"drift/tool-removed ", "drift/tool-added "}},
		{"key order only", list(named("a", repoSchema)), list(`{"inputSchema":{"required":["repo","owner"],"properties":{"repo":{"description":"Repository name","type":"string"},"owner":{"type":"string","description":"Repository owner"}},"type":"object"},"description":"d","name":"a"}`), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}

func TestRenameNamesBothTools(t *testing.T) {
	fs := diffJSON(t, `[{"name":"write_label","inputSchema":`+repoSchema+`}]`, `[{"name":"label_write","inputSchema":`+repoSchema+`}]`)
	if len(fs) != 1 || !strings.Contains(fs[0].Message, `"write_label"`) || !strings.Contains(fs[0].Message, `"label_write"`) || fs[0].Tool != "label_write" {
		t.Fatalf("want one rename naming both tools, got %+v", fs)
	}
}

func TestFindingShape(t *testing.T) {
	fs := diffJSON(t, tool(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`),
		tool(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a","b"]}`))
	if len(fs) != 1 {
		t.Fatalf("want one finding, got %+v", fs)
	}
	f := fs[0]
	if f.Category != contract.CategoryDrift || f.Server != "test" || f.Tool != "t" || f.Severity != contract.Error || f.Change != contract.ChangeBreaking {
		t.Errorf("finding fields: %+v", f)
	}
	if f.File != "new.json" || f.Line != 1 || f.Column == 0 {
		t.Errorf("finding not located in the new file: %s:%d:%d", f.File, f.Line, f.Column)
	}
	var patch []map[string]any
	if err := json.Unmarshal(f.Patch, &patch); err != nil {
		t.Fatalf("patch is not JSON: %v (%s)", err, f.Patch)
	}
	want := `[{"value":{"type":"string"},"op":"add","path":"/inputSchema/properties/b"},{"value":"b","op":"add","path":"/inputSchema/required/-"}]`
	if string(f.Patch) != want {
		t.Errorf("patch\n got %s\nwant %s", f.Patch, want)
	}
}

// An "add" at the root replaces the whole document (RFC 6902 §4.1): the tool
// becomes null.
func TestRemovedToolPatchReplacesTheTool(t *testing.T) {
	fs := diffJSON(t, `[{"name":"a","inputSchema":{"type":"object"}}]`, `[]`)
	if len(fs) != 1 || string(fs[0].Patch) != `[{"value":null,"op":"add","path":""}]` {
		t.Fatalf("got %+v", fs)
	}
}

// A tool too large for a patch is still judged, and its findings carry none:
// jsondiff would decode both sides whole (issue 32).
func TestLargeToolGetsNoPatch(t *testing.T) {
	enum := func(n int) string { return strings.TrimSuffix(strings.Repeat("0,", n), ",") }
	schema := func(n int) string {
		return `{"type":"object","properties":{"v":{"type":"integer","enum":[` + enum(n) + `]}}}`
	}
	for _, c := range []struct {
		n     int
		patch bool
	}{{maxPatchTool/2 - 100, true}, {maxPatchTool / 2, false}} {
		fs := diffJSON(t, `[{"name":"t","inputSchema":`+schema(c.n)+`}]`, `[{"name":"t","description":"now","inputSchema":`+schema(c.n)+`}]`)
		if len(fs) != 1 || fs[0].Rule != "drift/description-changed" || (fs[0].Patch != nil) != c.patch {
			t.Errorf("enum of %d: want one description change, patch %v; got %d findings: %+.200v", c.n, c.patch, len(fs), fs)
		}
	}
}

func TestCompareAllPairsServers(t *testing.T) {
	mk := func(server, toolsJSON string) *contract.Catalog {
		c := catalog(t, server+".json", toolsJSON)
		c.Server = server
		return c
	}
	old := []*contract.Catalog{mk("a", `[{"name":"x","inputSchema":{"type":"object"}}]`), mk("gone", `[]`), {Server: "broken", Error: "timeout"}}
	new := []*contract.Catalog{mk("fresh", `[]`), mk("a", `[{"name":"x","description":"now","inputSchema":{"type":"object"}}]`), {Server: "broken", Error: "timeout"}}
	var got []string
	for _, f := range CompareAll(old, new, Options{}) {
		got = append(got, f.Server+" "+f.Rule)
	}
	want := []string{"a drift/description-changed", "fresh drift/server-added", "gone drift/server-removed"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
	// Coverage names exactly the servers CompareAll judged, and the skipped one.
	cov := Coverage(old, new, func(c *contract.Catalog) string { return "how-" + c.Server })
	var compared []string
	for _, s := range cov.Compared {
		compared = append(compared, s.Server+" "+s.How+" "+s.Against)
	}
	wantCompared := []string{"a how-a test", "gone how-gone ", "fresh how-fresh "}
	if !reflect.DeepEqual(compared, wantCompared) || len(cov.Skipped) != 1 || cov.Skipped[0].Server != "broken" ||
		cov.Skipped[0].Reason != "could not be read: timeout" || cov.NotRun != "" {
		t.Errorf("coverage %+v, want compared %q and broken skipped", cov, wantCompared)
	}
}

func TestDuplicateToolNamesPairInOrder(t *testing.T) {
	// github-mcp-server snapshots hold list_issues twice (a feature-flag variant).
	expectDrift(t, `[{"name":"x","inputSchema":{"type":"object"}},{"name":"x","description":"ff","inputSchema":{"type":"object"}}]`,
		`[{"name":"x","inputSchema":{"type":"object"}},{"name":"x","description":"ff2","inputSchema":{"type":"object"}}]`,
		"drift/description-changed /description")
}

func TestRenameSimilarityOption(t *testing.T) {
	old := catalog(t, "old.json", `[{"name":"write_label","inputSchema":`+repoSchema+`}]`)
	changed := strings.Replace(repoSchema, `"Repository name"`, `"The repository name"`, 1)
	new := catalog(t, "new.json", `[{"name":"label_write","inputSchema":`+changed+`}]`)
	if got := summary(Compare(old, new, Options{})); got[len(got)-1] != "drift/tool-renamed /name" {
		t.Errorf("default threshold: got %q, want a rename", got)
	}
	want := []string{"drift/tool-added ", "drift/tool-removed "}
	if got := summary(Compare(old, new, Options{RenameSimilarity: 1})); !reflect.DeepEqual(got, want) {
		t.Errorf("threshold 1: got %q, want %q", got, want)
	}
}
