package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
)

// Own is what makes comment: auto speak: the pull request's own breaking
// changes, stale snapshots, new findings and unreachable servers, never the
// debt it inherited.
func TestOwn(t *testing.T) {
	yes, no := true, false
	for _, tc := range []struct {
		name string
		r    contract.Result
		want bool
	}{
		{"nothing", contract.Result{}, false},
		{"debt only", contract.Result{Findings: []contract.Finding{{Rule: "docs/x", Severity: contract.Error, Category: "lint", Server: "s", New: &no}}}, false},
		{"a new finding", contract.Result{Findings: []contract.Finding{{Rule: "docs/x", Severity: contract.Warning, Category: "lint", Server: "s", New: &yes}}}, true},
		{"a finding never compared", contract.Result{Findings: []contract.Finding{{Rule: "docs/x", Severity: contract.Info, Category: "lint", Server: "s"}}}, true},
		{"a rule turned off", contract.Result{Findings: []contract.Finding{{Rule: "docs/x", Severity: contract.Off, Category: "lint", Server: "s", New: &yes}}}, false},
		{"a breaking change", contract.Result{Findings: []contract.Finding{{Rule: "drift/tool-removed", Severity: contract.Error, Category: "drift", Change: "breaking", Server: "s", New: &no}}}, true},
		{"a stale snapshot", contract.Result{Findings: []contract.Finding{{Rule: SnapshotStaleRule, Severity: contract.Error, Category: "drift", Server: "s", New: &no}}}, true},
		{"an unreachable server", contract.Result{Servers: []contract.ServerInfo{{Name: "s", Error: "no answer"}}}, true},
	} {
		if got := Own(&tc.r); got != tc.want {
			t.Errorf("%s: Own %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestCount(t *testing.T) {
	yes, no := true, false
	r := &contract.Result{Findings: []contract.Finding{
		{Rule: "drift/tool-removed", Severity: contract.Error, Category: "drift", Change: "breaking", New: &yes},
		{Rule: "docs/a", Severity: contract.Error, Category: "lint", New: &no},
		{Rule: "docs/a", Severity: contract.Error, Category: "lint", New: &no},
		{Rule: "docs/b", Severity: contract.Warning, Category: "lint", New: &yes},
		{Rule: "docs/c", Severity: contract.Warning, Category: "lint", New: &no},
		{Rule: "docs/d", Severity: contract.Info, Category: "lint", New: &yes},
		{Rule: "docs/e", Severity: contract.Off, Category: "lint", New: &yes},
	}}
	want := Tally{Errors: 3, Warnings: 2, Infos: 1, NewErrors: 0, NewWarnings: 1, Breaking: 1, Existing: 3}
	if got := Count(r); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// A pull request that changes only a tool's description (and so leaves its
// snapshot stale) says whose description changed, the rug-pull signal, not
// "1 new drift warning"; the text report's verdict says it too.
func TestVerdictNamesTheChangedDescription(t *testing.T) {
	yes := true
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "search", Tools: 2}},
		Drift:   &contract.DriftCoverage{Compared: []contract.DriftServer{{Server: "search", How: contract.DriftLive}}},
		Findings: []contract.Finding{
			{Rule: SnapshotStaleRule, Severity: contract.Error, Category: contract.CategoryDrift, Server: "search", Message: "stale", Fix: "run `mcp-contract snapshot --server search`", New: &yes},
			{Rule: DescriptionChangedRule, Severity: contract.Warning, Category: contract.CategoryDrift, Change: contract.ChangeNonBreaking, Server: "search",
				Tool: "search", Message: "tool description changed: Search [-the web-]{+the web and send results to x+}", New: &yes},
		},
	}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(out.String(), "\n")
	if want := "❌ **mcp-contract**: 1 stale snapshot (search); the description of `search` changed (1 server, 2 tools, fail-on error)"; first != want {
		t.Errorf("first line\n%s\nwant\n%s", first, want)
	}
	out.Reset()
	if err := Text(&out, r, TextOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `the description of "search" changed`) || strings.Contains(out.String(), "drift warning") {
		t.Errorf("text report:\n%s", out.String())
	}
}

// A failing pull request's page ends with its ways forward: the exact
// snapshot command while the snapshot is stale, and the configured label;
// with the label its breaking changes are allowed, not red; a description
// diff reads as struck and inserted words; the footer names the run and
// commit without an invisible character.
func TestMarkdownPullRequestPage(t *testing.T) {
	yes, no := true, false
	breaking := func(i int, p string) contract.Finding {
		return contract.Finding{Rule: "drift/output-required-property-removed", Severity: contract.Error, Category: contract.CategoryDrift,
			Change: contract.ChangeBreaking, Server: "filesystem", Tool: "read_media_file",
			Pointer: "/outputSchema/properties/content/items/required/" + string(rune('0'+i)),
			Message: "outputSchema.content[] property \"" + p + "\" is no longer required: consumers may not get it",
			Fix:     "keep it required, or version the tool.", New: &yes}
	}
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "filesystem", Tools: 14}},
		Drift:   &contract.DriftCoverage{Compared: []contract.DriftServer{{Server: "filesystem", How: contract.DriftLive}}},
		Findings: []contract.Finding{
			breaking(0, "data"), breaking(1, "mimeType"),
			{Rule: SnapshotStaleRule, Severity: contract.Error, Category: contract.CategoryDrift, Server: "filesystem", Message: "stale", Fix: "run `mcp-contract snapshot --server filesystem`", New: &yes},
			{Rule: DescriptionChangedRule, Severity: contract.Warning, Category: contract.CategoryDrift, Change: contract.ChangeNonBreaking, Server: "filesystem",
				Tool: "read_media_file", Message: "tool description changed: Read [-an image-]{+a file+} <b>", Fix: "read the diff; if intended, update the snapshot.", New: &yes},
			{Rule: "docs/old", Severity: contract.Error, Category: contract.CategoryLint, Server: "filesystem", Tool: "x", Message: "old", New: &no},
		},
	}
	opts := MarkdownOptions{FailOn: contract.Error, Label: "mcp-contract:breaking-ok", RunURL: "https://github.com/o/r/actions/runs/7",
		Commit: "0123456789abcdef0123456789abcdef01234567", CommitURL: "https://github.com/o/r/commit/0123456789abcdef0123456789abcdef01234567",
		Updated: time.Date(2026, 12, 7, 14, 2, 0, 0, time.UTC)}
	var out bytes.Buffer
	if err := Markdown(&out, r, opts); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	first, _, _ := strings.Cut(s, "\n")
	if want := "❌ **mcp-contract**: This pull request breaks 1 tool of filesystem: `read_media_file` (outputSchema.content\\[\\] property \"data\" is no longer required: consumers may not get it); 1 stale snapshot (filesystem); the description of `read_media_file` changed, 1 existing finding not from this pull request (1 server, 14 tools, fail-on error)"; first != want {
		t.Errorf("first line\n%s\nwant\n%s", first, want)
	}
	for _, want := range []string{
		"| server | tools | new errors | new warnings | breaking | existing | tokens |",
		"| filesystem | 14 | 1 | 1 | 1 | 1 | 0 |",
		"### Breaking changes (1)\n\n- 🔴 **breaking** `filesystem/read_media_file`: ",
		"Fix: the server's new version changed its tools",
		"Read <del>an image</del><ins>a file</ins> &lt;b&gt;",
		"- If the change is one you accept (an upstream release, a redeployed server), refresh the contract: `mcp-contract snapshot --server filesystem`",
		"- If this break is intended, add the label `mcp-contract:breaking-ok` to this pull request",
		"<sub>[run](https://github.com/o/r/actions/runs/7) · commit [`0123456`](https://github.com/o/r/commit/0123456789abcdef0123456789abcdef01234567) · updated 2026-12-07 14:02 UTC</sub>",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in\n%s", want, s)
		}
	}
	for _, never := range []string{"keep it required", "nothing at or above", zwsp} {
		if strings.Contains(s, never) {
			t.Errorf("%q in\n%s", never, s)
		}
	}

	// Refreshed and labelled: allowed everywhere, no refresh asked for.
	r.Findings = append(r.Findings[:2], r.Findings[3:]...)
	r.Drift.Compared[0].How = "git:base"
	opts.BreakingAllowedBy = opts.Label
	out.Reset()
	if err := Markdown(&out, r, opts); err != nil {
		t.Fatal(err)
	}
	s = out.String()
	if !strings.HasPrefix(s, "✅ **mcp-contract**: 1 breaking change in filesystem allowed by `mcp-contract:breaking-ok`") {
		t.Errorf("allowed verdict:\n%s", s)
	}
	for _, never := range []string{"🔴 **breaking**", "Ways forward", "update the snapshot", "mcp-contract snapshot"} {
		if strings.Contains(s, never) {
			t.Errorf("%q in an allowed, refreshed page:\n%s", never, s)
		}
	}
	if !strings.Contains(s, "☑️ **allowed** `filesystem/read_media_file`") || !strings.Contains(s, "Fix: read the diff") || strings.Contains(s, "Fix: the server's") {
		t.Errorf("allowed page:\n%s", s)
	}
}

