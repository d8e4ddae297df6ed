package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestTextGroupsANodeAndNamesWhatItBreaks(t *testing.T) {
	node := func(rule string, sev contract.Severity) contract.Finding {
		return contract.Finding{Rule: rule, Severity: sev, Server: "gh", Tool: "issue_write", Pointer: "/inputSchema/properties/type",
			File: "gh.json", Line: 12, Column: 7, Message: rule + " says no"}
	}
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "gh", Origin: "file:gh.json", Tools: 3}},
		Findings: []contract.Finding{
			node("gemini/anyof-with-siblings", contract.Error),
			node("openai-strict/unsupported-keyword", contract.Error),
			node("docs/prose-only-constraint", contract.Warning),
		},
	}
	var out bytes.Buffer
	if err := Text(&out, r, TextOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	want := `gh (file:gh.json, 3 tools)
  issue_write
    gh.json:12:7 /inputSchema/properties/type
      error   gemini/anyof-with-siblings  gemini/anyof-with-siblings says no
      error   openai-strict/unsupported-keyword  openai-strict/unsupported-keyword says no
      warning docs/prose-only-constraint  docs/prose-only-constraint says no
      breaks: gemini, openai-strict

2 errors, 1 warning, 0 info in 1 server, 3 tools — 2 findings at or above --fail-on error
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// Messages quote server text: a description with terminal escapes or line
// breaks must not repaint the terminal or forge report lines.
func TestTextNeutralisesServerText(t *testing.T) {
	r := &contract.Result{
		Servers:  []contract.ServerInfo{{Name: "s", Origin: "stdio:x", Tools: 1}},
		Findings: []contract.Finding{{Rule: "drift/description-changed", Severity: contract.Warning, Server: "s", Tool: "t", Message: "now \x1b[2Jsays\nerror   fake/rule  forged\r"}},
	}
	var out bytes.Buffer
	Text(&out, r, TextOptions{})
	if strings.ContainsAny(out.String(), "\x1b\r") || strings.Contains(out.String(), "\nerror   fake/rule") {
		t.Errorf("server text reached the terminal raw:\n%q", out.String())
	}
}

func TestTextColourOnlyWhenAsked(t *testing.T) {
	r := &contract.Result{Findings: []contract.Finding{{Rule: "mcp/x", Severity: contract.Error, Server: "s", Message: "m"}}}
	var plain, colour bytes.Buffer
	Text(&plain, r, TextOptions{})
	Text(&colour, r, TextOptions{Color: true})
	if strings.Contains(plain.String(), "\x1b[") || !strings.Contains(colour.String(), "\x1b[31;1m") {
		t.Errorf("plain %q, colour %q", plain.String(), colour.String())
	}
}

// A collision is shown once, on one side, with the other side's place.
func TestTextShowsACollisionOnceWithBothSides(t *testing.T) {
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "a", Origin: "file:a.json", Tools: 1}, {Name: "b", Origin: "file:b.json", Tools: 1}},
		Findings: []contract.Finding{{Rule: "collision/duplicate-name", Severity: contract.Error, Category: contract.CategoryCollision,
			Server: "b", Tool: "get_file", Pointer: "/name", File: "b.json", Line: 3, Column: 13, Message: "clash",
			Related: []contract.Location{{Server: "a", Tool: "get_file", Pointer: "/name", File: "a.json", Line: 7, Column: 13}, {Server: "c\x1b[2J", Tool: "get_file"}}}},
	}
	var out bytes.Buffer
	if err := Text(&out, r, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `b (file:b.json, 1 tools)
  get_file
    b.json:3:13 /name
      error   collision/duplicate-name  clash
              also: a/get_file a.json:7:13
              also: c [2J/get_file

1 error, 0 warnings, 0 info in 2 servers, 2 tools
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
