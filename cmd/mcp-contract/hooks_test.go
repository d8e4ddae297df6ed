package main

import (
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// parsesWithCLI checks a command line against the real command tree without
// running it: the command exists, its flags parse and its arguments are
// accepted. argv[0] is the program name.
func parsesWithCLI(t *testing.T, argv []string) error {
	t.Helper()
	root := newApp(io.Discard, io.Discard).rootCommand()
	cmd, rest, err := root.Find(argv[1:])
	if err != nil {
		return err
	}
	if cmd == root {
		return usagef("no command in %q", strings.Join(argv, " "))
	}
	if err := cmd.ParseFlags(rest); err != nil {
		return err
	}
	return cmd.ValidateArgs(cmd.Flags().Args())
}

func TestParsesWithCLIRefuses(t *testing.T) {
	for _, bad := range [][]string{
		{"mcp-contract"},
		{"mcp-contract", "lnit"},
		{"mcp-contract", "drift", "--againts", "git:HEAD"},
		{"mcp-contract", "drift", "a.json"},
		{"mcp-contract", "version", "extra"}, // init takes client config files since issue 21
	} {
		if err := parsesWithCLI(t, bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// The pre-commit hooks: every field pre-commit requires, the golang
// language, an entry the CLI accepts with the files pre-commit would pass,
// and file patterns that pick the contract's files and nothing else.
func TestPreCommitHooks(t *testing.T) {
	data, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID, Name, Entry, Language, Files string
		PassFilenames                    *bool `yaml:"pass_filenames"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	matches := map[string][]string{
		"mcp-contract-lint":  {"mcp-snapshots/github.json", "servers/a/mcp-snapshots/x.json", "pkg/github/__toolsnaps__/get_me.snap", "tools.json", "api/weather.tools.json"},
		"mcp-contract-drift": {"mcp-snapshots/github.json", "servers/a/mcp-snapshots/x.json"},
	}
	never := []string{"package.json", "mcp-snapshots/sub/x.json", "mcp-snapshots/README.md", "my-tools.json.bak", ".mcp.json"}
	if len(hooks) != len(matches) {
		t.Fatalf("%d hooks, want %d", len(hooks), len(matches))
	}
	for _, h := range hooks {
		if h.ID == "" || h.Name == "" || h.Entry == "" || h.Language != "golang" {
			t.Errorf("%+v: pre-commit needs id, name, entry and language (golang: pre-commit runs go install ./...)", h)
		}
		files := regexp.MustCompile(h.Files)
		for _, p := range matches[h.ID] {
			if !files.MatchString(p) {
				t.Errorf("%s: files does not pick %s", h.ID, p)
			}
		}
		for _, p := range never {
			if files.MatchString(p) {
				t.Errorf("%s: files picks %s", h.ID, p)
			}
		}
		argv := strings.Fields(h.Entry)
		if h.PassFilenames == nil || *h.PassFilenames {
			argv = append(argv, matches[h.ID]...)
		}
		if argv[0] != "mcp-contract" {
			t.Errorf("%s: entry %q is not the binary go install makes", h.ID, h.Entry)
		}
		if err := parsesWithCLI(t, argv); err != nil {
			t.Errorf("%s: %q: %v", h.ID, argv, err)
		}
	}
}
