package lint

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

func TestProseOnlyConstraintBankingExample(t *testing.T) {
	// examples/banking (see its README): the same transfer_funds tool with its
	// rules in prose (legacy.json) and in JSON Schema 2020-12 (strict.json).
	legacy := findingsOfRules(t, "../examples/banking/legacy.json", "docs/prose-only-constraint")
	var got []string
	for _, f := range legacy {
		got = append(got, f.Pointer+" | "+f.Message)
	}
	sort.Strings(got)
	want := []string{
		`/inputSchema/properties/amount | description states "over 10000 need a compliance approval code" but the schema has no if/then testing amount`,
		`/inputSchema/properties/compliance_approval_code | description states "Required when amount is over 10000" but the schema has no if/then, dependentRequired or oneOf branch that requires compliance_approval_code`,
		`/inputSchema/properties/destination_account | description states "Required for internal transfers" but the schema has no if/then, dependentRequired or oneOf branch that requires destination_account`,
		`/inputSchema/properties/iban | description states "Required for wire transfers" but the schema has no if/then, dependentRequired or oneOf branch that requires iban`,
		`/inputSchema/properties/swift | description states "Required for wire transfers" but the schema has no if/then, dependentRequired or oneOf branch that requires swift`,
		`/inputSchema/properties/transfer_type | description states "Either internal or wire." but the schema has no enum or const`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("legacy.json findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, f := range legacy {
		if f.Line == 0 || f.File == "" {
			t.Errorf("finding %s has no position", f.Pointer)
		}
	}
	// strict.json states "Approval code required for transfers over 10000"
	// in a $defs entry that the root if/then enforces, and splits internal and
	// wire fields with oneOf over $refs: nothing is prose-only.
	if strict := findingsOfRules(t, "../examples/banking/strict.json", "docs/prose-only-constraint"); len(strict) != 0 {
		t.Errorf("strict.json: want no findings, got %+v", strict)
	}
}

func TestProseOnlyConstraint(t *testing.T) {
	const id = "docs/prose-only-constraint"
	cases := []struct {
		name string
		tool string
		want []string
		msgs []string
	}{{
		name: "github-mcp-server pagination states bounds the schema enforces",
		// github-mcp-server (testdata/corpus/servers/github-mcp-server.json), list_issues.
		tool: `{"name":"list_issues","inputSchema":{"type":"object","properties":{
		  "page":{"description":"Page number for pagination (min 1)","minimum":1,"type":"number"},
		  "perPage":{"description":"Results per page for pagination (min 1, max 100)","maximum":100,"minimum":1,"type":"number"}}}}`,
	}, {
		name: "archived server-github states bounds and defaults it does not enforce",
		// @modelcontextprotocol/server-github (testdata/corpus/servers/npm-archived-server-github.json), search_repositories.
		tool: `{"name":"search_repositories","inputSchema":{"type":"object","properties":{
		  "page":{"type":"number","description":"Page number for pagination (default: 1)"},
		  "perPage":{"type":"number","description":"Number of results per page (default: 30, max: 100)"}}}}`,
		want: []string{"/inputSchema/properties/page", "/inputSchema/properties/perPage", "/inputSchema/properties/perPage"},
		msgs: []string{`"default: 1)" but the schema has no default`, `"default: 30" but the schema has no default`, `"max: 100" but the schema has no maximum`},
	}, {
		name: "a character limit on a string and a date format",
		// github-mcp-server search_code's query ("Max 256 chars") and tavily-mcp's
		// start_date (testdata/corpus/servers/npm-tavily-mcp.json).
		tool: `{"name":"search","inputSchema":{"type":"object","properties":{
		  "query":{"type":"string","description":"Search query using GitHub's powerful code search syntax. Max 256 chars."},
		  "start_date":{"type":"string","description":"Will return all results after the specified start date. Required to be written in the format YYYY-MM-DD."},
		  "memo":{"type":"string","maxLength":140,"description":"At most 140 characters."}}}}`,
		want: []string{"/inputSchema/properties/query", "/inputSchema/properties/start_date"},
		msgs: []string{`"Max 256 chars" but the schema has no maxLength`, `"the format YYYY-MM-DD" but the schema has no format or pattern`},
	}, {
		name: "conditional requirements: prose only, then expressed with dependentRequired and anyOf",
		// github-mcp-server add_issue_comment: "Required unless body is provided."
		tool: `{"name":"add_issue_comment","inputSchema":{"type":"object","properties":{
		  "body":{"type":"string","description":"Comment content. Required unless reaction is provided."},
		  "reaction":{"type":"string","enum":["+1","-1"],"description":"Emoji reaction to add. Required unless body is provided."}}}}`,
		want: []string{"/inputSchema/properties/body", "/inputSchema/properties/reaction"},
		msgs: []string{`"Required unless reaction is provided" but the schema has no if/then, dependentRequired or oneOf branch that requires body`},
	}, {
		name: "the same requirements enforced",
		tool: `{"name":"add_issue_comment","inputSchema":{"type":"object","properties":{
		  "body":{"type":"string","description":"Comment content. Required unless reaction is provided."},
		  "reaction":{"type":"string","enum":["+1","-1"],"description":"Emoji reaction to add. Required unless body is provided."},
		  "sha":{"type":"string","description":"Required if the file already exists."},
		  "content":{"type":"string"}},
		  "anyOf":[{"required":["body"]},{"required":["reaction"]}],
		  "dependentRequired":{"content":["sha"]}}}`,
	}, {
		name: "enum prose, unconditional required prose, and defaults that are not literals",
		// github-mcp-server list_repository_collaborators affiliation and
		// issue_dependency_write related_owner; playwright-mcp browserType.
		tool: `{"name":"t","inputSchema":{"type":"object","properties":{
		  "state":{"type":"string","description":"Must be one of: open, closed, all."},
		  "owner":{"type":"string","description":"Required. The account owner."},
		  "related_owner":{"type":"string","description":"The owner of the related issue's repository. Defaults to 'owner' when omitted."},
		  "ref":{"type":"string","description":"Defaults to the repository's default branch (HEAD)."},
		  "affiliation":{"type":"string","enum":["outside","direct","all"],"description":"Filter by affiliation. Can be one of: 'outside', 'direct', 'all'. Default: 'all'"},
		  "browserType":{"type":"string","enum":["chromium","firefox","webkit"],"description":"Browser type to use (chromium, firefox, webkit). Defaults to chromium"},
		  "headless":{"type":"boolean","default":false,"description":"Run browser in headless mode (default: false)"}}}}`,
		want: []string{"/inputSchema/properties/state", "/inputSchema/properties/owner", "/inputSchema/properties/affiliation", "/inputSchema/properties/browserType"},
		msgs: []string{`"Must be one of: open, closed, all" but the schema has no enum or const`, `"Required." but the schema has no "required" entry for owner`,
			`"Default: 'all'" but the schema has no default`, `"Defaults to chromium" but the schema has no default`},
	}, {
		name: "numeric bounds map to the schema's type",
		tool: `{"name":"t","inputSchema":{"type":"object","properties":{
		  "limit":{"type":"integer","description":"Between 1 and 50 results."},
		  "tags":{"type":"array","items":{"type":"string"},"description":"Up to 10 tags."},
		  "threshold":{"type":"number","exclusiveMinimum":0,"description":"At least 0, at most 1.","maximum":1},
		  "note":{"type":"string","description":"At most 3 lines."},
		  "count":{"type":"integer","description":"Must be <= 5."}}}}`,
		want: []string{"/inputSchema/properties/limit", "/inputSchema/properties/limit", "/inputSchema/properties/tags", "/inputSchema/properties/count"},
		msgs: []string{`"Between 1 and 50 results" but the schema has no minimum`, `"Between 1 and 50 results" but the schema has no maximum`, `"Up to 10 tags" but the schema has no maxItems`, `"<= 5" but the schema has no maximum`},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := expectPointers(t, id, c.tool, c.want...)
			all := strings.Join(findingMessages(fs), "\n")
			for _, m := range c.msgs {
				if !strings.Contains(all, m) {
					t.Errorf("no message with %q in:\n%s", m, all)
				}
			}
		})
	}
}

