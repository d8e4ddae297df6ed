package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// schemaOnEvery is what the TypeScript SDK produces: "$schema" on every
// tool, one identical Gemini finding per tool.
func schemaOnEvery(server string, tools ...string) []contract.Finding {
	var out []contract.Finding
	for i, tool := range tools {
		out = append(out, contract.Finding{Rule: "gemini/unsupported-keyword", Severity: contract.Error, Category: contract.CategoryLint,
			Server: server, Tool: tool, Pointer: "/inputSchema/$schema", File: server + ".json", Line: 8 + 20*i, Column: 20,
			Message: `keyword "$schema" is not supported`, Fix: "run `mcp-contract sanitize --profile gemini`"})
	}
	return out
}

func render(t *testing.T, r *contract.Result, opts TextOptions) string {
	t.Helper()
	var out bytes.Buffer
	if err := Text(&out, r, opts); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestTextSaysAFactOnceWithTheToolsItHits(t *testing.T) {
	tools := []string{"echo", "get-env", "get-sum", "get-tiny-image", "longRunningOperation", "printEnv", "sampleLLM"}
	r := &contract.Result{
		Servers:  []contract.ServerInfo{{Name: "everything", Origin: "file:everything.json", Tools: 7}},
		Findings: schemaOnEvery("everything", tools...),
	}
	want := `everything (file:everything.json, 7 tools)
  error   gemini/unsupported-keyword  keyword "$schema" is not supported
          at /inputSchema/$schema in 7 tools: echo, get-env, get-sum, get-tiny-image, longRunningOperation +2 more
          fix: run ` + "`mcp-contract sanitize --profile gemini`" + `

7 findings said as 1 fact; --expand lists every place.
7 errors, 0 warnings, 0 info in 1 server, 7 tools — 7 findings at or above --fail-on error
`
	if got := render(t, r, TextOptions{FailOn: contract.Error}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}

	expanded := render(t, r, TextOptions{Expand: true})
	for i, tool := range tools {
		place := fmt.Sprintf("everything.json:%d:20 %s /inputSchema/$schema\n", 8+20*i, tool)
		if !strings.Contains(expanded, place) {
			t.Errorf("--expand lacks %q:\n%s", place, expanded)
		}
	}
	if n := strings.Count(expanded, "fix: "); n != 1 {
		t.Errorf("--expand states the fix %d times, want once:\n%s", n, expanded)
	}
	if strings.Contains(expanded, "--expand lists") {
		t.Errorf("--expand output still points at --expand:\n%s", expanded)
	}
}

// A fact in a few places lists them with positions; facts of one rule that
// share a fix state it once.
func TestTextListsFewPlacesAndSharesAFix(t *testing.T) {
	f := func(tool, pointer, msg string, line int) contract.Finding {
		return contract.Finding{Rule: "openai-strict/property-not-required", Severity: contract.Error, Category: contract.CategoryLint,
			Server: "gh", Tool: tool, Pointer: pointer, File: "gh.json", Line: line, Column: 22, Message: msg, Fix: "require every property"}
	}
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "gh", Origin: "file:gh.json", Tools: 1}},
		Findings: []contract.Finding{
			f("create_issue", "/inputSchema", "not in required: body", 884),
			f("create_issue", "/inputSchema/properties/meta", "not in required: labels", 890),
			f("submit_review", "/inputSchema", "not in required: body", 5186),
		},
	}
	want := `gh (file:gh.json, 1 tool)
  error   openai-strict/property-not-required  not in required: body
          gh.json:884:22 create_issue /inputSchema
          gh.json:5186:22 submit_review /inputSchema
          fix: require every property
  error   openai-strict/property-not-required  not in required: labels
          gh.json:890:22 create_issue /inputSchema/properties/meta

3 findings said as 2 facts; --expand lists every place.
3 errors, 0 warnings, 0 info in 1 server, 1 tool
`
	if got := render(t, r, TextOptions{}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestTextStatistics(t *testing.T) {
	findings := schemaOnEvery("a", "t1", "t2", "t3")
	findings = append(findings, schemaOnEvery("b", "t1")...)
	findings = append(findings, contract.Finding{Rule: "docs/prose-only-constraint", Severity: contract.Warning, Server: "b", Tool: "t1", Message: "m"},
		contract.Finding{Rule: "mcp/missing-description", Severity: contract.Info, Server: "b", Tool: "t1", Message: "m"})
	r := &contract.Result{Servers: []contract.ServerInfo{{Name: "a"}, {Name: "b"}}, Findings: findings}
	// Rule ids of different lengths: the last column stays aligned.
	table := `Findings per rule:
  4 error   gemini/unsupported-keyword  4 tools on 2 servers
  1 warning docs/prose-only-constraint  1 tool on 1 server
  1 info    mcp/missing-description     1 tool on 1 server
`
	if got := render(t, r, TextOptions{Statistics: true}); !strings.Contains(got, table) {
		t.Errorf("no per-rule table in\n%s\nwant\n%s", got, table)
	}
	if got := render(t, r, TextOptions{}); strings.Contains(got, "Findings per rule") {
		t.Errorf("table printed without Statistics:\n%s", got)
	}
}

// check reports lint and drift apart, each with its totals, and the last
// line carries the number of breaking changes.
func TestTextSections(t *testing.T) {
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "gh", Origin: "stdio:github-mcp-server", Tools: 2}},
		Findings: append(schemaOnEvery("gh", "a"),
			contract.Finding{Rule: "drift/tool-removed", Severity: contract.Error, Category: contract.CategoryDrift, Change: contract.ChangeBreaking,
				Server: "gh", Tool: "b", Message: `tool "b" was removed`, Fix: "keep it"},
			contract.Finding{Rule: "drift/description-changed", Severity: contract.Warning, Category: contract.CategoryDrift, Change: contract.ChangeNonBreaking,
				Server: "gh", Tool: "a", Pointer: "/description", Message: "tool description changed"},
		),
	}
	want := `LINT

gh (stdio:github-mcp-server, 2 tools)
  error   gemini/unsupported-keyword  keyword "$schema" is not supported
          gh.json:8:20 a /inputSchema/$schema
          fix: run ` + "`mcp-contract sanitize --profile gemini`" + `

Lint: 1 error, 0 warnings, 0 info

DRIFT

gh (stdio:github-mcp-server, 2 tools)
  error   drift/tool-removed  tool "b" was removed
          b
          fix: keep it
  warning drift/description-changed  tool description changed
          a /description

Drift: 1 error, 1 warning, 0 info, 1 breaking change

2 errors, 1 warning, 0 info in 1 server, 2 tools; 1 breaking change — 2 findings at or above --fail-on error
`
	if got := render(t, r, TextOptions{Sections: true, FailOn: contract.Error}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Messages, names, pointers and fixes quote server text: escapes, line
// breaks or bidi overrides must not repaint the terminal, reorder what a
// reviewer reads, or forge report lines.
func TestTextNeutralisesServerText(t *testing.T) {
	hostile := "now \x1b[2Jsays\nerror   fake/rule  forged\r\u202e"
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "s" + hostile, Origin: "stdio:x" + hostile, Tools: 1, Error: "died" + hostile}},
		Findings: []contract.Finding{
			{Rule: "drift/description-changed", Severity: contract.Warning, Server: "s" + hostile, Tool: "t" + hostile, Pointer: "/p" + hostile, File: "f" + hostile, Message: hostile, Fix: hostile},
			{Rule: "drift/description-changed", Severity: contract.Warning, Server: "s" + hostile, Tool: "u" + hostile, Pointer: "/p" + hostile, File: "f" + hostile, Message: hostile, Fix: hostile},
		},
	}
	for _, opts := range []TextOptions{{}, {Expand: true, Statistics: true, Sections: true}} {
		out := render(t, r, opts)
		if strings.ContainsAny(out, "\x1b\r\u202e") || strings.Contains(out, "\nerror   fake/rule") {
			t.Errorf("server text reached the terminal raw:\n%q", out)
		}
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
	want := `b (file:b.json, 1 tool)
  error   collision/duplicate-name  clash
          b.json:3:13 get_file /name
          also: a.json:7:13 a/get_file /name
          also: c [2J/get_file

1 error, 0 warnings, 0 info in 2 servers, 2 tools
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestTextGroupsClashesAndSessionFindings(t *testing.T) {
	clash := func(tool string, line int) contract.Finding {
		return contract.Finding{Rule: "collision/duplicate-name", Severity: contract.Error, Category: contract.CategoryCollision,
			Server: "b", Tool: tool, Pointer: "/name", File: "b.json", Line: line, Column: 12, Message: "tool " + tool + " is also published by a",
			Fix:     `rename the clashing tools of server "b" with the prefix "b_"`,
			Related: []contract.Location{{Server: "a", Tool: tool, Pointer: "/name", File: "a.json", Line: line, Column: 12}}}
	}
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "a", Tools: 4}, {Name: "b", Tools: 4}},
		Findings: []contract.Finding{clash("w", 2), clash("x", 3), clash("y", 4), clash("z", 5),
			{Rule: "budget/tool-count", Severity: contract.Warning, Category: contract.CategoryLint, Message: "the 2 servers loaded together expose 8 tools"}},
	}
	for _, tc := range []struct {
		name   string
		expand bool
		want   string
	}{
		{"grouped", false, "b\n" +
			"  error   collision/duplicate-name  4 tool names of server \"b\" are also published by server \"a\"\n" +
			"          at /name in 4 tools: w, x, y, z\n" +
			"          fix: rename the clashing tools of server \"b\" with the prefix \"b_\"\n\n" +
			"All servers together\n" +
			"  warning budget/tool-count  the 2 servers loaded together expose 8 tools\n\n"},
		{"expanded", true, "b\n" +
			"  error   collision/duplicate-name  4 tool names of server \"b\" are also published by server \"a\"\n" +
			"          b.json:2:12 w /name\n          also: a.json:2:12 a/w /name\n" +
			"          b.json:3:12 x /name\n          also: a.json:3:12 a/x /name\n" +
			"          b.json:4:12 y /name\n          also: a.json:4:12 a/y /name\n" +
			"          b.json:5:12 z /name\n          also: a.json:5:12 a/z /name\n" +
			"          fix: rename the clashing tools of server \"b\" with the prefix \"b_\"\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			if err := Text(&out, r, TextOptions{Expand: tc.expand}); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(out.String(), tc.want) {
				t.Errorf("got\n%s\nwant it to start with\n%s", out.String(), tc.want)
			}
		})
	}
}

func TestFoldedTextCannotEndItsGroup(t *testing.T) {
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "::endgroup::", Tools: 1}, {Name: "\u00a0::error::x", Tools: 1}},
		Findings: []contract.Finding{{Rule: "docs/x", Severity: contract.Warning, Category: contract.CategoryLint, Server: "::endgroup::",
			Tool: "t", Message: "a\n::endgroup::\n::error::forged", Fix: "\n::endgroup::"},
			{Rule: "docs/y", Severity: contract.Warning, Category: contract.CategoryLint, Server: "\u00a0::error::x", Tool: "::endgroup::", Message: "m"}},
	}
	var out strings.Builder
	if err := FoldedText(&out, "mcp-contract report", r, TextOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if lines[0] != "::group::mcp-contract report" || lines[len(lines)-1] != "::endgroup::" {
		t.Fatalf("not one folded group:\n%s", out.String())
	}
	for _, l := range lines[1 : len(lines)-1] {
		// The runner trims leading white space before it looks for "::".
		if strings.HasPrefix(strings.TrimLeft(l, " \t\u00a0\u2003"), "::") {
			t.Errorf("line %q inside the group is a workflow command", l)
		}
	}
}

// Against a base, the text report ends by saying what this change broke,
// breaking changes first, with the old debt counted apart.
func TestTextSaysWhatTheChangeBroke(t *testing.T) {
	yes, no := true, false
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "memory", Tools: 9}},
		Findings: []contract.Finding{
			{Rule: "drift/input-required-property-added", Severity: contract.Error, Category: contract.CategoryDrift, Change: contract.ChangeBreaking, Server: "memory", Tool: "create_entities", Message: "m", New: &yes},
			{Rule: "openai-strict/additional-properties-not-false", Severity: contract.Error, Category: contract.CategoryLint, Server: "memory", Tool: "read_graph", Message: "m", New: &no},
			{Rule: "openai-strict/additional-properties-not-false", Severity: contract.Error, Category: contract.CategoryLint, Server: "memory", Tool: "open_nodes", Message: "m", New: &no},
		},
	}
	var out bytes.Buffer
	if err := Text(&out, r, TextOptions{FailOn: contract.Error, Sections: true}); err != nil {
		t.Fatal(err)
	}
	// What does not fail the run is said as such, and the debt is not
	// counted as "at or above --fail-on" on a run compared with its base.
	want := "Fails for: 1 breaking change in memory; does not fail for: 2 existing findings not new since the base\n"
	if !strings.HasSuffix(out.String(), want) || strings.Contains(out.String(), "at or above") {
		t.Errorf("the report ends\n%s\nwant it to end with\n%s", out.String(), want)
	}
	// With the allow-breaking label the break is allowed, not a reason.
	out.Reset()
	if err := Text(&out, r, TextOptions{FailOn: contract.Error, Sections: true, AllowedBy: "mcp-contract:breaking-ok"}); err != nil {
		t.Fatal(err)
	}
	if want := "Allowed: 1 breaking change in memory, by the label \"mcp-contract:breaking-ok\"; 2 existing findings not new since the base\n"; !strings.HasSuffix(out.String(), want) || strings.Contains(out.String(), "Fails for") {
		t.Errorf("the report ends\n%s\nwant it to end with\n%s", out.String(), want)
	}
	r.Findings = r.Findings[1:]
	out.Reset()
	if err := Text(&out, r, TextOptions{FailOn: contract.Error, Sections: true}); err != nil {
		t.Fatal(err)
	}
	if want := "Nothing new fails the run; 2 existing findings not new since the base\n"; !strings.HasSuffix(out.String(), want) || strings.Contains(out.String(), "at or above") {
		t.Errorf("the report ends\n%s\nwant it to end with\n%s", out.String(), want)
	}
}
