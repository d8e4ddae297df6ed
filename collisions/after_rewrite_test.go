package collisions

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestAfterRewrite(t *testing.T) {
	// Names that differ only inside what gemini-cli cuts out (characters
	// 29-32) or beyond the 64 characters OpenAI-compatible clients keep.
	midAt := func(n, at int, c string) string {
		s := []byte(strings.Repeat("a", n))
		s[at] = c[0]
		return string(s)
	}
	mid := func(n int, c string) string { return midAt(n, 30, c) }
	bare := []Style{}
	tail := func(n int, c string) string { return strings.Repeat("a", n-1) + c }
	for _, tc := range []struct {
		name     string
		catalogs []*contract.Catalog
		styles   []Style
		want     []string
		message  string
	}{
		{"dot and underscore merge across servers", []*contract.Catalog{catalog(t, "a", "notion.search"), catalog(t, "b", "notion_search")}, nil,
			[]string{"b/notion_search <- a/notion.search"}, `becomes "notion_search" when OpenAI-compatible clients rewrite it`},
		{"and within one server", []*contract.Catalog{catalog(t, "a", "notion.search", "notion_search")}, nil,
			[]string{"a/notion_search <- a/notion.search"}, ""},
		{"a space becomes _ for gemini-cli", []*contract.Catalog{catalog(t, "a", "get file"), catalog(t, "b", "get_file")}, nil,
			[]string{"b/get_file <- a/get file"}, "when gemini-cli rewrites it"},
		{"63 characters: gemini-cli keeps them whole", []*contract.Catalog{catalog(t, "a", mid(63, "b"), mid(63, "c"))}, bare, nil, ""},
		{"64 characters: gemini-cli cuts the middle", []*contract.Catalog{catalog(t, "a", mid(64, "b"), mid(64, "c"))}, bare,
			[]string{"a/" + mid(64, "c") + " <- a/" + mid(64, "b")}, "gemini-cli"},
		{"64 characters differing last: kept apart", []*contract.Catalog{catalog(t, "a", tail(64, "b"), tail(64, "c"))}, bare, nil, ""},
		{"65 characters differing last: cut at 64", []*contract.Catalog{catalog(t, "a", tail(65, "b"), tail(65, "c"))}, bare,
			[]string{"a/" + tail(65, "c") + " <- a/" + tail(65, "b")}, "cut at 64"},
		{"agentgateway's {server}_{tool} is ambiguous", []*contract.Catalog{catalog(t, "a_b", "c"), catalog(t, "a", "b_c")}, []Style{AgentGateway},
			[]string{"a/b_c <- a_b/c"}, `becomes "a_b_c" under the prefix {server}_{tool} (agentgateway)`},
		{"mcp__{server}__{tool} keeps them apart", []*contract.Catalog{catalog(t, "a_b", "c"), catalog(t, "a", "b_c")}, []Style{ClaudeCode}, nil, ""},
		{"same name is duplicate-name's", []*contract.Catalog{catalog(t, "a", "get_file"), catalog(t, "b", "get_file")}, nil, nil, ""},
		// server__ puts tool character 22 at 30, inside what gemini-cli
		// would cut; but it sends the server__tool names it builds whole.
		{"gemini-cli rewrites bare names only", []*contract.Catalog{catalog(t, "server", midAt(60, 22, "b"), midAt(60, 22, "c"))}, []Style{GeminiCLI}, nil, ""},
		{"OpenAI-compatible clients cut prefixed names at 64", []*contract.Catalog{catalog(t, "server", tail(60, "b"), tail(60, "c"))}, []Style{ClaudeCode},
			[]string{"server/" + tail(60, "c") + " <- server/" + tail(60, "b")}, "under the prefix mcp__{server}__{tool} once OpenAI-compatible clients rewrite it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, fs := only(t, "collision/after-rewrite", tc.catalogs, Options{Styles: tc.styles, Providers: Providers})
			expect(t, got, tc.want...)
			if tc.message != "" && len(fs) > 0 && !strings.Contains(fs[0].Message, tc.message) {
				t.Errorf("message lacks %q: %s", tc.message, fs[0].Message)
			}
		})
	}
}

func TestRewrites(t *testing.T) {
	gem, oai := rewrites[0].apply, rewrites[1].apply
	long := "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-._"
	for _, tc := range []struct{ in, gemini, openai string }{
		{"list.issues", "list.issues", "list_issues"},
		{"a b:c/d", "a_b_c_d", "a_b_c_d"},
		{"héllo", "h_llo", "h_llo"},
		{long, long[:28] + "___" + long[len(long)-32:], long[:63] + "_"},
	} {
		if g := gem(tc.in); g != tc.gemini || len(g) > 63 {
			t.Errorf("gemini-cli(%q) = %q, want %q", tc.in, g, tc.gemini)
		}
		if o := oai(tc.in); o != tc.openai {
			t.Errorf("openai(%q) = %q, want %q", tc.in, o, tc.openai)
		}
	}
}