// TestProseOnlyConstraintOnCorpus pins the findings on the real servers. Each
// was read; all state a rule or value the schema leaves out:
//   - github-mcp-server (56): 35 conditional requirements, mostly of its
//     consolidated method-switch tools ("Required for 'run_workflow' method",
//     "Required unless body is provided"), with no if/then or oneOf; 13 dates
//     in prose ("ISO 8601 timestamp", "in YYYY-MM-DD format", "ISO 8601 date
//     or range") with no format or pattern; 6 defaults ("(default: 30",
//     "Defaults to false.", "Default: 'all'"); "max 50" on projects_list
//     per_page and "Max 256 chars" on search_code.
//   - playwright (19): "(default: 1280)", "(default: false)", "Defaults to
//     chromium", "(default: page.pdf)" without default.
//   - heroku (11): "Default: DATABASE_URL" (8), "Default: 10", "Default: us.",
//     and "Required for attachment names" on get_addon_info's app.
//   - archived server-github (5), gitlab (2), slack (2): "(default: 1)",
//     "max: 100", "max 200" without default/maximum, and create_or_update_file's
//     sha "required when updating existing files".
//   - tavily (2): start_date/end_date "in the format YYYY-MM-DD".
//
// What stays quiet on purpose: bounds the schema has (github's "(min 1, max
// 100)"), defaults that are behaviour ("Defaults to the repository's default
// branch", "Default: Now", "defaults to best match", Defaults to 'owner' naming
// another parameter), and dates offered among other value kinds ("text,
// number, or YYYY-MM-DD date") or inside a search query's syntax.
func TestProseOnlyConstraintOnCorpus(t *testing.T) {
	want := map[string]int{
		"github-mcp-server.json":                           56,
		"npm-archived-server-github.json":                  5,
		"npm-archived-server-gitlab.json":                  2,
		"npm-archived-server-slack.json":                   2,
		"npm-executeautomation-playwright-mcp-server.json": 19,
		"npm-heroku-mcp-server.json":                       11,
		"npm-tavily-mcp.json":                              2,
	}
	for _, file := range serverCorpusFiles(t) {
		base := filepath.Base(file)
		fs := findingsOfRules(t, file, "docs/prose-only-constraint")
		if len(fs) != want[base] {
			var lines []string
			for _, f := range fs {
				lines = append(lines, f.Tool+" "+f.Pointer+": "+f.Message)
			}
			t.Errorf("%s: %d findings, want %d:\n%s", base, len(fs), want[base], strings.Join(lines, "\n"))
		}
	}
}
