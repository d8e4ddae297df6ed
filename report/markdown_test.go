package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

func TestMarkdownVerdictTableAndGroups(t *testing.T) {
	same := func(tool string) contract.Finding {
		return contract.Finding{Rule: "openai-strict/property-not-required", Severity: contract.Error, Category: contract.CategoryLint, Server: "gh", Tool: tool,
			Message: "property is not in required", File: "gh.json", Line: 3, Column: 1}
	}
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "gh", Tools: 3, Tokens: 1200}},
		Findings: []contract.Finding{
			same("a"), same("b"),
			{Rule: "drift/required-added", Severity: contract.Error, Category: contract.CategoryDrift, Server: "gh", Tool: "c", Change: contract.ChangeBreaking,
				Message: "x is now required", File: "gh.json", Line: 9, Column: 5},
			{Rule: "docs/missing-description", Severity: contract.Warning, Category: contract.CategoryLint, Server: "gh", Tool: "a", Message: "no description"},
		},
	}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	want := "❌ **mcp-contract**: 1 breaking change in gh, 2 lint errors; 1 lint warning (1 server, 3 tools, fail-on error)\n\n" +
		"| server | tools | errors | warnings | breaking | tokens |\n|---|--:|--:|--:|--:|--:|\n" +
		"| gh | 3 | 3 | 1 | 1 | 1200 |\n\n" +
		"### Breaking changes (1)\n\n" +
		"- 🔴 **breaking** `gh/c`: x is now required (`drift/required-added`) at `gh.json:9:5`\n\n" +
		"### Findings (3)\n\n" +
		"- 🔴 **error** `openai-strict/property-not-required` property is not in required — gh: `a`, `b`\n" +
		"- 🟡 **warning** `docs/missing-description` no description — gh: `a`\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestMarkdownNamesBothSidesOfACollision(t *testing.T) {
	r := &contract.Result{Findings: []contract.Finding{{Rule: "collision/duplicate-name", Severity: contract.Error, Category: contract.CategoryCollision, Server: "b", Tool: "get",
		File: "b.json", Line: 3, Column: 12, Message: "clash", Related: []contract.Location{{Server: "a", Tool: "get", File: "a.json", Line: 9, Column: 12}, {Server: "live", Tool: "get"}}}}}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	want := "- 🔴 **error** `collision/duplicate-name` clash — b: `get` at `b.json:3:12`; also `a/get` at `a.json:9:12`; also `live/get`\n"
	if !strings.HasSuffix(out.String(), want) {
		t.Errorf("got\n%s\nwant it to end with\n%s", out.String(), want)
	}
}

func TestMarkdownServerTextIsInert(t *testing.T) {
	secret := "tok-123456"
	r := &contract.Result{Findings: []contract.Finding{{
		Rule: "security/x", Severity: contract.Warning, Server: "s", Tool: "t`|<img>",
		Message: "hi @octocat <script>alert(1)</script> [link](http://x) | col\n## heading " + secret,
	}}}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error, Masker: safetext.NewMasker(secret)}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, bad := range []string{"@octocat", "<script>", "[link](", "\n## heading", secret, " | col"} {
		if strings.Contains(s, bad) {
			t.Errorf("%q survived:\n%s", bad, s)
		}
	}
	// A tool name shows verbatim in a code span, where nothing renders.
	if !strings.Contains(s, "— s: `t'|<img>`") {
		t.Errorf("tool name not in one code span:\n%s", s)
	}
}

func TestMarkdownFoldsAndFitsTheLimit(t *testing.T) {
	r := manyFindings(t)
	var full bytes.Buffer
	if err := Markdown(&full, r, MarkdownOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(full.String(), "<details><summary>") {
		t.Error("no <details> past the first groups")
	}
	for _, limit := range []int{2000, MaxCommentBytes} {
		var out bytes.Buffer
		if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error, MaxBytes: limit, RunURL: "https://github.com/o/r/actions/runs/1"}); err != nil {
			t.Fatal(err)
		}
		s := out.String()
		if len(s) > limit {
			t.Errorf("%d bytes over the %d limit", len(s), limit)
		}
		if full.Len() > limit && !strings.Contains(s, "[the run](https://github.com/o/r/actions/runs/1)") {
			t.Errorf("cut at %d without a note", limit)
		}
		if strings.Count(s, "<details>") != strings.Count(s, "</details>") {
			t.Errorf("unbalanced <details> at %d", limit)
		}
	}
	t.Logf("full markdown for %d findings: %d bytes", len(r.Findings), full.Len())
}

