package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// actions/checkout leaves the job token in .git/config unless
// persist-credentials is false, and every server the Action starts can
// read it there: the Action says so once, after the masks, before the
// report (design §7). Without a stdio server, or without the header,
// nothing is said.
func TestActionWarnsOfAPersistedCheckoutToken(t *testing.T) {
	header := "AUTHORIZATION: basic " + base64.StdEncoding.EncodeToString([]byte("x-access-token:"+e2eToken))
	for _, tc := range []struct {
		name          string
		persist       func(repo string)
		stdio, warned bool
	}{
		{"in .git/config", func(repo string) { git(t, repo, "config", "http.https://github.com/.extraheader", header) }, true, true},
		{"in a file .git/config includes", func(repo string) {
			inc := filepath.Join(repo, ".git", "git-credentials-1.config")
			os.WriteFile(inc, []byte("[http \"https://github.com/\"]\n\textraheader = "+header+"\n"), 0o644)
			git(t, repo, "config", "includeIf.gitdir:"+filepath.Join(repo, ".git")+".path", inc)
		}, true, true},
		{"no stdio server", func(repo string) { git(t, repo, "config", "http.https://github.com/.extraheader", header) }, false, false},
		{"persist-credentials: false", func(string) {}, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pr := newPRRepo(t)
			if tc.stdio {
				config := filepath.Join(pr.repo, ".mcp-contract.yaml")
				data, _ := os.ReadFile(config)
				local := "servers:\n  local: {command: [" + fixtureServer(t, "") + ", -tools, mcp-snapshots/bank.json]}\n"
				os.WriteFile(config, []byte(strings.Replace(string(data), "servers:\n", local, 1)), 0o644)
			}
			tc.persist(pr.repo)
			srv := (&restAPI{nextID: 1}).serve(t)
			r := runAction(t, pr.repo, pr.runner, pr.event("Codertocat/Hello-World"), srv.URL, pr.headSHA)
			if strings.Contains(r.stdout+r.stderr, header[len("AUTHORIZATION: basic "):]) {
				t.Errorf("the persisted header was printed")
			}
			var warnings []int
			lines := strings.Split(r.stdout, "\n")
			for i, line := range lines {
				if strings.Contains(line, "persist-credentials: false") {
					warnings = append(warnings, i)
				}
			}
			if !tc.warned {
				if len(warnings) != 0 {
					t.Errorf("warned: %q", lines[warnings[0]])
				}
				return
			}
			if len(warnings) != 1 {
				t.Fatalf("%d warnings, want 1:\n%s\n%s\n%s", len(warnings), r.stdout, r.stderr, r.summary)
			}
			w := warnings[0]
			if !strings.HasPrefix(lines[w], "::warning title=mcp-contract::") || !strings.Contains(lines[w], "http.*.extraheader") ||
				w == 0 || !strings.HasPrefix(lines[w-1], "::add-mask::") {
				t.Errorf("want one warning right after the masks, got line %d: %q\n%s", w, lines[w], r.stdout)
			}
		})
	}
}