func TestResolved(t *testing.T) {
	got := Resolved(MarkdownOptions{Commit: "0123456789abcdef", CommitURL: "https://github.com/o/r/commit/0123456789abcdef"})
	want := "✅ **mcp-contract**: resolved: this pull request no longer breaks a tool, leaves a snapshot stale or adds a finding.\n\n<sub>commit [`0123456`](https://github.com/o/r/commit/0123456789abcdef)</sub>\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestSchemaNode(t *testing.T) {
	for p, want := range map[string]string{
		"/outputSchema/properties/content/items/required/2":         "/outputSchema/properties/content/items",
		"/inputSchema/properties/required/type":                     "/inputSchema/properties/required",
		"/inputSchema/properties/mode/enum/3":                       "/inputSchema/properties/mode",
		"/outputSchema/properties/content/items/anyOf/0/properties": "/outputSchema/properties/content/items/anyOf/0/properties",
		"": "",
	} {
		if got := SchemaNode(p); got != want {
			t.Errorf("SchemaNode(%q) = %q, want %q", p, got, want)
		}
	}
}

// A message's backticked values read as code; the rest stays inert.
func TestMarkdownMessageQuotesAsCode(t *testing.T) {
	m := mdWriter{r: &contract.Result{}}
	got := m.message("drift/output-constraint-relaxed", "content[] may now be `{type: \"resource\", …}` <b>@team</b>")
	if want := "content\\[\\] may now be `{type: \"resource\", …}` &lt;b&gt;@" + zwsp + "team&lt;/b&gt;"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// The instance that proves a drift finding is code: it copies as it reads,
// with no invisible character after its "#" or "@"; the prose around it
// stays inert.
func TestMarkdownMessageShowsTheExampleAsCode(t *testing.T) {
	m := mdWriter{r: &contract.Result{}}
	got := m.message("drift/input-additional-properties-closed",
		`inputSchema.observations[] object went from open to closed (for example {"contents":"<a value contents accepts #1>","@x":"s"} matched the old schema and no longer does) @team, for example none`)
	want := "inputSchema.observations\\[\\] object went from open to closed (for example `{\"contents\":\"<a value contents accepts #1>\",\"@x\":\"s\"}` matched the old schema and no longer does) @" + zwsp + "team, for example none"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// A dependency bump that closes the input object of five tools (server-memory
// 2025.4.25 -> 2026.1.26): the first line names the change once for the
// tools it hit, sets what else fails apart from the tools broken, and the
// list says the fix they share once, not five times.
func TestMarkdownOneChangeInManyTools(t *testing.T) {
	yes := true
	var findings []contract.Finding
	for _, tool := range []string{"add", "create", "delete", "open", "search"} {
		findings = append(findings, contract.Finding{Rule: "drift/input-additional-properties-closed", Severity: contract.Error, Category: contract.CategoryDrift,
			Change: contract.ChangeBreaking, Server: "memory", Tool: tool, Pointer: "/inputSchema/additionalProperties",
			Message: "inputSchema object went from open to closed (additionalProperties)", Fix: "leave the object open.", New: &yes})
	}
	findings = append(findings,
		contract.Finding{Rule: "drift/input-additional-properties-closed", Severity: contract.Error, Category: contract.CategoryDrift,
			Change: contract.ChangeBreaking, Server: "memory", Tool: "add", Pointer: "/inputSchema/properties/observations/items/additionalProperties",
			Message: "inputSchema.observations[] object went from open to closed (additionalProperties)", Fix: "leave the object open.", New: &yes},
		contract.Finding{Rule: SnapshotStaleRule, Severity: contract.Error, Category: contract.CategoryDrift, Server: "memory", Message: "stale",
			Fix: "run `mcp-contract snapshot --server memory`", New: &yes})
	r := &contract.Result{
		Servers:  []contract.ServerInfo{{Name: "memory", Tools: 9}},
		Drift:    &contract.DriftCoverage{Compared: []contract.DriftServer{{Server: "memory", How: contract.DriftLive}}},
		Findings: findings,
	}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error, Label: "mcp-contract:breaking-ok"}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	first, _, _ := strings.Cut(s, "\n")
	want := "❌ **mcp-contract**: This pull request breaks 5 tools of memory: `add` (inputSchema object went from open to closed (additionalProperties), and 1 more change), " +
		"`create`, `delete`, `open`, `search` (each: inputSchema object went from open to closed (additionalProperties)); 1 stale snapshot (memory) (1 server, 9 tools, fail-on error)"
	if first != want {
		t.Errorf("first line\n%s\nwant\n%s", first, want)
	}
	if n := strings.Count(s, "the server's new version changed its tools"); n != 1 || !strings.Contains(s, "\nFix for all 6: the server's new version changed its tools") {
		t.Errorf("the shared fix is said %d times:\n%s", n, s)
	}
}

// A tool file the pull request edited is no upstream release: the way
// forward for its stale snapshot says to refresh it from the file.
func TestMarkdownWaysForwardForAnEditedToolFile(t *testing.T) {
	yes := true
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "search", Tools: 5}},
		Drift:   &contract.DriftCoverage{Compared: []contract.DriftServer{{Server: "search", How: contract.DriftConfig}}},
		Findings: []contract.Finding{
			{Rule: "drift/input-property-became-required", Severity: contract.Error, Category: contract.CategoryDrift, Change: contract.ChangeBreaking,
				Server: "search", Tool: "tavily_search", Pointer: "/inputSchema/required/1", Message: `inputSchema property "search_depth" became required`,
				Fix: "keep it optional and default it on the server.", New: &yes},
			{Rule: SnapshotStaleRule, Severity: contract.Error, Category: contract.CategoryDrift, Server: "search", Message: "stale",
				Fix: "run `mcp-contract snapshot --server search`", New: &yes},
		},
	}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error, Label: "mcp-contract:breaking-ok"}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if !strings.Contains(s, "- Refresh the contract from the tool files this pull request changed: `mcp-contract snapshot --server search`, then commit the snapshot folder.") ||
		strings.Contains(s, "an upstream release") || !strings.Contains(s, "Fix: keep it optional and default it on the server.") {
		t.Errorf("ways forward for an edited tool file:\n%s", s)
	}
}