// A pull request's report leads with what the pull request changed: its
// breaking changes, stale snapshots and new findings, then the findings
// about all servers together, the collisions, and the inherited debt
// folded last.
func TestMarkdownPullRequestSections(t *testing.T) {
	yes, no := true, false
	lint := func(server, tool, rule string, sev contract.Severity, isNew *bool) contract.Finding {
		return contract.Finding{Rule: rule, Severity: sev, Category: contract.CategoryLint, Server: server, Tool: tool,
			Message: "m " + rule, New: isNew, File: "mcp-snapshots/" + server + ".json", Line: 4, Column: 3}
	}
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "memory", Tools: 9}, {Name: "weather", Tools: 2}},
		Findings: []contract.Finding{
			lint("memory", "a", "docs/old", contract.Error, &no),
			lint("memory", "b", "docs/old", contract.Error, &no),
			lint("weather", "w", "docs/new", contract.Error, &yes),
			lint("weather", "w", "docs/new-warning", contract.Warning, &yes),
			{Rule: "drift/input-required-property-added", Severity: contract.Error, Category: contract.CategoryDrift, Change: contract.ChangeBreaking,
				Server: "memory", Tool: "create", Pointer: "/inputSchema/required", Message: "x is now required", File: "mcp-snapshots/memory.json", Line: 12, Column: 5},
			{Rule: SnapshotStaleRule, Severity: contract.Error, Category: contract.CategoryDrift, Server: "weather",
				Message: "the snapshot differs in 1 tool: w", Fix: "run `mcp-contract snapshot --server weather`", File: "mcp-snapshots/weather.json"},
			{Rule: "budget/tool-count", Severity: contract.Warning, Category: contract.CategoryLint, Message: "11 tools", New: &yes},
			{Rule: "collision/duplicate-name", Severity: contract.Error, Category: contract.CategoryCollision, Server: "weather", Tool: "get", New: &yes,
				Message: "clash", Related: []contract.Location{{Server: "memory", Tool: "get"}}},
		},
	}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error, Blob: "https://github.com/o/r/blob/0123abc"}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	verdict := "❌ **mcp-contract**: This pull request breaks 1 tool of memory: `create` (x is now required); 1 stale snapshot (weather), 1 new lint error, 1 new collision error; " +
		"2 new lint warnings, 2 existing findings not from this pull request (2 servers, 11 tools, fail-on error)\n"
	if !strings.HasPrefix(s, verdict) {
		t.Errorf("verdict:\n%s\nwant\n%s", s[:strings.IndexByte(s, '\n')+1], verdict)
	}
	var order []int
	for _, h := range []string{"### Breaking changes (1)", "### Snapshot freshness (1)", "### New findings (2)",
		"### All servers together (1)", "### Collisions (1)", "<details><summary>2 existing findings not from this pull request</summary>"} {
		i := strings.Index(s, h)
		if i < 0 {
			t.Fatalf("no %q in\n%s", h, s)
		}
		order = append(order, i)
	}
	for i := 1; i < len(order); i++ {
		if order[i] < order[i-1] {
			t.Errorf("sections out of order:\n%s", s)
		}
	}
	for _, want := range []string{
		"`memory/create`: x is now required (`drift/input-required-property-added`) at [`mcp-snapshots/memory.json:12:5`](https://github.com/o/r/blob/0123abc/mcp-snapshots/memory.json#L12)",
		"<br>Fix: run `mcp-contract snapshot --server weather`\n",
		"- ⚪ **error** `docs/old` m docs/old — memory: `a`, `b`\n\n</details>\n",
	} {
		if !strings.Contains(s, strings.Replace(want, "gh:", "memory:", 1)) {
			t.Errorf("missing %q in\n%s", want, s)
		}
	}
	if strings.Contains(s, "### Findings") {
		t.Errorf("a compared run says New findings:\n%s", s)
	}
}

