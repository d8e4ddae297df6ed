package github

import (
	"os"
	"path/filepath"
	"testing"
)

// What actions/checkout writes, v4/v5 into .git/config and v6 into a file
// .git/config includes (its git-auth-helper), and what is not a token.
func TestPersistedCredential(t *testing.T) {
	const header = "\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2V4YW1wbGU=\n"
	for _, tc := range []struct {
		name   string
		files  map[string]string
		wantIn string
	}{
		{"checkout v4", map[string]string{".git/config": "[core]\n\tbare = false\n[http \"https://github.com/\"]\n" + header}, ".git/config"},
		{"old section syntax and case", map[string]string{".git/config": "[HTTP.https://github.com/]\n\tExtraHeader = \"Authorization: bearer x\"\n"}, ".git/config"},
		{"included file (checkout v6)", map[string]string{
			".git/config":                  "[includeIf \"gitdir:/github/workspace/.git\"]\n\tpath = ../creds/git-credentials.config\n",
			"creds/git-credentials.config": "[http \"https://github.com/\"]\n" + header}, "creds/git-credentials.config"},
		{"include of an include", map[string]string{
			".git/config": "[include]\n\tpath = a.config\n", ".git/a.config": "[include]\n\tpath = b.config\n",
			".git/b.config": "[http]\n" + header}, ".git/b.config"},
		{"persist-credentials: false", map[string]string{".git/config": "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = https://github.com/o/r\n"}, ""},
		{"another header", map[string]string{".git/config": "[http]\n\textraheader = X-Trace: 1\n"}, ""},
		{"not under http", map[string]string{".git/config": "[alias]\n" + header}, ""},
		{"missing include", map[string]string{".git/config": "[include]\n\tpath = /nonexistent/creds.config\n"}, ""},
		{"include loop", map[string]string{".git/config": "[include]\n\tpath = config\n"}, ""},
		{"worktree .git file", map[string]string{".git": "gitdir: real.git\n", "real.git/config": "[http]\n" + header}, "real.git/config"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, body := range tc.files {
				p := filepath.Join(dir, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			sub := filepath.Join(dir, "sub", "dir")
			os.MkdirAll(sub, 0o755)
			want := ""
			if tc.wantIn != "" {
				want = filepath.Join(dir, tc.wantIn)
			}
			// From the clone's root, and from a working-directory inside it.
			for _, from := range []string{dir, sub} {
				if got := PersistedCredential(from, dir); got != want {
					t.Errorf("from %s: %q, want %q", from, got, want)
				}
			}
		})
	}
}
