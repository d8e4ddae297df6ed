package lint

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tiktoken-go/tokenizer/codec"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/o200k"
	"github.com/mcp-contract/mcp-contract/source"
)

func loadToolFiles(t testing.TB, files ...string) []*contract.Catalog {
	t.Helper()
	var out []*contract.Catalog
	for _, f := range files {
		cs, err := source.Load(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, cs...)
	}
	return out
}

// library is the tokenizer module our counts must equal; building its
// vocabulary map costs tens of milliseconds, so only tests pay it.
var library = sync.OnceValue(codec.NewO200kBase)

func TestTokenizerIsO200kBase(t *testing.T) {
	// OpenAI cookbook, "How to count tokens with tiktoken": o200k_base encodes
	// "tiktoken is great!" as [83, 8251, 2488, 382, 2212, 0].
	ids, _, err := library().Encode("tiktoken is great!")
	if err != nil || !slices.Equal(ids, []uint{83, 8251, 2488, 382, 2212, 0}) {
		t.Errorf("ids = %v (%v), want the cookbook's o200k_base ids", ids, err)
	}
}

func TestToolTokenCountSeesWhatClientsSend(t *testing.T) {
	// server-everything's echo tool (testdata/corpus/servers/npm-server-everything.json),
	// trimmed. Clients forward name, description and inputSchema; title,
	// annotations and outputSchema do not reach the model, so they cost nothing.
	const sent = `{"name":"echo","description":"Echoes back the input string","inputSchema":{"type":"object","properties":{"message":{"type":"string","description":"Message to echo"}},"required":["message"]}}`
	const withExtras = `{"name":"echo","title":"Echo Tool","description":"Echoes back the input string",
	  "inputSchema":{"type":"object",  "properties":{"message":{"type":"string","description":"Message to echo"}},"required":["message"]},
	  "outputSchema":{"type":"object","properties":{"echo":{"type":"string"}}},"annotations":{"readOnlyHint":true}}`
	count := func(doc string) int {
		c, err := source.Parse([]byte(doc), "tool.json", "test", "test")
		if err != nil {
			t.Fatal(err)
		}
		return ToolTokenCount(c.Tools[0])
	}
	want, _ := library().Count(sent)
	if got := count(sent); got != want || got == 0 {
		t.Errorf("tokens of the compact definition = %d, want %d (non-zero)", got, want)
	}
	if got := count(withExtras); got != want {
		t.Errorf("title, annotations, outputSchema or whitespace changed the count: %d, want %d", got, want)
	}
}

// TestCatalogTokensOnCorpus pins the tokens per corpus server (o200k_base,
// compact name+description+inputSchema) and checks the figures add up.
func TestCatalogTokensOnCorpus(t *testing.T) {
	want := map[string]int{
		"github-mcp-server":                           25101, // 117 tools
		"npm-archived-server-github":                  3546,  // 26 tools
		"npm-archived-server-gitlab":                  1194,  // 9 tools
		"npm-archived-server-slack":                   679,   // 8 tools
		"npm-browserbasehq-mcp-server-browserbase":    1054,  // 9 tools
		"npm-executeautomation-playwright-mcp-server": 2918,  // 33 tools
		"npm-figma-developer-mcp":                     899,   // 2 tools
		"npm-heroku-mcp-server":                       4737,  // 33 tools
		"npm-kazuph-mcp-fetch":                        1091,  // 1 tool
		"npm-mcp-server-sqlite-npx":                   319,   // 5 tools
		"npm-server-everything":                       1794,  // 19 tools
		"npm-server-filesystem":                       1664,  // 14 tools
		"npm-server-memory":                           900,   // 9 tools
		"npm-tavily-mcp":                              1651,  // 5 tools
		"npm-upstash-context7-mcp":                    983,   // 2 tools
		"npm-wonderwhy-er-desktop-commander":          10832, // 26 tools
	}
	count := CatalogTokens(loadToolFiles(t, serverCorpusFiles(t)...))
	if count.Encoding != "o200k_base" || len(count.Servers) != len(want) {
		t.Fatalf("encoding %q, %d servers, want o200k_base and %d", count.Encoding, len(count.Servers), len(want))
	}
	sum := 0
	for _, s := range count.Servers {
		if s.Tokens != want[s.Server] {
			t.Errorf("%s: %d tokens, want %d", s.Server, s.Tokens, want[s.Server])
		}
		toolSum := 0
		for _, tt := range s.Tools {
			toolSum += tt.Tokens
		}
		if toolSum != s.Tokens {
			t.Errorf("%s: tools add up to %d, server says %d", s.Server, toolSum, s.Tokens)
		}
		sum += s.Tokens
	}
	if sum != count.Total {
		t.Errorf("servers add up to %d, total says %d", sum, count.Total)
	}
	// github-mcp-server's projects_write, a consolidated method-switch tool,
	// is the most expensive tool of the corpus.
	top := count.Top(5)
	if len(top) != 5 || top[0] != (RankedTool{Server: "github-mcp-server", Tool: "projects_write", Tokens: 1567}) {
		t.Errorf("top 5 = %+v", top)
	}
	for i := 1; i < len(top); i++ {
		if top[i].Tokens > top[i-1].Tokens {
			t.Errorf("top 5 not in descending order: %+v", top)
		}
	}
}

