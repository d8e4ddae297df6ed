package collisions

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestPrefixedNameInvalid(t *testing.T) {
	custom, err := ParseStyle("{server}/{tool}")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		server    string
		tools     []string
		styles    []Style
		providers []Provider
		want      []string // message parts; nil: no finding
		fix       string
	}{
		{"a dot in the server name breaks OpenAI and Anthropic, once per server", "aws.docs", []string{"search", "read"}, DefaultStyles, Providers,
			[]string{"invalid for 2 of its tools", `Claude Code builds "mcp__aws.docs__search", which OpenAI and Anthropic refuse ("." is outside a-z A-Z 0-9 _ -)`, `agentgateway builds "aws.docs_search"`}, `rename the server to "aws_docs"`},
		{"Gemini allows dots", "aws.docs", []string{"search"}, DefaultStyles, []Provider{Gemini}, nil, ""},
		{"a leading digit breaks Gemini under {server}__{tool}", "1password", []string{"get_item"}, []Style{GeminiCLI}, []Provider{Gemini},
			[]string{`"1password__get_item", which Gemini refuses (it must start with a letter or _`}, `rename the server to "t_1password"`},
		{"mcp__ puts a letter first", "1password", []string{"get_item"}, []Style{ClaudeCode}, []Provider{Gemini}, nil, ""},
		{"a tool that breaks the rule on its own is lint's", "srv", []string{"admin.tools.list"}, DefaultStyles, Providers, nil, ""},
		{"a space in the server name", "Google Sheets", []string{"read"}, []Style{ClaudeCode}, []Provider{Anthropic},
			[]string{`"mcp__Google Sheets__read", which Anthropic refuses (" " is outside a-z A-Z 0-9 _ -)`}, `"Google_Sheets"`},
		{"a style no server name can satisfy", "srv", []string{"read"}, []Style{custom}, []Provider{OpenAI},
			[]string{`"srv/read", which OpenAI refuses`}, `drop the prefix style "{server}/{tool}"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, fs := only(t, "collision/prefixed-name-invalid", []*contract.Catalog{catalog(t, tc.server, tc.tools...)},
				Options{Styles: tc.styles, Providers: tc.providers})
			if tc.want == nil {
				expect(t, got)
				return
			}
			expect(t, got, tc.server+"/")
			f := fs[0]
			for _, w := range tc.want {
				if !strings.Contains(f.Message, w) {
					t.Errorf("message lacks %q:\n%s", w, f.Message)
				}
			}
			if !strings.Contains(f.Fix, tc.fix) {
				t.Errorf("fix lacks %q: %s", tc.fix, f.Fix)
			}
			if f.Line != 2 {
				t.Errorf("want the first affected tool's line, got %d", f.Line)
			}
		})
	}
}

func TestParseStyle(t *testing.T) {
	for in, want := range map[string]string{
		"claude-code": "mcp__{server}__{tool}", "gemini-cli": "{server}__{tool}", "agentgateway": "{server}_{tool}",
		"{server}_{tool}": "{server}_{tool}", "{tool}@{server}": "{tool}@{server}",
	} {
		st, err := ParseStyle(in)
		if err != nil || st.Template != want {
			t.Errorf("%s: %+v %v", in, st, err)
		}
	}
	if st, _ := ParseStyle("{tool}@{server}"); st.Build("s", "t") != "t@s" {
		t.Errorf("tool-first template builds %q", st.Build("s", "t"))
	}
	for _, bad := range []string{"", "mcp", "{server}", "{tool}{tool}{server}"} {
		if _, err := ParseStyle(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}
