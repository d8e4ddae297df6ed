package lint

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/source"
)

func TestToolStringsVisitsEveryStringAndKey(t *testing.T) {
	// A trimmed tool of github-mcp-server (testdata/corpus/servers/github-mcp-server.json,
	// list_issues) with enum, default, examples and const added so every place
	// a string can hide is covered.
	const tool = `{"name":"list_issues","annotations":{"title":"List issues","readOnlyHint":true},
	 "description":"List issues in a repository.",
	 "inputSchema":{"type":"object","properties":{
	   "state":{"type":"string","enum":["OPEN","CLOSED"],"default":"OPEN"},
	   "labels":{"type":"array","items":{"type":"string"},"examples":[["bug"]]}},
	   "required":["state"]},
	 "outputSchema":{"type":"object","properties":{"kind":{"const":"issue"}}}}`
	c, err := source.Parse([]byte(tool), "tool.json", "test", "test")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for s := range toolStrings(c.Tools[0]) {
		kind := "value"
		if s.IsKey {
			kind = "key"
		}
		if "/"+strings.Join(escapeTokens(s.Path), "/") != s.Pointer() {
			t.Errorf("Path %q does not spell Pointer %q", s.Path, s.Pointer())
		}
		if s.Node().Offset < 0 || !strings.Contains(tool[s.Node().Offset:], s.Text) {
			t.Errorf("%s %q: offset %d does not point at it", kind, s.Text, s.Node().Offset)
		}
		got = append(got, kind+" "+s.Pointer()+" = "+s.Text)
	}
	want := []string{
		"key /name = name",
		"key /annotations = annotations",
		"key /description = description",
		"key /inputSchema = inputSchema",
		"key /outputSchema = outputSchema",
		"value /name = list_issues",
		"key /annotations/title = title",
		"key /annotations/readOnlyHint = readOnlyHint",
		"value /annotations/title = List issues",
		"value /description = List issues in a repository.",
		"key /inputSchema/type = type",
		"key /inputSchema/properties = properties",
		"key /inputSchema/required = required",
		"value /inputSchema/type = object",
		"key /inputSchema/properties/state = state",
		"key /inputSchema/properties/labels = labels",
		"key /inputSchema/properties/state/type = type",
		"key /inputSchema/properties/state/enum = enum",
		"key /inputSchema/properties/state/default = default",
		"value /inputSchema/properties/state/type = string",
		"value /inputSchema/properties/state/enum/0 = OPEN",
		"value /inputSchema/properties/state/enum/1 = CLOSED",
		"value /inputSchema/properties/state/default = OPEN",
		"key /inputSchema/properties/labels/type = type",
		"key /inputSchema/properties/labels/items = items",
		"key /inputSchema/properties/labels/examples = examples",
		"value /inputSchema/properties/labels/type = array",
		"key /inputSchema/properties/labels/items/type = type",
		"value /inputSchema/properties/labels/items/type = string",
		"value /inputSchema/properties/labels/examples/0/0 = bug",
		"value /inputSchema/required/0 = state",
		"key /outputSchema/type = type",
		"key /outputSchema/properties = properties",
		"value /outputSchema/type = object",
		"key /outputSchema/properties/kind = kind",
		"key /outputSchema/properties/kind/const = const",
		"value /outputSchema/properties/kind/const = issue",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("strings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestToolStringsSurvivesDeepNesting(t *testing.T) {
	// Hostile input: 5,000 nested arrays around one string must neither
	// overflow the stack nor lose the string.
	depth := 5000
	doc := `{"name":"deep","inputSchema":{"type":"object","default":` + strings.Repeat("[", depth) + `"x"` + strings.Repeat("]", depth) + `}}`
	c, err := source.Parse([]byte(doc), "tool.json", "test", "test")
	if err != nil {
		t.Fatal(err)
	}
	var deepest toolString
	for s := range toolStrings(c.Tools[0]) {
		if s.Text == "x" {
			deepest = s
			deepest.Path = append([]string(nil), s.Path...)
		}
	}
	if len(deepest.Path) != depth+2 {
		t.Fatalf("deepest string has path length %d, want %d", len(deepest.Path), depth+2)
	}
}

func escapeTokens(tokens []string) []string {
	out := make([]string, len(tokens))
	for i, tok := range tokens {
		out[i] = jsontree.EscapeToken(tok)
	}
	return out
}

func TestToolStringsMarksInstanceData(t *testing.T) {
	// A property named "default" is schema text; the values under the default,
	// enum and examples keywords are instance data, however deep.
	const tool = `{"name":"t","inputSchema":{"type":"object","properties":{
	  "default":{"type":"string","description":"d","enum":["a"]},
	  "conn":{"type":"object","default":{"auth":{"token":"x"}},"examples":[[{"k":"v"}]]}}}}`
	c, err := source.Parse([]byte(tool), "tool.json", "test", "test")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for s := range toolStrings(c.Tools[0]) {
		if s.IsKey {
			continue
		}
		keyword := ""
		if s.DataAt >= 0 {
			keyword = s.Path[s.DataAt]
		}
		got[s.Pointer()] = keyword
	}
	want := map[string]string{
		"/name":                                "",
		"/inputSchema/type":                    "",
		"/inputSchema/properties/default/type": "",
		"/inputSchema/properties/default/description":     "",
		"/inputSchema/properties/default/enum/0":          "enum",
		"/inputSchema/properties/conn/type":               "",
		"/inputSchema/properties/conn/default/auth/token": "default",
		"/inputSchema/properties/conn/examples/0/0/k":     "examples",
	}
	for ptr, kw := range want {
		if g, ok := got[ptr]; !ok || g != kw {
			t.Errorf("%s: data keyword %q (seen %v), want %q", ptr, g, ok, kw)
		}
	}
	if len(got) != len(want) {
		t.Errorf("strings %v, want %v", got, want)
	}
}
