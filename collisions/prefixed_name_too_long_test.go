package collisions

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// Names at the exact limits once prefixed, under each style on its own.
func TestPrefixedNameTooLong(t *testing.T) {
	for _, st := range DefaultStyles {
		for _, tc := range []struct {
			prefixed  int
			providers []Provider
			over      []string // providers named in the message; none: no finding
		}{
			{63, Providers, nil},
			{63, []Provider{Gemini}, nil},
			// Gemini at 63, as gemini/tool-name-invalid: FunctionResponse.name allows 63.
			{64, Providers, []string{"Gemini's 63"}},
			{64, []Provider{OpenAI}, nil},
			{65, Providers, []string{"OpenAI's 64", "Gemini's 63"}},
			// A tool name over 64 on its own is openai/ and gemini/tool-name-invalid's.
			{128, Providers, nil},
			{129, Providers, []string{"Anthropic's 128"}},
			{128, []Provider{Anthropic}, nil},
			{129, []Provider{Anthropic}, []string{"Anthropic's 128"}},
			{64, []Provider{Gemini}, []string{"Gemini's 63"}},
			{65, nil, nil},
		} {
			t.Run(fmt.Sprintf("%s/%d/%d-providers", st.Name, tc.prefixed, len(tc.providers)), func(t *testing.T) {
				tool := name(tc.prefixed - st.overhead("srv"))
				if built := st.Build("srv", tool); len(built) != tc.prefixed {
					t.Fatalf("fixture: %q is %d long", built, len(built))
				}
				got, fs := only(t, "collision/prefixed-name-too-long", []*contract.Catalog{catalog(t, "srv", "ok", tool)},
					Options{Styles: []Style{st}, Providers: tc.providers})
				if tc.over == nil {
					expect(t, got)
					return
				}
				expect(t, got, "srv/"+tool)
				for _, want := range tc.over {
					if !strings.Contains(fs[0].Message, want) {
						t.Errorf("message lacks %q: %s", want, fs[0].Message)
					}
				}
				if strings.Count(fs[0].Message, "'s ") != len(tc.over) {
					t.Errorf("message names other providers: %s", fs[0].Message)
				}
			})
		}
	}
}

func TestPrefixedNameTooLongLeavesLongNamesToLint(t *testing.T) {
	// 65 characters on its own: openai/tool-name-invalid and
	// gemini/tool-name-invalid report it, prefixed or not.
	got, _ := only(t, "collision/prefixed-name-too-long", []*contract.Catalog{catalog(t, "srv", name(65))},
		Options{Providers: []Provider{OpenAI, Gemini}})
	expect(t, got)
}

func TestPrefixedNameTooLongFix(t *testing.T) {
	tool := "list_repository_security_advisories_for_the_organisation"
	_, fs := only(t, "collision/prefixed-name-too-long", []*contract.Catalog{catalog(t, "github", tool)}, Options{Providers: Providers})
	if len(fs) != 1 {
		t.Fatalf("want one finding, got %d", len(fs))
	}
	// mcp__github__ (13) is the longest prefix: Gemini's 63-13 = 50 characters remain.
	want := "at most 50 characters, e.g. \"" + tool[:50] + "\""
	if !strings.Contains(fs[0].Fix, want) {
		t.Errorf("fix %q lacks %q", fs[0].Fix, want)
	}
	for _, st := range DefaultStyles {
		if b := st.Build("github", tool[:50]); len(b) > 63 {
			t.Errorf("the proposal is still too long under %s: %s", st.Name, b)
		}
	}
	_, fs = only(t, "collision/prefixed-name-too-long", []*contract.Catalog{catalog(t, strings.Repeat("s", 60), "get")}, Options{Providers: Providers})
	if len(fs) != 1 || !strings.Contains(fs[0].Fix, "shorten the server name") {
		t.Errorf("a server name that leaves no room: %+v", fs)
	}
}
