package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/source"
)

func TestGitHubAnnotatesFindingsOnTheirLine(t *testing.T) {
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "gh", Origin: "file:snaps/gh.json", Tools: 2}},
		Findings: []contract.Finding{
			{Rule: "gemini/anyof-with-siblings", Severity: contract.Error, Server: "gh", Tool: "issue_write",
				Pointer: "/inputSchema/properties/type", File: "snaps/gh.json", Line: 12, Column: 7, Message: "anyOf has siblings", Fix: "move them"},
			{Rule: "drift/tool-added", Severity: contract.Info, Server: "gh", Tool: "new_tool", File: "snaps/gh.json", Message: "tool \"new_tool\" was added", Change: "non-breaking"},
			{Rule: "docs/missing-description", Severity: contract.Warning, Server: "gh", Tool: "get", Message: "no description"},
		},
	}
	var out bytes.Buffer
	if err := GitHub(&out, r, GitHubOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `::error file=snaps/gh.json,line=12,col=7,title=gemini/anyof-with-siblings::gh/issue_write/inputSchema/properties/type: anyOf has siblings Fix: move them
::warning title=docs/missing-description::gh/get: no description
::notice file=snaps/gh.json,title=drift/tool-added::gh/new_tool: tool "new_tool" was added (non-breaking)
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// A collision is annotated on both sides.
func TestGitHubAnnotatesBothSidesOfACollision(t *testing.T) {
	r := &contract.Result{Findings: []contract.Finding{{Rule: "collision/duplicate-name", Severity: contract.Error, Server: "b", Tool: "get", Pointer: "/name",
		File: "b.json", Line: 3, Column: 12, Message: "tool \"get\" is also published by server \"a\"",
		Related: []contract.Location{{Server: "a", Tool: "get", Pointer: "/name", File: "a.json", Line: 9, Column: 12}, {Server: "live", Tool: "get"}}}}}
	var out bytes.Buffer
	if err := GitHub(&out, r, GitHubOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `::error file=b.json,line=3,col=12,title=collision/duplicate-name::b/get/name: tool "get" is also published by server "a"
::error file=a.json,line=9,col=12,title=collision/duplicate-name::a/get/name: the other side of b/get/name: tool "get" is also published by server "a"
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// The escaping the runner undoes (actions/toolkit escapeData, escapeProperty).
func TestEscapeCommandDataAndProperty(t *testing.T) {
	for _, c := range []struct{ in, data, prop string }{
		{"50% off", "50%25 off", "50%25 off"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"%0A::warning::x", "%250A::warning::x", "%250A%3A%3Awarning%3A%3Ax"},
		{"a:b,c", "a:b,c", "a%3Ab%2Cc"},
	} {
		if got := EscapeCommandData(c.in); got != c.data {
			t.Errorf("EscapeCommandData(%q) = %q, want %q", c.in, got, c.data)
		}
		if got := EscapeCommandProperty(c.in); got != c.prop {
			t.Errorf("EscapeCommandProperty(%q) = %q, want %q", c.in, got, c.prop)
		}
	}
}

// unescapeData is what the runner does to a command's message
// (ActionCommand.UnescapeData): it must never yield a line break.
func unescapeData(s string) string {
	return strings.NewReplacer("%0D", "\r", "%0A", "\n", "%25", "%").Replace(s)
}

func unescapeProperty(s string) string {
	return strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%").Replace(s)
}

func TestGitHubHostileTextNeverFormsACommand(t *testing.T) {
	hostile := []string{
		"::error::pwned",
		"\n::add-mask::hunter2",
		"fine%0A::warning::injected",
		"line\r::error file=x::y",
		"\r\n::stop-commands::tok",
		"a\u2028::notice::b",
		"\x1b[2K::error::erased",
	}
	var findings []contract.Finding
	for i, h := range hostile {
		findings = append(findings, contract.Finding{
			Rule: "security/instruction-in-description", Severity: contract.Severity(1 + i%3),
			Server: "evil" + h, Tool: h, Pointer: "/description", File: "snaps/" + h + ".json", Line: 3, Message: "description says " + h, Fix: h,
		})
	}
	r := &contract.Result{
		Servers:  []contract.ServerInfo{{Name: "evil", Error: "server said " + hostile[1]}},
		Findings: findings,
	}
	var out bytes.Buffer
	if err := GitHub(&out, r, GitHubOptions{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != len(hostile)+1 {
		t.Fatalf("%d lines for %d annotations:\n%s", len(lines), len(hostile)+1, out.String())
	}
	for _, line := range lines {
		name, rest, ok := strings.Cut(strings.TrimPrefix(line, "::"), "::")
		if !ok || !strings.HasPrefix(line, "::") {
			t.Fatalf("line is not one command: %q", line)
		}
		cmd, props, _ := strings.Cut(name, " ")
		if cmd != "error" && cmd != "warning" && cmd != "notice" {
			t.Errorf("command %q from %q", cmd, line)
		}
		// The runner splits properties on ',' and '=' then unescapes: each
		// must decode to one line, and the message too.
		for _, p := range strings.Split(props, ",") {
			k, v, _ := strings.Cut(p, "=")
			if k != "file" && k != "line" && k != "col" && k != "title" {
				t.Errorf("property %q injected in %q", k, line)
			}
			if strings.ContainsAny(unescapeProperty(v), "\r\n") {
				t.Errorf("property %s decodes to several lines: %q", k, v)
			}
		}
		msg := unescapeData(rest)
		if strings.ContainsAny(msg, "\r\n\x1b\u2028") {
			t.Errorf("message decodes to %q", msg)
		}
	}
}

func TestGitHubAnnouncesSecretsFirstAndMasksThem(t *testing.T) {
	secret := "s3cr3t%token"
	r := &contract.Result{Findings: []contract.Finding{
		{Rule: "docs/x", Severity: contract.Error, Message: "header Bearer " + secret + " refused"},
	}}
	var out bytes.Buffer
	if err := GitHub(&out, r, GitHubOptions{Masker: safetext.NewMasker(secret), Announce: true}); err != nil {
		t.Fatal(err)
	}
	want := "::add-mask::s3cr3t%25token\n::error title=docs/x::header Bearer *** refused\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestGitHubKeepsWithinTheRunnerLimits(t *testing.T) {
	r := manyFindings(t)
	counts := r.Count()
	if counts[contract.Error] <= MaxAnnotationsPerLevel || counts[contract.Warning] <= MaxAnnotationsPerLevel {
		t.Fatalf("fixture too small: %v", counts)
	}
	var out bytes.Buffer
	if err := GitHub(&out, r, GitHubOptions{More: "the job summary"}); err != nil {
		t.Fatal(err)
	}
	perLevel := map[string]int{}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for _, line := range lines {
		level, _, _ := strings.Cut(strings.TrimPrefix(line, "::"), " ")
		perLevel[level]++
	}
	for level, n := range perLevel {
		if n > MaxAnnotationsPerLevel {
			t.Errorf("%d %s annotations, the runner keeps %d", n, level, MaxAnnotationsPerLevel)
		}
	}
	last := lines[len(lines)-1]
	shown := len(lines) - 1
	// One fact is one annotation, so what is left is counted in facts.
	wantLast := fmt.Sprintf("::notice title=mcp-contract::%d more not annotated", len(facts(r.Findings))-shown)
	if !strings.HasPrefix(last, wantLast) || !strings.HasSuffix(last, "; see the job summary") {
		t.Errorf("last line %q, want it to start %q", last, wantLast)
	}
	t.Logf("%d findings (%v), %d annotations", len(r.Findings), counts, len(lines))
}

// The action's own notice (why it did not comment) counts against the
// runner's 10 notices per step, so the findings leave it room.
func TestGitHubLeavesRoomForTheCallersNotices(t *testing.T) {
	var findings []contract.Finding
	for i := range 30 {
		findings = append(findings, contract.Finding{Rule: "docs/x", Severity: contract.Info, Tool: fmt.Sprint("t", i), Message: fmt.Sprint("m", i)})
	}
	var out bytes.Buffer
	if err := GitHub(&out, &contract.Result{Findings: findings}, GitHubOptions{OwnNotices: 1}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "::notice "); n != MaxAnnotationsPerLevel-1 {
		t.Errorf("%d notices, want %d (one place left for the caller):\n%s", n, MaxAnnotationsPerLevel-1, out.String())
	}
	if !strings.Contains(out.String(), "::notice title=mcp-contract::22 more not annotated (0 errors, 0 warnings, 22 notices)") {
		t.Errorf("closing notice:\n%s", out.String())
	}
}

// The runner shows 10 annotations per level: they go to what the pull
// request breaks, then to what it adds, then to the debt it inherited,
// and within each to the lines the pull request changed.
func TestGitHubSpendsItsSlotsOnThePullRequest(t *testing.T) {
	yes, no := true, false
	var findings []contract.Finding
	for i := 1; i <= 12; i++ {
		findings = append(findings, contract.Finding{Rule: "docs/old", Severity: contract.Error, Category: contract.CategoryLint, Server: "s",
			Tool: fmt.Sprint("old", i), File: "snap/s.json", Line: i, Message: "old", New: &no})
	}
	findings = append(findings,
		contract.Finding{Rule: "docs/new", Severity: contract.Error, Category: contract.CategoryLint, Server: "s", Tool: "outside",
			File: "snap/s.json", Line: 90, Message: "new, outside the diff", New: &yes},
		contract.Finding{Rule: "docs/new", Severity: contract.Error, Category: contract.CategoryLint, Server: "s", Tool: "inside",
			File: "snap/s.json", Line: 51, Message: "new, inside the diff", New: &yes},
		contract.Finding{Rule: "drift/input-required-property-added", Severity: contract.Error, Category: contract.CategoryDrift,
			Change: contract.ChangeBreaking, Server: "s", Tool: "b", File: "snap/s.json", Line: 70, Message: "breaking"},
		contract.Finding{Rule: "budget/tool-count", Severity: contract.Warning, Category: contract.CategoryLint, Message: "14 tools", New: &yes},
	)
	var out bytes.Buffer
	err := GitHub(&out, &contract.Result{Findings: findings}, GitHubOptions{Diff: Diff{"snap/s.json": {{50, 60}, {70, 70}}}})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		"::error file=snap/s.json,line=70,title=drift/input-required-property-added::s/b: breaking (breaking)",
		"::error file=snap/s.json,line=51,title=docs/new::s/inside: new, inside the diff",
		"::error file=snap/s.json,line=90,title=docs/new::s/outside: new, outside the diff",
		"::warning title=budget/tool-count::All servers together: 14 tools",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("the existing findings are annotated, or the pull request's own are not:\n%s\nwant\n%s", out.String(), strings.Join(want, "\n"))
	}

	// annotate: all adds the debt, after the pull request's own, as one
	// annotation per fact.
	out.Reset()
	if err := GitHub(&out, &contract.Result{Findings: findings}, GitHubOptions{Annotate: "all", Diff: Diff{"snap/s.json": {{50, 60}, {70, 70}}}}); err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 || lines[3] != "::error file=snap/s.json,line=1,title=docs/old::s: old (12 places in 12 tools: old1, old2, old3, old4, old5, old6, old7, old8, and 4 more)" {
		t.Errorf("annotate: all:\n%s", out.String())
	}
}

// One fact is one annotation: a flip of one annotation on every tool is one
// warning naming the tools, so the slots go to different facts, and a
// changed description is shown before it.
func TestGitHubOneFactOneAnnotation(t *testing.T) {
	yes := true
	var findings []contract.Finding
	for i := range 14 {
		findings = append(findings, contract.Finding{Rule: "drift/annotation-changed", Severity: contract.Warning, Category: contract.CategoryDrift,
			Change: contract.ChangeNonBreaking, Server: "fs", Tool: fmt.Sprintf("tool%02d", i), Pointer: "/annotations/openWorldHint",
			File: "s.json", Line: 10 + i, Message: "annotations.openWorldHint went from true to false", New: &yes})
	}
	for i := range 12 {
		findings = append(findings, contract.Finding{Rule: "openai-strict/property-not-required", Severity: contract.Warning, Category: contract.CategoryLint,
			Server: "fs", Tool: "edit", File: "s.json", Line: 40 + i, Message: fmt.Sprintf("property %q is not in required", fmt.Sprint("p", i)), New: &yes})
	}
	findings = append(findings, contract.Finding{Rule: DescriptionChangedRule, Severity: contract.Warning, Category: contract.CategoryDrift,
		Change: contract.ChangeNonBreaking, Server: "fs", Tool: "read_media_file", Pointer: "/description", File: "s.json", Line: 90,
		Message: "tool description changed: Read [-an image-]{+a file+}", New: &yes})
	var out bytes.Buffer
	if err := GitHub(&out, &contract.Result{Findings: findings}, GitHubOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "::warning file=s.json,line=90,title=drift/description-changed::fs/read_media_file/description: tool description changed: was: \"Read an image\" now: \"Read a file\" (non-breaking)\n" +
		"::warning file=s.json,line=10,title=drift/annotation-changed::fs: annotations.openWorldHint went from true to false (14 places in 14 tools: tool00, tool01, tool02, tool03, tool04, tool05, tool06, tool07, and 6 more) (non-breaking)\n" +
		"::warning file=s.json,line=40,title=openai-strict/property-not-required::fs/edit: property \"p0\" is not in required (and 11 more like it)\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// A description change's annotation is plain text: each side as it reads,
// cut to a length a reviewer takes in, never the word diff's markers.
func TestGitHubDescriptionChangeReadsAsWasNow(t *testing.T) {
	long := strings.Repeat("word ", 60)
	for _, tc := range []struct{ msg, want string }{
		{"tool description changed: Read [-an image-]{+a file+} <b>", `tool description changed: was: "Read an image <b>" now: "Read a file <b>"`},
		{"parameter path description changed: … the {+whole+} file", `parameter path description changed: was: "… the file" now: "… the whole file"`},
		{"tool description changed: [-" + long + "-]{+short+}", `tool description changed: was: "` + strings.Repeat("word ", 32) + `…" now: "short"`},
		{"tool description changed: unclosed [-text", `tool description changed: was: "unclosed [-text" now: "unclosed [-text"`},
		{"something else", "something else"},
	} {
		if got := wasNow(tc.msg); got != tc.want {
			t.Errorf("wasNow(%q)\n got %s\nwant %s", tc.msg, got, tc.want)
		}
	}
}

// The breaking findings of one tool at one schema node are one change and
// one annotation; with the allow-breaking label it is a notice that says so.
func TestGitHubOneChangeOneAnnotation(t *testing.T) {
	var findings []contract.Finding
	for i, p := range []string{"data", "mimeType", "type"} {
		findings = append(findings, contract.Finding{Rule: "drift/output-required-property-removed", Severity: contract.Error, Category: contract.CategoryDrift,
			Change: contract.ChangeBreaking, Server: "fs", Tool: "read_media_file", Pointer: fmt.Sprintf("/outputSchema/properties/content/items/required/%d", i),
			File: "s.json", Line: 425 + i, Message: fmt.Sprintf("property %q is no longer required", p), Fix: "keep it required, or version the tool."})
	}
	var out bytes.Buffer
	if err := GitHub(&out, &contract.Result{Findings: findings}, GitHubOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "::error file=s.json,line=425,title=drift/output-required-property-removed::fs/read_media_file/outputSchema/properties/content/items: " +
		"property \"data\" is no longer required; property \"mimeType\" is no longer required; property \"type\" is no longer required (breaking) Fix: keep it required, or version the tool.\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	// A break that came with a changed pin is annotated on the pin, and
	// says so before the ways forward.
	out.Reset()
	if err := GitHub(&out, &contract.Result{Findings: findings}, GitHubOptions{Pins: map[string]contract.Location{"fs": {File: "package.json", Line: 4}}}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "::error file=package.json,line=4,title=drift/output-required-property-removed::") ||
		!strings.HasSuffix(out.String(), "(breaking) It arrived with this line's change of the package fs runs. Fix: keep it required, or version the tool.\n") {
		t.Errorf("not on the pin, or the cause not before the ways forward:\n%s", out.String())
	}
	out.Reset()
	if err := GitHub(&out, &contract.Result{Findings: findings}, GitHubOptions{AllowedBy: "mcp-contract:breaking-ok"}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "::notice file=s.json,line=425,title=drift/output-required-property-removed::allowed by the label mcp-contract:breaking-ok: fs/read_media_file") ||
		strings.Contains(out.String(), "::error") {
		t.Errorf("an allowed change is not a notice:\n%s", out.String())
	}
}

// A fact whose places quote different names is said for its first place
// only: "title added: \"Add Observations\"" is not what the 8 other tools
// got, so they are named as like it, never as the same.
func TestGitHubFactOfDifferentNamesClaimsOnlyTheFirst(t *testing.T) {
	yes := true
	var findings []contract.Finding
	for i, title := range []string{"Add Observations", "Create Entities", "Read Graph"} {
		findings = append(findings, contract.Finding{Rule: "drift/title-changed", Severity: contract.Warning, Category: contract.CategoryDrift,
			Change: contract.ChangeReview, Server: "memory", Tool: fmt.Sprint("tool", i), Pointer: "/title", File: "s.json", Line: 3 + i,
			Message: fmt.Sprintf("title added: %q", title), New: &yes})
	}
	var out bytes.Buffer
	if err := GitHub(&out, &contract.Result{Findings: findings}, GitHubOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "::warning file=s.json,line=3,title=drift/title-changed::memory/tool0: title added: \"Add Observations\" (and 2 more like it; 3 places in 3 tools: tool0, tool1, tool2) (review)\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// A dependency bump that closes the input object of eight tools is one fact
// in eight tools, not eight of the ten error slots: the stale snapshot and
// the new findings the bump brought are annotated too (server-memory
// 2025.4.25 -> 2026.1.26).
func TestGitHubOneChangeInManyToolsOneAnnotation(t *testing.T) {
	yes := true
	var findings []contract.Finding
	for i := range 8 {
		tool := fmt.Sprint("tool", i)
		msg := "inputSchema object went from open to closed (additionalProperties)"
		if i >= 5 { // these carry an example, with the tool's own property
			msg += fmt.Sprintf(` (for example {"p%d":"s","other":"s"} matched the old schema and no longer does)`, i)
		}
		findings = append(findings, contract.Finding{Rule: "drift/input-additional-properties-closed", Severity: contract.Error, Category: contract.CategoryDrift,
			Change: contract.ChangeBreaking, Server: "memory", Tool: tool, Pointer: "/inputSchema/additionalProperties", File: "s.json", Line: 10 + i, Message: msg})
	}
	findings = append(findings,
		contract.Finding{Rule: SnapshotStaleRule, Severity: contract.Error, Category: contract.CategoryDrift, Server: "memory", Tool: "tool0",
			File: "s.json", Line: 3, Message: `the snapshot of "memory" is stale`, New: &yes},
		contract.Finding{Rule: "gemini/unsupported-keyword", Severity: contract.Error, Category: contract.CategoryLint, Server: "memory", Tool: "tool0",
			File: "s.json", Line: 5, Message: `keyword "$schema" is refused`, New: &yes})
	var out bytes.Buffer
	if err := GitHub(&out, &contract.Result{Findings: findings}, GitHubOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "::error file=s.json,line=10,title=drift/input-additional-properties-closed::memory/tool0/inputSchema/additionalProperties: " +
		"inputSchema object went from open to closed (additionalProperties) (the same in 5 tools: tool0, tool1, tool2, tool3, tool4) (breaking)\n" +
		"::error file=s.json,line=15,title=drift/input-additional-properties-closed::memory/tool5/inputSchema/additionalProperties: " +
		"inputSchema object went from open to closed (additionalProperties) (for example {\"p5\":\"s\",\"other\":\"s\"} matched the old schema and no longer does) (and 2 more like it; 3 tools: tool5, tool6, tool7) (breaking)\n" +
		"::error file=s.json,line=3,title=drift/snapshot-stale::memory/tool0: the snapshot of \"memory\" is stale\n" +
		"::error file=s.json,line=5,title=gemini/unsupported-keyword::memory/tool0: keyword \"$schema\" is refused\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// A lint finding about a live server has no file: it is annotated on its
// node in the server's committed snapshot, or on the nearest one there.
func TestGitHubPlacesLiveFindingsOnTheSnapshot(t *testing.T) {
	snap, err := source.Parse([]byte("{\"tools\": [\n  {\"name\": \"get\",\n   \"inputSchema\": {\"type\": \"object\",\n     \"properties\": {\"q\": {\"type\": \"string\"}}}}\n]}\n"),
		"mcp-snapshots/live.json", "live", "file:mcp-snapshots/live.json")
	if err != nil {
		t.Fatal(err)
	}
	r := &contract.Result{Findings: []contract.Finding{
		{Rule: "docs/a", Severity: contract.Warning, Category: contract.CategoryLint, Server: "live", Tool: "get", Pointer: "/inputSchema/properties/q", Message: "on the node"},
		{Rule: "docs/b", Severity: contract.Warning, Category: contract.CategoryLint, Server: "live", Tool: "get", Pointer: "/inputSchema/properties/gone", Message: "nearest"},
		{Rule: "docs/c", Severity: contract.Warning, Category: contract.CategoryLint, Server: "live", Tool: "added", Message: "not in the snapshot"},
		{Rule: "docs/d", Severity: contract.Warning, Category: contract.CategoryLint, Server: "other", Tool: "x", Message: "no snapshot"},
	}}
	var out bytes.Buffer
	if err := GitHub(&out, r, GitHubOptions{Snapshots: []*contract.Catalog{snap}}); err != nil {
		t.Fatal(err)
	}
	want := "::warning file=mcp-snapshots/live.json,line=4,col=26,title=docs/a::live/get/inputSchema/properties/q: on the node\n" +
		"::warning file=mcp-snapshots/live.json,line=4,col=20,title=docs/b::live/get/inputSchema/properties/gone: nearest\n" +
		"::warning file=mcp-snapshots/live.json,title=docs/c::live/added: not in the snapshot\n" +
		"::warning title=docs/d::other/x: no snapshot\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
