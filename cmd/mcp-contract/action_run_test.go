package main

import (
	"io"
	"reflect"
	"strings"
	"testing"

	ghaction "github.com/mcp-contract/mcp-contract/github"
)

// The args input is read by the command's own flags, and the other inputs
// are set over it as the flags of the same name, as when they followed it on
// a command line: a string input wins, a profile input adds to --profile.
func TestParseInputsSetsInputsOverArgs(t *testing.T) {
	c := newCLI(io.Discard, io.Discard)
	k := c.newLint(true)
	in := ghaction.Inputs{Command: "check", Args: []string{"--profile", "openai", "--fail-on", "warning", "--config", "a.yaml", "tools.json"},
		Config: "b.yaml", Profiles: "anthropic", FailOn: "info", DriftIssue: true}
	args, err := parseInputs(k.cmd, in, "git:abc")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(args, []string{"tools.json"}) {
		t.Errorf("args %q", args)
	}
	if !reflect.DeepEqual(k.lint.profiles, []string{"openai", "anthropic"}) {
		t.Errorf("profiles %q", k.lint.profiles)
	}
	if k.server.config != "b.yaml" || k.server.failOn != "info" || k.against != "git:abc" || !k.keepGoing {
		t.Errorf("config %q, fail-on %q, against %q, keep-going %v", k.server.config, k.server.failOn, k.against, k.keepGoing)
	}
}

func TestParseInputsRefusesWhatTheCommandLineRefuses(t *testing.T) {
	c := newCLI(io.Discard, io.Discard)
	for _, tc := range []struct {
		command string
		args    []string
		against string
		want    string
	}{
		{"lint", nil, "git:main", "unknown flag: --against (see --help)"},
		{"check", []string{"--no-such-flag"}, "", "unknown flag: --no-such-flag (see --help)"},
		{"snapshot", []string{"tools.json"}, "", `unknown command "tools.json" for "mcp-contract snapshot"`},
		{"drift", []string{"old.json"}, "", "drift takes no SOURCE or exactly two (OLD NEW), got 1"},
	} {
		in := ghaction.Inputs{Command: tc.command, Args: tc.args, FailOn: "error"}
		var err error
		switch tc.command {
		case "lint", "check":
			_, err = parseInputs(c.newLint(tc.command == "check").cmd, in, tc.against)
		case "snapshot":
			_, err = parseInputs(c.newSnapshot().cmd, in, tc.against)
		case "drift":
			_, err = parseInputs(c.newDrift().cmd, in, tc.against)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: error %v, want %q", tc.command, tc.args, err, tc.want)
		}
		if code := c.exitCode(err); code != exitInput {
			t.Errorf("%s %q: exit %d, want %d", tc.command, tc.args, code, exitInput)
		}
	}
}
