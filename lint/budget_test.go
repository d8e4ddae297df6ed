package lint

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// runSessionRule runs one catalog rule over the catalogs of a session.
func runSessionRule(t *testing.T, id string, opts Options, catalogs []*contract.Catalog) []contract.Finding {
	t.Helper()
	r := Lookup(id)
	if r == nil || r.CheckCatalog == nil {
		t.Fatalf("%s is not a registered catalog rule", id)
	}
	var out []contract.Finding
	r.CheckCatalog(&CatalogPass{Rule: r, Catalogs: catalogs, Options: &opts, emit: func(f contract.Finding) { out = append(out, f) }})
	return out
}

const (
	corpusGitHub     = "../testdata/corpus/servers/github-mcp-server.json"                  // 117 tools, 25,101 tokens
	corpusEverything = "../testdata/corpus/servers/npm-server-everything.json"              // 19 tools, 1,794 tokens
	corpusFilesystem = "../testdata/corpus/servers/npm-server-filesystem.json"              // 14 tools, 1,664 tokens
	corpusMemory     = "../testdata/corpus/servers/npm-server-memory.json"                  // 9 tools, 900 tokens
	corpusDesktop    = "../testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json" // 26 tools, 10,832 tokens
)

func TestBudgetToolCount(t *testing.T) {
	const id = "budget/tool-count"
	cases := []struct {
		name   string
		files  []string
		max    int
		server string
		msg    string
	}{{
		name:  "github-mcp-server alone is over the default 40, said of the session",
		files: []string{corpusGitHub},
		msg:   `server "github-mcp-server" alone exposes 117 tools, over the budget of 40 per client session`,
	}, {
		name:  "a configured budget lifts the limit",
		files: []string{corpusGitHub},
		max:   120,
	}, {
		name:  "filesystem and memory together fit",
		files: []string{corpusFilesystem, corpusMemory},
	}, {
		name:  "the three reference servers together are one session over 40, filed under none of them",
		files: []string{corpusFilesystem, corpusMemory, corpusEverything},
		msg:   "the 3 servers loaded together expose 42 tools, over the budget of 40 per client session (npm-server-everything 19, npm-server-filesystem 14, npm-server-memory 9)",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := runSessionRule(t, id, Options{MaxTools: c.max}, loadToolFiles(t, c.files...))
			expectBudgetFinding(t, fs, c.server, c.msg)
		})
	}
}

func TestBudgetCatalogTokens(t *testing.T) {
	const id = "budget/catalog-tokens"
	cases := []struct {
		name   string
		files  []string
		max    int
		server string
		msg    string
	}{{
		name:   "github-mcp-server alone costs more than 20,000 tokens a turn",
		files:  []string{corpusGitHub},
		server: "github-mcp-server",
		msg:    "this server's tool definitions cost 25101 tokens (o200k_base) per turn, over the budget of 20000 (github-mcp-server 25101; largest tools: github-mcp-server/projects_write 1567, github-mcp-server/issue_write 644, github-mcp-server/actions_list 578)",
	}, {
		name:  "desktop-commander and the reference servers fit the default budget",
		files: []string{corpusDesktop, corpusFilesystem, corpusMemory, corpusEverything},
	}, {
		name:   "the same session over a tighter budget, reported on the largest server",
		files:  []string{corpusDesktop, corpusFilesystem, corpusMemory, corpusEverything},
		max:    10000,
		server: "npm-wonderwhy-er-desktop-commander",
		msg:    "the tool definitions of the 4 servers loaded together cost 15190 tokens (o200k_base) per turn, over the budget of 10000",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := runSessionRule(t, id, Options{MaxCatalogTokens: c.max}, loadToolFiles(t, c.files...))
			expectBudgetFinding(t, fs, c.server, c.msg)
		})
	}
}

func expectBudgetFinding(t *testing.T, fs []contract.Finding, server, msg string) {
	t.Helper()
	if msg == "" {
		if len(fs) != 0 {
			t.Errorf("want no finding, got %+v", fs)
		}
		return
	}
	if len(fs) != 1 {
		t.Fatalf("want one finding, got %+v", fs)
	}
	f := fs[0]
	if f.Server != server || f.Tool != "" || f.Severity != contract.Warning || !strings.Contains(f.Message, msg) {
		t.Errorf("finding %+v\nwant server %s and message containing %q", f, server, msg)
	}
}
