package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/collisions"
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/drift"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// manyFindings lints the largest corpus catalog (github-mcp-server's 117
// tools) with every profile: hundreds of findings of every severity.
func manyFindings(t testing.TB) *contract.Result {
	t.Helper()
	catalogs, err := source.Load(filepath.Join("..", "testdata", "corpus", "servers", "github-mcp-server.json"))
	if err != nil {
		t.Fatal(err)
	}
	profiles, err := lint.ExpandProfiles([]string{"all"})
	if err != nil {
		t.Fatal(err)
	}
	r := &contract.Result{
		Servers:  []contract.ServerInfo{{Name: catalogs[0].Server, Origin: catalogs[0].Origin, Tools: len(catalogs[0].Tools)}},
		Findings: lint.Run(catalogs, lint.Options{Profiles: profiles, MCPVersion: lint.DefaultMCPVersion}),
	}
	if len(r.Findings) < 200 {
		t.Fatalf("only %d findings", len(r.Findings))
	}
	return r
}

// sarifSchema compiles the SARIF 2.1.0 schema vendored in testdata (see
// testdata/SOURCES.md).
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func validateSARIF(t *testing.T, sch *jsonschema.Schema, data []byte) map[string]any {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("SARIF does not validate against 2.1.0: %v", err)
	}
	var log map[string]any
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	return log
}

func TestSARIFValidatesOnAFullCatalog(t *testing.T) {
	r := manyFindings(t)
	var rules []contract.RuleInfo
	for _, rule := range lint.Rules() {
		rules = append(rules, rule.Info())
	}
	var out bytes.Buffer
	err := SARIF(&out, r, SARIFOptions{Meta: Meta{Name: "mcp-contract", Version: "test"}, Rules: rules,
		HelpURI: func(id string) string { return "https://example.com/rules#" + id },
		Places:  Places{Config: contract.Location{File: ".mcp-contract.yaml"}}})
	if err != nil {
		t.Fatal(err)
	}
	log := validateSARIF(t, sarifSchema(t), out.Bytes())
	run := log["runs"].([]any)[0].(map[string]any)
	results := run["results"].([]any)
	if len(results) != len(r.Findings) {
		t.Errorf("%d results for %d findings", len(results), len(r.Findings))
	}
	driverRules := run["tool"].(map[string]any)["driver"].(map[string]any)["rules"].([]any)
	if len(driverRules) != len(rules) {
		t.Errorf("%d rules in the driver, %d ran", len(driverRules), len(rules))
	}
	located := 0
	for _, x := range results {
		res := x.(map[string]any)
		idx := int(res["ruleIndex"].(float64))
		if got := driverRules[idx].(map[string]any)["id"]; got != res["ruleId"] {
			t.Fatalf("ruleIndex %d names %v, result is %v", idx, got, res["ruleId"])
		}
		locs, _ := res["locations"].([]any)
		if len(locs) == 0 {
			t.Fatalf("result %v has no location", res)
		}
		phys, ok := locs[0].(map[string]any)["physicalLocation"].(map[string]any)
		if !ok {
			t.Fatalf("result %v has no physical location", res)
		}
		located++
		uri := phys["artifactLocation"].(map[string]any)["uri"].(string)
		if filepath.IsAbs(uri) || strings.Contains(uri, "\\") {
			t.Fatalf("uri %q is not repository-relative", uri)
		}
	}
	t.Logf("%d results (%d located), %d rules, %d bytes", len(results), located, len(driverRules), out.Len())
}