// Top(n) holds n tools, and is the first n of the whole ranking, ties and
// all.
func TestTopIsTheHeadOfTheRanking(t *testing.T) {
	count := TokenCount{Servers: []ServerTokens{
		{Server: "b", Tools: []ToolTokens{{Tool: "x", Tokens: 5}, {Tool: "a", Tokens: 5}, {Tool: "y", Tokens: 9}, {Tool: "z", Tokens: 1}}},
		{Server: "a", Tools: []ToolTokens{{Tool: "x", Tokens: 5}, {Tool: "q", Tokens: 9}, {Tool: "x", Tokens: 5}}},
	}}
	all := count.Top(-1)
	want := "a/q 9, b/y 9, a/x 5, a/x 5, b/a 5, b/x 5, b/z 1"
	var got []string
	for _, r := range all {
		got = append(got, fmt.Sprintf("%s/%s %d", r.Server, r.Tool, r.Tokens))
	}
	if strings.Join(got, ", ") != want {
		t.Fatalf("ranking %s, want %s", strings.Join(got, ", "), want)
	}
	for n := 0; n <= len(all)+1; n++ {
		if top := count.Top(n); !reflect.DeepEqual(top, all[:min(n, len(all))]) && !(n == 0 && len(top) == 0) {
			t.Errorf("Top(%d) = %+v, want %+v", n, top, all[:min(n, len(all))])
		}
	}
}

// BenchmarkCatalogTokens counts the whole corpus (16 servers, 318 tools,
// 474 KB of JSON) per iteration; the vocabulary is indexed before the timer.
func BenchmarkCatalogTokens(b *testing.B) {
	files, _ := filepath.Glob("../testdata/corpus/servers/*.json")
	catalogs := loadToolFiles(b, files...)
	o200k.Count("x")
	for b.Loop() {
		CatalogTokens(catalogs)
	}
}

// Our counter (internal/o200k: a hand-written pre-tokenizer and an embedded
// vocabulary) gives exactly the library's count on every real tool and on
// text built to stress the pre-tokenizer's boundaries.
func TestCountIsTheLibrarys(t *testing.T) {
	files, _ := filepath.Glob("../testdata/corpus/servers/*.json")
	banking, _ := filepath.Glob("../examples/banking/*.json")
	tools := 0
	for _, cat := range loadToolFiles(t, append(files, banking...)...) {
		for _, tool := range cat.Tools {
			var def bytes.Buffer
			sentDefinition(tool, &def)
			whole, _ := library().Count(def.String())
			if got := ToolTokenCount(tool); got != whole {
				t.Errorf("%s/%s: %d tokens, library %d", cat.Server, tool.Name, got, whole)
			}
			tools++
		}
	}
	if tools < 300 {
		t.Fatalf("only %d tools checked", tools)
	}
	for _, text := range []string{
		`{"a":"b"}`, `ab,"c`, `it's","d`, `x'"s`, `12,"x`, `don't ("say") it`, ` ","k`, "\n\",\"k",
		`"é","ü"`, `"$schema":"x"`, `a.b"c`, `a/"/b`, "\t\"}k", `"a",` + "\u0301" + `"b"`, `::'ll`,
	} {
		whole, _ := library().Count(text)
		if got := o200k.Count(text); got != whole {
			t.Errorf("%q: %d tokens, library %d", text, got, whole)
		}
	}
}

func FuzzCount(f *testing.F) {
	for _, seed := range []string{`{"name":"a_b","description":"Don't \"x\"."}`, `"'s`, `a,"b`, "é\"\"b"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		whole, _ := library().Count(text)
		if got := o200k.Count(text); got != whole {
			t.Fatalf("%q: %d tokens, library %d", text, got, whole)
		}
	})
}