func TestMarkdownGroupsACollisionBetweenTwoServers(t *testing.T) {
	clash := func(tool string, line int) contract.Finding {
		return contract.Finding{Rule: "collision/duplicate-name", Severity: contract.Error, Category: contract.CategoryCollision,
			Server: "everything-http", Tool: tool, File: "b.json", Line: line, Message: "tool " + tool + " is also published by everything",
			Fix:     `prefix the clashing tools of server "everything-http" with "everything-http_"`,
			Related: []contract.Location{{Server: "everything", Tool: tool, File: "a.json", Line: line}}}
	}
	var findings []contract.Finding
	for i, name := range []string{"echo", "add", "longRunningOperation"} {
		findings = append(findings, clash(name, i+2))
	}
	var out bytes.Buffer
	if err := Markdown(&out, &contract.Result{Findings: findings}, MarkdownOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	want := "### Collisions (3)\n\n" +
		"- 🔴 **error** `collision/duplicate-name` 3 tool names of server \"everything-http\" are also published by server \"everything\": `echo`, `add`, `longRunningOperation`" +
		"<br>Fix: prefix the clashing tools of server \"everything-http\" with \"everything-http\\_\"\n"
	if !strings.HasSuffix(out.String(), want) {
		t.Errorf("got\n%s\nwant it to end with\n%s", out.String(), want)
	}
}

func TestMarkdownVerdict(t *testing.T) {
	yes, no := true, false
	f := func(rule string, sev contract.Severity, cat, change string, isNew *bool) contract.Finding {
		return contract.Finding{Rule: rule, Severity: sev, Category: cat, Change: change, Server: "memory", Message: "m", New: isNew}
	}
	servers := []contract.ServerInfo{{Name: "memory", Tools: 9}}
	for _, tc := range []struct {
		name     string
		failOn   contract.Severity
		findings []contract.Finding
		down     bool
		want     string
	}{
		{"clean", contract.Error, nil, false, "✅ **mcp-contract**: no findings (1 server, 9 tools, fail-on error)"},
		{"warnings only", contract.Error, []contract.Finding{f("docs/x", contract.Warning, "lint", "", nil)}, false,
			"⚠️ **mcp-contract**: no finding fails the run; 1 lint warning (1 server, 9 tools, fail-on error)"},
		{"fail-on never", contract.Error + 1, []contract.Finding{f("docs/x", contract.Error, "lint", "", nil)}, false,
			"⚠️ **mcp-contract**: no finding fails the run; 1 lint error (1 server, 9 tools)"},
		{"the issue's example", contract.Error, []contract.Finding{
			f("drift/a", contract.Error, "drift", "breaking", nil), f("drift/b", contract.Error, "drift", "breaking", nil),
			f("drift/c", contract.Error, "drift", "breaking", nil), f("docs/new", contract.Error, "lint", "", &yes),
			f("docs/new", contract.Error, "lint", "", &yes), f("docs/old", contract.Error, "lint", "", &no)}, false,
			"❌ **mcp-contract**: This pull request breaks server memory: m; 2 new lint errors; 1 existing finding not from this pull request (1 server, 9 tools, fail-on error)"},
		{"existing debt alone passes", contract.Error, []contract.Finding{f("docs/old", contract.Error, "lint", "", &no)}, false,
			"✅ **mcp-contract**: This pull request breaks no tool and adds no finding; 1 existing finding not from this pull request (1 server, 9 tools, fail-on error)"},
		{"a breaking warning below fail-on is named, not failing", contract.Error, []contract.Finding{f("drift/a", contract.Warning, "drift", "breaking", nil)}, false,
			"⚠️ **mcp-contract**: 1 breaking change in memory (1 server, 9 tools, fail-on error)"},
		{"stale snapshot", contract.Error, []contract.Finding{f(SnapshotStaleRule, contract.Error, "drift", "", nil)}, false,
			"❌ **mcp-contract**: 1 stale snapshot (memory) (1 server, 9 tools, fail-on error)"},
		{"unreachable server", contract.Error, nil, true,
			"❌ **mcp-contract**: 1 server unreachable: memory (1 server, 9 tools, fail-on error)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &contract.Result{Servers: append([]contract.ServerInfo(nil), servers...), Findings: tc.findings}
			if tc.down {
				r.Servers[0].Error = "no answer"
			}
			m := mdWriter{opts: MarkdownOptions{FailOn: tc.failOn}, r: r}
			if got := m.verdict(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// With the allow-breaking label the run passes, and the verdict agrees: the
// breaking changes are named among what does not fail it, with the label.
func TestMarkdownVerdictBreakingAllowedByLabel(t *testing.T) {
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "memory", Tools: 9}},
		Findings: []contract.Finding{{Rule: "drift/tool-removed", Severity: contract.Error, Category: contract.CategoryDrift,
			Change: contract.ChangeBreaking, Server: "memory", Tool: "read_graph", Message: "tool \"read_graph\" was removed"}},
	}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error, BreakingAllowedBy: "mcp-contract:breaking-ok"}); err != nil {
		t.Fatal(err)
	}
	want := "✅ **mcp-contract**: 1 breaking change in memory allowed by `mcp-contract:breaking-ok` (1 server, 9 tools, fail-on error)\n"
	if got, _, _ := strings.Cut(out.String(), "\n"); got+"\n" != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !strings.Contains(out.String(), "### Breaking changes (1)") {
		t.Errorf("the breaking change is no longer listed:\n%s", out.String())
	}
}