func TestSARIFDriftRelatedAndHostileText(t *testing.T) {
	r := &contract.Result{Findings: []contract.Finding{
		{Rule: "drift/required-added", Severity: contract.Error, Category: contract.CategoryDrift, Server: "gh", Tool: "t",
			Pointer: "/inputSchema/required", File: "mcp snapshots/gh.json", Line: 9, Column: 5, Change: contract.ChangeBreaking,
			Message: "property \"x\" is now required\n::error::boom <b>"},
		{Rule: "collision/same-name", Severity: contract.Warning, Category: contract.CategoryCollision, Server: "a", Tool: "search",
			File: "a.json", Line: 2, Column: 3, Message: "search clashes", Related: []contract.Location{{Server: "b", Tool: "search", File: "b.json", Line: 4, Column: 5}}},
		{Rule: "mcp/tool-name-invalid", Severity: contract.Info, Category: contract.CategoryLint, Server: "live", Tool: "x y", Message: "live server, no file"},
	}}
	var out bytes.Buffer
	if err := SARIF(&out, r, SARIFOptions{Meta: Meta{Name: "mcp-contract", Version: "test"}}); err != nil {
		t.Fatal(err)
	}
	log := validateSARIF(t, sarifSchema(t), out.Bytes())
	results := log["runs"].([]any)[0].(map[string]any)["results"].([]any)
	drift := results[0].(map[string]any)
	if drift["properties"].(map[string]any)["change"] != "breaking" {
		t.Errorf("drift result without its change: %v", drift["properties"])
	}
	uri := drift["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["artifactLocation"].(map[string]any)["uri"]
	if uri != "mcp%20snapshots/gh.json" {
		t.Errorf("uri %v", uri)
	}
	if fp := drift["partialFingerprints"].(map[string]any)["primaryLocationLineHash"]; fp == "" {
		t.Error("no primaryLocationLineHash")
	}
	related := results[1].(map[string]any)["relatedLocations"].([]any)
	if len(related) != 1 || related[0].(map[string]any)["physicalLocation"].(map[string]any)["artifactLocation"].(map[string]any)["uri"] != "b.json" {
		t.Errorf("relatedLocations %v", related)
	}
	if !strings.Contains(out.String(), `<b>`) {
		t.Error("HTML escaped in SARIF text; GitHub renders message text as plain text")
	}
}

func TestSARIFFingerprintIgnoresTheLine(t *testing.T) {
	f := contract.Finding{Rule: "docs/x", Server: "s", Tool: "t", Pointer: "/description", Line: 3, Message: "m"}
	g := f
	g.Line, g.Column = 40, 2
	if fingerprint(f) != fingerprint(g) {
		t.Error("a moved finding changed its fingerprint")
	}
	g.Tool = "u"
	if fingerprint(f) == fingerprint(g) {
		t.Error("two tools share a fingerprint")
	}
}

// GitHub code scanning rejects a whole SARIF upload when one result has no
// physical location ("locationFromSarifResult: expected artifact
// location"). Every result of a corpus run (every lint profile, the
// session budget, collisions across servers, drift with a removed tool
// located at the base ref, a live server without a file) is located on a
// repository-relative file that exists, never on a git: URI.
func TestSARIFLocatesEveryResultOfACorpusRun(t *testing.T) {
	root := filepath.Join("..", "testdata", "corpus", "servers")
	var catalogs []*contract.Catalog
	for _, name := range []string{"github-mcp-server.json", "npm-archived-server-github.json", "npm-server-everything.json", "npm-server-memory.json"} {
		cs, err := source.Load(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		catalogs = append(catalogs, cs...)
	}
	profiles, err := lint.ExpandProfiles([]string{"all"})
	if err != nil {
		t.Fatal(err)
	}
	findings := lint.Run(catalogs, lint.Options{Profiles: profiles, MCPVersion: lint.DefaultMCPVersion})
	findings = append(findings, collisions.Check(catalogs, collisions.Options{Providers: collisions.Providers})...)
	// The work tree removed a tool the base ref had: drift locates it at
	// the ref ("git:HEAD:path").
	memoryPath := filepath.Join(root, "npm-server-memory.json")
	data, err := os.ReadFile(memoryPath)
	if err != nil {
		t.Fatal(err)
	}
	base, err := source.Parse(data, "git:HEAD:"+filepath.ToSlash(memoryPath), "npm-server-memory", "git:HEAD:"+filepath.ToSlash(memoryPath))
	if err != nil {
		t.Fatal(err)
	}
	current := *catalogs[len(catalogs)-1]
	current.Tools = current.Tools[1:]
	findings = append(findings, drift.Compare(base, &current, drift.Options{})...)
	findings = append(findings,
		contract.Finding{Rule: "drift/tool-removed", Severity: contract.Error, Category: contract.CategoryDrift, Server: "gone", Tool: "t",
			File: "git:HEAD:mcp-snapshots/gone.json", Line: 3, Message: "a server removed in the work tree"},
		contract.Finding{Rule: "docs/x", Severity: contract.Warning, Category: contract.CategoryLint, Server: "live", Tool: "t", Message: "a live server"})

	exists := map[string]bool{".mcp-contract.yaml": true}
	places := Places{Config: contract.Location{File: ".mcp-contract.yaml"}, Servers: map[string]contract.Location{
		"live": {File: ".mcp-contract.yaml", Line: 7}, "gone": {File: ".mcp-contract.yaml"}}}
	for _, c := range catalogs {
		exists[filepath.ToSlash(c.Tools[0].File)] = true
	}
	var out bytes.Buffer
	err = SARIF(&out, &contract.Result{Findings: findings}, SARIFOptions{Meta: Meta{Name: "mcp-contract", Version: "test"},
		Places: places, Exists: func(p string) bool { return exists[p] }})
	if err != nil {
		t.Fatal(err)
	}
	log := validateSARIF(t, sarifSchema(t), out.Bytes())
	results := log["runs"].([]any)[0].(map[string]any)["results"].([]any)
	rules := map[string]int{}
	for _, x := range results {
		res := x.(map[string]any)
		rules[strings.SplitN(res["ruleId"].(string), "/", 2)[0]]++
		locs, _ := res["locations"].([]any)
		related, _ := res["relatedLocations"].([]any)
		for _, l := range append(locs, related...) {
			phys, ok := l.(map[string]any)["physicalLocation"].(map[string]any)
			if !ok {
				t.Fatalf("%v: a location without a physical location", res["ruleId"])
			}
			uri := phys["artifactLocation"].(map[string]any)["uri"].(string)
			if strings.HasPrefix(uri, "git") || !exists[uri] {
				t.Fatalf("%v: uri %q is not a file of the work tree", res["ruleId"], uri)
			}
		}
		if len(locs) == 0 {
			t.Fatalf("%v: no location", res["ruleId"])
		}
	}
	for _, group := range []string{"budget", "collision", "drift", "openai-strict", "gemini", "anthropic-strict", "docs"} {
		if rules[group] == 0 {
			t.Errorf("the corpus run has no %s result: %v", group, rules)
		}
	}
	t.Logf("%d results, all located: %v", len(results), rules)
}

// A lint finding about a live server has no file: SARIF locates it on its
// node in the server's committed snapshot, as the annotations do.
func TestSARIFPlacesLiveFindingsOnTheSnapshot(t *testing.T) {
	snap, err := source.Parse([]byte("{\"tools\": [\n  {\"name\": \"get\",\n   \"description\": \"x\"}\n]}\n"),
		"mcp-snapshots/live.json", "live", "file:mcp-snapshots/live.json")
	if err != nil {
		t.Fatal(err)
	}
	r := &contract.Result{Findings: []contract.Finding{{Rule: "docs/a", Severity: contract.Warning, Category: contract.CategoryLint,
		Server: "live", Tool: "get", Pointer: "/description", Message: "m"}}}
	var out bytes.Buffer
	if err := SARIF(&out, r, SARIFOptions{Meta: Meta{Name: "mcp-contract"}, Snapshots: []*contract.Catalog{snap}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"uri": "mcp-snapshots/live.json"`) || !strings.Contains(out.String(), `"startLine": 3`) {
		t.Errorf("not on the snapshot's line:\n%s", out.String())
	}

	// A collision's other side on a live server gets its line too.
	r.Findings = []contract.Finding{{Rule: "collision/duplicate-name", Severity: contract.Error, Category: contract.CategoryCollision,
		Server: "file", Tool: "get", Pointer: "/name", File: "tools/file.json", Line: 2, Column: 5, Message: "clash",
		Related: []contract.Location{{Server: "live", Tool: "get", Pointer: "/name"}}}}
	out.Reset()
	if err := SARIF(&out, r, SARIFOptions{Meta: Meta{Name: "mcp-contract"}, Snapshots: []*contract.Catalog{snap}}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RelatedLocations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           *struct{ StartLine int }
					}
				}
			}
		}
	}
	json.Unmarshal(out.Bytes(), &log)
	rel := log.Runs[0].Results[0].RelatedLocations
	if len(rel) != 1 || rel[0].PhysicalLocation.ArtifactLocation.URI != "mcp-snapshots/live.json" || rel[0].PhysicalLocation.Region == nil || rel[0].PhysicalLocation.Region.StartLine != 2 {
		t.Errorf("the other side has no region:\n%s", out.String())
	}
}

// What code scanning reads of a pull request: which results are new and
// which the base had (baselineState), breaking changes a label allowed as
// notes that say who allowed them, and a file for a finding about a whole
// tool list when no config places it (lint FILE…).
func TestSARIFForAPullRequest(t *testing.T) {
	yes, no := true, false
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: "gh", Origin: "file:tools/gh.json", Tools: 2}},
		Findings: []contract.Finding{
			{Rule: "drift/tool-removed", Severity: contract.Error, Category: contract.CategoryDrift, Change: contract.ChangeBreaking,
				Server: "gh", Tool: "get", File: "tools/gh.json", Line: 3, Message: "removed", New: &yes},
			{Rule: "docs/old", Severity: contract.Warning, Category: contract.CategoryLint, Server: "gh", Tool: "list",
				File: "tools/gh.json", Line: 9, Message: "old", New: &no},
			{Rule: "budget/max-tools", Severity: contract.Warning, Category: contract.CategoryLint, Server: "gh", Message: "too many tools", New: &yes},
			{Rule: "budget/session-tokens", Severity: contract.Warning, Category: contract.CategoryLint, Message: "too many tokens", New: &yes},
		},
		Fixed: []contract.Finding{{Rule: "docs/old", Severity: contract.Warning, Category: contract.CategoryLint, Server: "gh", Tool: "gone",
			File: "git:abc123:tools/gh.json", Line: 20, Message: "old"}},
	}
	var out bytes.Buffer
	if err := SARIF(&out, r, SARIFOptions{AllowedBy: "mcp-contract:breaking-ok"}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID, Level, BaselineState string
				Locations                    []struct {
					PhysicalLocation *struct{ ArtifactLocation struct{ URI string } }
				}
				Properties map[string]any
			}
		}
	}
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, res := range log.Runs[0].Results {
		uri := "-"
		if len(res.Locations) > 0 && res.Locations[0].PhysicalLocation != nil {
			uri = res.Locations[0].PhysicalLocation.ArtifactLocation.URI
		}
		got = append(got, strings.Join([]string{res.RuleID, res.Level, res.BaselineState, uri, fmt.Sprint(res.Properties["allowedBy"])}, " "))
	}
	want := []string{
		"drift/tool-removed note new tools/gh.json mcp-contract:breaking-ok",
		"docs/old warning unchanged tools/gh.json <nil>",
		"budget/max-tools warning new tools/gh.json <nil>",
		"budget/session-tokens warning new tools/gh.json <nil>",
		"docs/old warning absent tools/gh.json <nil>",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
