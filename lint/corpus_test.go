package lint

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// corpusFiles lists every real tool list in the repository: the captured
// servers, both sides of every drift case and the banking example.
func corpusFiles(t testing.TB) []string {
	var files []string
	for _, pattern := range []string{
		"../testdata/corpus/servers/*.json",
		"../testdata/corpus/drift/*/*.json",
		"../examples/banking/*.json",
	} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 16 {
		t.Fatalf("only %d corpus files found", len(files))
	}
	return files
}

// corpusCounts pins what the rules find in the corpus at every MCP version:
// the two list_issues tools of the dependabot drift case (before and after),
// and the 11 + 13 tools of the server-filesystem 2025.7.1/2025.8.21 captures
// whose inputSchema is only {"$schema": "...draft-07..."}, with no "type"
// (drift/npm-filesystem-read_text_file-read_media_file-added). A change here
// is a changed rule: review it.
var corpusCounts = []string{"mcp/duplicate-tool-name=2", "mcp/input-schema-root-not-object=24"}

// Every registered rule runs over every corpus file, at every MCP version,
// without panicking, locates every finding on a tool, and the mcp and schema
// rules find exactly corpusCounts.
func TestAllRulesOnCorpus(t *testing.T) {
	profiles, _ := ExpandProfiles([]string{"all"})
	for _, version := range KnownMCPVersions {
		counts := map[string]int{}
		for _, file := range corpusFiles(t) {
			c, err := source.LoadFile(file)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			var fs []contract.Finding
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s (MCP %s): panic: %v", file, version, r)
					}
				}()
				fs = Run([]*contract.Catalog{c}, Options{Profiles: profiles, MCPVersion: version})
			}()
			for _, f := range fs {
				// Provider, security, docs and budget counts are pinned by their
				// own goldens; this test pins the spec and schema core.
				if p := Lookup(f.Rule).Profile; p == ProfileMCP || p == ProfileSchema {
					counts[f.Rule]++
				}
				// Catalog-wide findings (budgets, strict request limits) name no tool and no node.
				if f.Tool != "" && f.Line == 0 {
					t.Errorf("%s: finding without position: %+v", file, f)
				}
			}
		}
		var lines []string
		for rule, n := range counts {
			lines = append(lines, fmt.Sprintf("%s=%d", rule, n))
		}
		sort.Strings(lines)
		if fmt.Sprint(lines) != fmt.Sprint(corpusCounts) {
			t.Errorf("MCP %s: findings per rule %v, want %v", version, lines, corpusCounts)
		}
	}
}

// The largest real catalog (github-mcp-server, 117 tools, 209 KB) through
// the mcp and schema profiles, reading included, against a plain
// encoding/json decode of the same bytes: the ratio of the two is the cost
// of the core rules.
func BenchmarkCoreRulesGitHubCatalog(b *testing.B) {
	data, err := os.ReadFile("../testdata/corpus/servers/github-mcp-server.json")
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{Profiles: map[Profile]bool{ProfileMCP: true, ProfileSchema: true}}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c, err := source.Parse(data, "github-mcp-server.json", "github", "file")
		if err != nil {
			b.Fatal(err)
		}
		Run([]*contract.Catalog{c}, opts)
	}
}

func BenchmarkDecodeGitHubCatalog(b *testing.B) {
	data, err := os.ReadFile("../testdata/corpus/servers/github-mcp-server.json")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// Run lints tools on every core; the findings, and their order, must be
// those of one core, whichever worker took which tool.
func TestRunOrderDoesNotDependOnWorkers(t *testing.T) {
	var catalogs []*contract.Catalog
	for _, file := range corpusFiles(t) {
		c, err := source.LoadFile(file)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		catalogs = append(catalogs, c)
	}
	profiles, _ := ExpandProfiles([]string{"all"})
	lintWith := func(procs int) []contract.Finding {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		return Run(catalogs, Options{Profiles: profiles})
	}
	one, many := lintWith(1), lintWith(8)
	if len(one) < 1000 {
		t.Fatalf("only %d findings on the corpus; the comparison says little", len(one))
	}
	if !reflect.DeepEqual(one, many) {
		for i := range min(len(one), len(many)) {
			if !reflect.DeepEqual(one[i], many[i]) {
				t.Fatalf("finding %d differs with 8 workers:\n one: %+v\nmany: %+v", i, one[i], many[i])
			}
		}
		t.Fatalf("1 worker: %d findings, 8 workers: %d", len(one), len(many))
	}
}
