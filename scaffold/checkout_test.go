package scaffold

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// yamlBlock is a ```yaml fence of a markdown file.
var yamlBlock = regexp.MustCompile("(?s)```ya?ml\n(.*?)```")

// Every workflow we show or write checks out with persist-credentials:
// false. actions/checkout otherwise leaves the job token in .git/config,
// where every server the Action starts can read it (design §7).
func TestEveryCheckoutDropsTheJobToken(t *testing.T) {
	root := filepath.Join("..")
	workflows := map[string]string{"init --workflow": string(Workflow(WorkflowOptions{ActionRef: "mcp-contract/mcp-contract@v1"}))}
	examples, _ := filepath.Glob(filepath.Join(root, "examples", "workflows", "*.yml"))
	for _, p := range examples {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		workflows[p] = string(data)
	}
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	for _, p := range append(docs, filepath.Join(root, "README.md")) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range yamlBlock.FindAllStringSubmatch(string(data), -1) {
			if strings.Contains(m[1], "jobs:") {
				workflows[fmt.Sprintf("%s block %d", p, i+1)] = m[1]
			}
		}
	}
	checkouts := 0
	for name, text := range workflows {
		var wf struct {
			Jobs map[string]struct {
				Steps []struct {
					Uses string
					With map[string]any
				}
			}
		}
		if err := yaml.Unmarshal([]byte(text), &wf); err != nil {
			// A fragment (steps of two files in one block): each checkout
			// there is counted by its text.
			n := strings.Count(text, "actions/checkout@")
			checkouts += n
			if strings.Count(text, "persist-credentials: false") < n {
				t.Errorf("%s: a fragment with %d checkouts holds fewer persist-credentials: false", name, n)
			}
			continue
		}
		for job, j := range wf.Jobs {
			for i, step := range j.Steps {
				if !strings.HasPrefix(step.Uses, "actions/checkout@") {
					continue
				}
				checkouts++
				if v, ok := step.With["persist-credentials"]; !ok || (v != false && v != "false") {
					t.Errorf("%s: job %s step %d: actions/checkout without persist-credentials: false", name, job, i+1)
				}
			}
		}
	}
	if checkouts < 6 {
		t.Errorf("found %d checkouts; README, examples/ and init --workflow hold more", checkouts)
	}
}
