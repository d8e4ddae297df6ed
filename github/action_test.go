package github

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sethvargo/go-githubactions"
)

func actionWith(env map[string]string) *githubactions.Action {
	return githubactions.New(githubactions.WithGetenv(func(k string) string { return env[k] }))
}

func TestReadInputsKeepsHyphensAndChecksValues(t *testing.T) {
	in, err := ReadInputs(actionWith(map[string]string{
		"INPUT_FAIL-ON": "warning", "INPUT_COMMENT-ID": "lint", "INPUT_ARGS": " --server a  tools/ ", "INPUT_DRIFT-ISSUE": "True",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if in.Command != "check" || in.FailOn != "warning" || in.CommentID != "lint" || in.Comment != "auto" || !in.DriftIssue || in.Annotate != "new" ||
		strings.Join(in.Args, "|") != "--server|a|tools/" {
		t.Errorf("inputs %+v", in)
	}
	for _, bad := range []map[string]string{
		{"INPUT_DRIFT-ISSUE": "yes"},
		{"INPUT_COMMENT": "sometimes"},
		{"INPUT_COMMAND": "sanitize"},
		{"INPUT_ANNOTATE": "existing"},
	} {
		if _, err := ReadInputs(actionWith(bad)); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestReadEventTellsAForkApart(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		return p
	}
	same := write("same.json", `{"number": 7, "pull_request": {"number": 7, "base": {"sha": "b1", "ref": "main"}, "head": {"repo": {"full_name": "o/r"}}}}`)
	fork := write("fork.json", `{"number": 7, "pull_request": {"number": 7, "base": {"sha": "b1", "ref": "main"}, "head": {"repo": {"full_name": "x/r"}}}}`)
	gone := write("gone.json", `{"number": 7, "pull_request": {"number": 7, "base": {"sha": "b1", "ref": "main"}, "head": {"repo": null}}}`)
	for path, wantFork := range map[string]bool{same: false, fork: true, gone: true} {
		ev, err := ReadEvent(actionWith(map[string]string{"GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": path,
			"GITHUB_REPOSITORY": "o/r", "GITHUB_RUN_ID": "9", "GITHUB_SERVER_URL": "https://github.com"}))
		if err != nil {
			t.Fatal(err)
		}
		if ev.PR != 7 || ev.BaseSHA != "b1" || ev.BaseRef != "main" || ev.Fork != wantFork || ev.RunURL != "https://github.com/o/r/actions/runs/9" {
			t.Errorf("%s: %+v", filepath.Base(path), ev)
		}
	}
	ev, err := ReadEvent(actionWith(map[string]string{"GITHUB_EVENT_NAME": "push", "GITHUB_REPOSITORY": "o/r"}))
	if err != nil || ev.PR != 0 {
		t.Errorf("push: %+v %v", ev, err)
	}
}

func TestOutputsAndSummaryOutsideARunner(t *testing.T) {
	a := actionWith(map[string]string{})
	if err := SetOutputs(a, [][2]string{{"errors", "1"}}); !IsOutsideRunner(err) {
		t.Errorf("SetOutputs without GITHUB_OUTPUT: %v", err)
	}
	if err := WriteSummary(a, "x"); !IsOutsideRunner(err) {
		t.Errorf("WriteSummary without GITHUB_STEP_SUMMARY: %v", err)
	}
	out := filepath.Join(t.TempDir(), "out")
	os.WriteFile(out, nil, 0o644)
	a = actionWith(map[string]string{"GITHUB_OUTPUT": out})
	if err := SetOutputs(a, [][2]string{{"errors", "1"}, {"report", "r.json"}}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), "errors<<") || !strings.Contains(string(data), "\nr.json\n") {
		t.Errorf("GITHUB_OUTPUT:\n%s", data)
	}
	if err := SetOutputs(a, [][2]string{{"x", "a\nb"}}); err == nil {
		t.Error("a line break in an output was written")
	}
}

func TestAllowBreakingLabel(t *testing.T) {
	for _, tc := range []struct {
		input, want string
	}{{"", DefaultAllowBreakingLabel}, {"  api-break ", "api-break"}} {
		in, err := ReadInputs(actionWith(map[string]string{"INPUT_ALLOW-BREAKING-LABEL": tc.input}))
		if err != nil || in.AllowBreakingLabel != tc.want {
			t.Errorf("input %q: label %q, %v", tc.input, in.AllowBreakingLabel, err)
		}
	}
	path := filepath.Join(t.TempDir(), "event.json")
	os.WriteFile(path, []byte(`{"pull_request": {"number": 7, "labels": [{"name": "docs"}, {"name": "mcp-contract:breaking-ok"}, {"id": 3}, "odd"],
  "base": {"sha": "b1"}, "head": {"repo": {"full_name": "o/r"}}}}`), 0o644)
	ev, err := ReadEvent(actionWith(map[string]string{"GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": path, "GITHUB_REPOSITORY": "o/r"}))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(ev.Labels, ",") != "docs,mcp-contract:breaking-ok" || !ev.HasLabel(DefaultAllowBreakingLabel) || ev.HasLabel("mcp-contract") || ev.HasLabel("") {
		t.Errorf("labels %q", ev.Labels)
	}
}
