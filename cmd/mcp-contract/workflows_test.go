package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/scaffold"
	"go.yaml.in/yaml/v3"
)

// shellWords splits one shell command into words as sh would, quotes
// removed, nothing expanded.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	in, quote := false, rune(0)
	for _, c := range s {
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

var (
	// ${{ }} expressions, $VAR and $(...): their values are not known
	// here, and 1 is a value every flag of ours accepts (a count, a path).
	expression = regexp.MustCompile(`\$\{\{[^}]*\}\}|\$\([^)]*\)|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?`)
	separators = regexp.MustCompile(`&&|\|\||;|\|`)
)

// mcpContractCalls are the command lines of a run script that start
// mcp-contract, each as argv with redirections dropped and every
// expression or variable standing as the word 1.
func mcpContractCalls(script string) [][]string {
	script = strings.ReplaceAll(script, "\\\n", " ")
	var calls [][]string
	for _, line := range strings.Split(script, "\n") {
		for _, part := range separators.Split(expression.ReplaceAllString(line, "1"), -1) {
			words := shellWords(strings.TrimSpace(part))
			for len(words) > 0 && strings.Contains(words[0], "=") {
				words = words[1:] // VAR=value before the command
			}
			if len(words) == 0 || words[0] != "mcp-contract" {
				continue
			}
			var argv []string
			for i := 0; i < len(words); i++ {
				if w := words[i]; w == ">" || w == ">>" || w == "<" || w == "2>" {
					i++
					continue
				}
				argv = append(argv, words[i])
			}
			calls = append(calls, argv)
		}
	}
	return calls
}

type workflowFile struct {
	On   map[string]any `yaml:"on"`
	Jobs map[string]struct {
		Environment any
		Strategy    struct{ Matrix map[string]any }
		Steps       []struct {
			Uses string
			Run  string
			With map[string]any
		}
	}
}

// Each example workflow, and the one init writes: valid YAML, every step
// that uses this action names only inputs action.yml declares, and every
// run line that calls mcp-contract parses with the real command tree.
func TestExampleWorkflows(t *testing.T) {
	repoRoot(t)
	var action struct{ Inputs map[string]any }
	data, err := os.ReadFile("action.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, &action); err != nil || len(action.Inputs) == 0 {
		t.Fatalf("action.yml: %v", err)
	}
	files := map[string][]byte{"init --workflow": scaffold.Workflow(scaffold.WorkflowOptions{ActionRef: "mcp-contract/mcp-contract@v1", Variables: []string{"STAGING_TOKEN", "GITHUB_PAT"}})}
	paths, _ := filepath.Glob("examples/workflows/*.yml")
	var names []string
	for _, p := range paths {
		files[p], _ = os.ReadFile(p)
		names = append(names, filepath.Base(p))
	}
	sort.Strings(names)
	if want := "fleet.yml fork-safe-comment.yml fork-safe-pr.yml nightly.yml pr.yml"; strings.Join(names, " ") != want {
		t.Errorf("examples/workflows holds %v, want %s", names, want)
	}
	uses, calls := 0, 0
	for name, data := range files {
		var wf workflowFile
		if err := yaml.Unmarshal(data, &wf); err != nil {
			t.Errorf("%s: not YAML: %v", name, err)
			continue
		}
		if len(wf.On) == 0 || len(wf.Jobs) == 0 {
			t.Errorf("%s: no trigger or no job", name)
		}
		for job, j := range wf.Jobs {
			for i, step := range j.Steps {
				if strings.HasPrefix(step.Uses, "mcp-contract/mcp-contract@") {
					uses++
					for input := range step.With {
						if _, ok := action.Inputs[input]; !ok {
							t.Errorf("%s: job %s step %d: input %q is not declared in action.yml", name, job, i+1, input)
						}
					}
				}
				for _, argv := range mcpContractCalls(step.Run) {
					calls++
					if err := parsesWithCLI(t, argv); err != nil {
						t.Errorf("%s: job %s step %d: %q: %v", name, job, i+1, strings.Join(argv, " "), err)
					}
				}
			}
		}
	}
	if uses < 6 || calls < 5 {
		t.Errorf("found %d uses of the action and %d mcp-contract run lines; the files hold more", uses, calls)
	}

	// What each example is for.
	read := func(name string) workflowFile {
		var wf workflowFile
		yaml.Unmarshal(files["examples/workflows/"+name], &wf)
		return wf
	}
	nightly := read("nightly.yml")
	if _, ok := nightly.On["schedule"]; !ok {
		t.Error("nightly.yml: no schedule")
	}
	if _, ok := nightly.On["workflow_dispatch"]; !ok {
		t.Error("nightly.yml: no workflow_dispatch")
	}
	text := string(files["examples/workflows/nightly.yml"])
	for _, want := range []string{"concurrency:", "drift-issue: 'true'", "environment: staging", "secrets.STAGING_TOKEN", "issues: write"} {
		if !strings.Contains(text, want) {
			t.Errorf("nightly.yml lacks %q", want)
		}
	}
	if _, ok := read("fork-safe-comment.yml").On["workflow_run"]; !ok {
		t.Error("fork-safe-comment.yml: not a workflow_run workflow")
	}
	if strings.Contains(string(files["examples/workflows/fork-safe-comment.yml"]), "actions/checkout") {
		t.Error("fork-safe-comment.yml checks out code: the privileged half must never run the pull request's code")
	}
	// The pull request comes from the event: nothing in the artifact or the
	// command line of the privileged half is the fork's to choose.
	for _, step := range read("fork-safe-comment.yml").Jobs["comment"].Steps {
		for _, argv := range mcpContractCalls(step.Run) {
			if slices.Contains(argv, "--pr") {
				t.Errorf("fork-safe-comment.yml passes --pr: %q", argv)
			}
		}
	}
	if forkPR := string(files["examples/workflows/fork-safe-pr.yml"]); strings.Contains(forkPR, "pr-number") || strings.Contains(forkPR, "event.number") {
		t.Error("fork-safe-pr.yml uploads a pull request number for the privileged half to trust")
	}
	fleet := string(files["examples/workflows/fleet.yml"])
	for _, want := range []string{"matrix:", "actions/upload-artifact", "actions/download-artifact", "mcp-contract collisions", "mcp-contract report --merge"} {
		if !strings.Contains(fleet, want) {
			t.Errorf("fleet.yml lacks %q", want)
		}
	}
}

func TestMCPContractCalls(t *testing.T) {
	got := mcpContractCalls("go install x/cmd/mcp-contract@v1\nFOO=1 mcp-contract report --merge a-*.json \\\n  --format markdown >> \"$GITHUB_STEP_SUMMARY\" && echo mcp-contract\nmcp-contract comment --from r.json --pr \"${{ github.event.number }}\"")
	want := [][]string{{"mcp-contract", "report", "--merge", "a-*.json", "--format", "markdown"}, {"mcp-contract", "comment", "--from", "r.json", "--pr", "1"}}
	if len(got) != len(want) || strings.Join(got[0], " ") != strings.Join(want[0], " ") || strings.Join(got[1], " ") != strings.Join(want[1], " ") {
		t.Errorf("%q", got)
	}
}

// The example workflows hold on GitHub (issue 26): a pull request workflow
// that uses the action has no paths: filter (a required check would wait
// forever on a docs-only pull request), one that uploads SARIF also runs on
// pushes to the default branch (code scanning compares a pull request's
// alerts with the default branch's), and every checkout leaves no token in
// .git/config. The README's pull request workflow is held to the same.
func TestExampleWorkflowsHoldOnGitHub(t *testing.T) {
	repoRoot(t)
	files := map[string][]byte{"init --workflow": scaffold.Workflow(scaffold.WorkflowOptions{ActionRef: "mcp-contract/mcp-contract@v1"})}
	paths, _ := filepath.Glob("examples/workflows/*.yml")
	for _, p := range paths {
		files[p], _ = os.ReadFile(p)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for i, block := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(readme), -1) {
		if strings.HasPrefix(block[1], "name:") && strings.Contains(block[1], "pull_request:") {
			files["README.md yaml block "+fmt.Sprint(i+1)] = []byte(block[1])
		}
	}
	checked := 0
	for name, data := range files {
		var wf struct {
			On   map[string]any `yaml:"on"`
			Jobs map[string]struct {
				Steps []struct {
					Uses string
					With map[string]any
				}
			}
		}
		if err := yaml.Unmarshal(data, &wf); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		usesAction, uploads := false, false
		for _, j := range wf.Jobs {
			for _, s := range j.Steps {
				usesAction = usesAction || strings.HasPrefix(s.Uses, "mcp-contract/mcp-contract@")
				uploads = uploads || strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@")
				if strings.HasPrefix(s.Uses, "actions/checkout@") && s.With["persist-credentials"] != false {
					t.Errorf("%s: a checkout without persist-credentials: false", name)
				}
			}
		}
		on, onPR := wf.On["pull_request"]
		if !onPR || !usesAction {
			continue
		}
		checked++
		if pr, _ := on.(map[string]any); pr["paths"] != nil {
			t.Errorf("%s: a paths: filter on pull_request leaves a required check waiting on a docs-only pull request", name)
		}
		if push, _ := wf.On["push"].(map[string]any); uploads && !strings.Contains(fmt.Sprint(push["branches"]), "main") {
			t.Errorf("%s: uploads SARIF but not on pushes to main, so code scanning has no base", name)
		}
	}
	if checked < 3 {
		t.Errorf("checked %d pull request workflows; the examples, init and the README hold more", checked)
	}
}
