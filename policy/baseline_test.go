package policy

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func newness(fs []contract.Finding) string {
	var out []string
	for _, f := range fs {
		switch {
		case f.New == nil:
			out = append(out, f.Rule+"=nil")
		case *f.New:
			out = append(out, f.Rule+"=new")
		default:
			out = append(out, f.Rule+"=existing")
		}
	}
	return strings.Join(out, " ")
}

func TestMarkNew(t *testing.T) {
	at := func(rule, tool, pointer string, line int) contract.Finding {
		f := finding(rule, "s", tool, contract.Error)
		f.Pointer, f.Line = pointer, line
		return f
	}
	drift := contract.Finding{Rule: "drift/tool-removed", Server: "s", Tool: "a", Category: contract.CategoryDrift}
	collision := contract.Finding{Rule: "collisions/same-name", Server: "s", Tool: "a", Category: contract.CategoryCollision}
	stale := contract.Finding{Rule: StaleIgnoreRule, Category: contract.CategoryLint}
	for _, tc := range []struct {
		name      string
		now, base []contract.Finding
		want      string
	}{
		{"same key on another line is existing",
			[]contract.Finding{at("r/a", "t", "/p", 40)}, []contract.Finding{at("r/a", "t", "/p", 12)}, "r/a=existing"},
		{"another pointer is new",
			[]contract.Finding{at("r/a", "t", "/q", 12)}, []contract.Finding{at("r/a", "t", "/p", 12)}, "r/a=new"},
		{"another tool is new",
			[]contract.Finding{at("r/a", "u", "/p", 12)}, []contract.Finding{at("r/a", "t", "/p", 12)}, "r/a=new"},
		{"a second copy is new",
			[]contract.Finding{at("r/a", "t", "", 1), at("r/a", "t", "", 2)}, []contract.Finding{at("r/a", "t", "", 1)}, "r/a=existing r/a=new"},
		{"drift and config findings are always new",
			[]contract.Finding{drift, stale}, []contract.Finding{drift, stale}, "drift/tool-removed=new config/stale-ignore=new"},
		{"collisions compare like lint", []contract.Finding{collision}, []contract.Finding{collision}, "collisions/same-name=existing"},
		{"no base: all new", []contract.Finding{at("r/a", "t", "", 1)}, nil, "r/a=new"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			MarkNew(tc.now, tc.base)
			if got := newness(tc.now); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestBaselineRoundTrip(t *testing.T) {
	fs := []contract.Finding{
		finding("r/b", "zeta", "t", contract.Error),
		finding("r/a", "alpha", "t2", contract.Warning),
		finding("r/a", "alpha", "t1", contract.Warning),
		{Rule: "drift/tool-removed", Server: "alpha", Category: contract.CategoryDrift},
		{Rule: StaleIgnoreRule, Category: contract.CategoryLint},
	}
	fs[0].Pointer = "/inputSchema/properties/q"
	data := EncodeBaseline(fs)
	want := `{
  "version": 1,
  "findings": [
    {"rule":"r/a","server":"alpha","tool":"t1"},
    {"rule":"r/a","server":"alpha","tool":"t2"},
    {"rule":"r/b","server":"zeta","tool":"t","pointer":"/inputSchema/properties/q"}
  ]
}
`
	if string(data) != want {
		t.Fatalf("encoded\n%s\nwant\n%s", data, want)
	}
	// Stable: the same findings in another order give the same bytes.
	if again := EncodeBaseline([]contract.Finding{fs[2], fs[0], fs[1]}); !bytes.Equal(again, data) {
		t.Errorf("not stable:\n%s", again)
	}
	b, err := ParseBaseline(data, BaselineFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Entries) != 3 || b.Entries[2].Line != 6 || b.Entries[2].Pointer != "/inputSchema/properties/q" {
		t.Fatalf("parsed %+v", b.Entries)
	}
	if empty := EncodeBaseline(nil); string(empty) != "{\n  \"version\": 1,\n  \"findings\": []\n}\n" {
		t.Errorf("empty baseline %q", empty)
	}
}

func TestBaselineApply(t *testing.T) {
	base := EncodeBaseline([]contract.Finding{
		finding("r/a", "s", "t", contract.Error),
		finding("r/paid", "s", "gone", contract.Error),
		finding("bedrock/x", "s", "t", contract.Error),
	})
	b, err := ParseBaseline(base, BaselineFile)
	if err != nil {
		t.Fatal(err)
	}
	now := []contract.Finding{
		finding("r/a", "s", "t", contract.Error),
		finding("r/a", "s", "t", contract.Error),
		finding("r/new", "s", "t", contract.Error),
		{Rule: "drift/tool-removed", Server: "s", Category: contract.CategoryDrift},
	}
	got := b.Apply(now, func(rule string) bool { return rule != "bedrock/x" })
	if s := newness(got); s != "r/a=existing r/a=new r/new=new drift/tool-removed=new config/stale-baseline=new" {
		t.Fatalf("got %s", s)
	}
	stale := got[len(got)-1]
	if stale.File != BaselineFile || stale.Line != 4 || stale.Severity != contract.Info || stale.Tool != "gone" ||
		!strings.Contains(stale.Message, "r/paid on s/gone matches no finding") || !strings.Contains(stale.Fix, "mcp-contract baseline") {
		t.Errorf("stale entry finding %+v", stale)
	}
	// A finding the base ref already had stays existing.
	no := false
	had := finding("r/other", "s", "t", contract.Error)
	had.New = &no
	if s := newness(b.Apply([]contract.Finding{had}, nil)); !strings.HasPrefix(s, "r/other=existing") {
		t.Errorf("got %s", s)
	}
}

func TestParseBaselineErrors(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{`[`, "not valid JSON"},
		{`[]`, "is an object"},
		{`{"version":2,"findings":[]}`, "unknown baseline version"},
		{`{"version":1}`, `"findings" must be an array`},
		{"{\"version\":1,\"findings\":[\n{\"server\":\"s\"}]}", "/findings/0 has no rule"},
		{`{"version":1,"findings":[{"rule":3}]}`, "/findings/0/rule must be a string"},
	} {
		_, err := ParseBaseline([]byte(tc.data), BaselineFile)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), BaselineFile) {
			t.Errorf("%s: got %v, want %q", tc.data, err, tc.want)
		}
	}
}

// Fixed is what the base had and the change no longer has, one for one:
// a second copy of a problem in the base is fixed when one copy is left.
func TestFixed(t *testing.T) {
	lint := func(tool string) contract.Finding {
		return contract.Finding{Rule: "docs/x", Category: contract.CategoryLint, Server: "s", Tool: tool}
	}
	drift := contract.Finding{Rule: "drift/tool-removed", Category: contract.CategoryDrift, Server: "s", Tool: "a"}
	base := []contract.Finding{lint("a"), lint("a"), lint("b"), drift}
	got := Fixed([]contract.Finding{lint("a"), lint("c")}, base)
	if len(got) != 2 || got[0].Tool != "a" || got[1].Tool != "b" {
		t.Errorf("fixed %+v, want one of a's and b's", got)
	}
}
