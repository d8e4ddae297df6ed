//go:build linux

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// againstRepo is a pull request as actions/checkout leaves it, for servers
// the config names as tool files: setup writes and commits the base, change
// the pull request's commit. The config also names a url server whose
// header holds a secret, as runAction expects; INPUT_ARGS leaves it out.
type againstRepo struct {
	repo, runner, baseSHA, headSHA string
}

func newAgainstRepo(t *testing.T, servers map[string]string, profiles string) *againstRepo {
	t.Helper()
	r := &againstRepo{repo: t.TempDir(), runner: t.TempDir()}
	git(t, r.repo, "init", "-q", "-b", "main")
	os.MkdirAll(filepath.Join(r.repo, "tools"), 0o755)
	config := "version: 1\nservers:\n"
	for name, tools := range servers {
		os.WriteFile(filepath.Join(r.repo, "tools", name+".json"), []byte(tools), 0o644)
		config += "  " + name + ": {file: tools/" + name + ".json}\n"
	}
	config += "  staging: {url: \"http://127.0.0.1:9/mcp\", headers: {Authorization: \"Bearer ${STAGING_TOKEN}\"}}\n" +
		"profiles: [" + profiles + "]\n"
	os.WriteFile(filepath.Join(r.repo, ".mcp-contract.yaml"), []byte(config), 0o644)
	snapshot := []string{"snapshot"}
	for name := range servers {
		snapshot = append(snapshot, "--server", name)
	}
	r.mcpContract(t, 0, snapshot...)
	git(t, r.repo, "add", ".")
	git(t, r.repo, "commit", "-q", "-m", "base")
	r.baseSHA = git(t, r.repo, "rev-parse", "HEAD")
	return r
}

// mcpContract runs the built binary in the repository.
func (r *againstRepo) mcpContract(t *testing.T, want int, args ...string) string {
	t.Helper()
	cmd := exec.Command(builtBinary(t), args...)
	cmd.Dir = r.repo
	cmd.Env = append(os.Environ(), "STAGING_TOKEN=stg-e2e-secret-42", "XDG_CACHE_HOME="+r.runner)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	if code != want {
		t.Fatalf("mcp-contract %s: exit %d, want %d\n%s", strings.Join(args, " "), code, want, out)
	}
	return string(out)
}

func (r *againstRepo) commit(t *testing.T) {
	t.Helper()
	git(t, r.repo, "add", ".")
	git(t, r.repo, "commit", "-q", "-m", "pr")
	r.headSHA = git(t, r.repo, "rev-parse", "HEAD")
}

// event writes the pull_request payload, with the labels given.
func (r *againstRepo) event(t *testing.T, labels ...string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "github", "pull_request_opened.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ev map[string]any
	json.Unmarshal(data, &ev)
	pr := ev["pull_request"].(map[string]any)
	pr["base"].(map[string]any)["sha"] = r.baseSHA
	pr["head"].(map[string]any)["sha"] = r.headSHA
	var ls []any
	for _, l := range labels {
		ls = append(ls, map[string]any{"name": l})
	}
	pr["labels"] = ls
	path := filepath.Join(r.runner, "event.json")
	out, _ := json.Marshal(ev)
	os.WriteFile(path, out, 0o644)
	return path
}

type savedReport struct {
	Findings []struct {
		Rule, Server, Tool, Change, File string
		AllowedBy                        string `json:"allowedBy"`
		Line                             int
		New                              *bool
	}
}

func (r *againstRepo) report(t *testing.T) savedReport {
	t.Helper()
	var rep savedReport
	data, err := os.ReadFile(filepath.Join(r.repo, "mcp-contract-report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

// Issue 17's first case, exactly: a pull request makes a property of a
// `file:` server required and does not re-run snapshot. check --against
// and the Action both fail, with the breaking change annotated on its line
// in the tool file and the snapshot called stale.
func TestActionFileServerChangedWithoutSnapshot(t *testing.T) {
	r := newAgainstRepo(t, map[string]string{"weather": weatherV1}, "openai")
	os.WriteFile(filepath.Join(r.repo, "tools", "weather.json"), []byte(weatherV2), 0o644)
	out := r.mcpContract(t, 1, "check", "--against", "git:HEAD", "--server", "weather")
	for _, want := range []string{"drift/input-required-property-added", "drift/snapshot-stale"} {
		if !strings.Contains(out, want) {
			t.Errorf("check --against git:HEAD does not report %s:\n%s", want, out)
		}
	}
	r.commit(t)
	api := &restAPI{nextID: 1}
	srv := api.serve(t)
	run := runAction(t, r.repo, r.runner, r.event(t), srv.URL, r.headSHA, "INPUT_ARGS=--server weather")
	if run.code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", run.code, run.stdout, run.stderr)
	}
	if !strings.Contains(run.stdout, "::error file=tools/weather.json,line=") || !strings.Contains(run.stdout, "title=drift/input-required-property-added") {
		t.Errorf("the breaking change is not annotated on the tool file:\n%s", run.stdout)
	}
	if !strings.Contains(run.stdout, "title=drift/snapshot-stale") {
		t.Errorf("the stale snapshot is not annotated:\n%s", run.stdout)
	}
	if len(api.bodies) != 1 || !strings.Contains(api.bodies[0], "input-required-property-added") {
		t.Errorf("comment bodies %q", api.bodies)
	}
}

// A pull request with three breaking changes in a repository that carries
// over a hundred lint findings already: it fails for the breaking changes
// alone (the old findings are existing), and with the allow-breaking label
// it passes while still reporting all three.
func TestActionBreakingChangesAmongOldDebt(t *testing.T) {
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", "servers", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	memory := read("npm-server-memory.json")
	r := newAgainstRepo(t, map[string]string{"memory": memory, "everything": read("npm-server-everything.json")}, "all")

	// The pull request removes three tools and refreshes the snapshot: an
	// intended contract change, with nothing stale.
	var doc map[string]any
	json.Unmarshal([]byte(memory), &doc)
	var kept []any
	for _, tool := range doc["tools"].([]any) {
		switch tool.(map[string]any)["name"] {
		case "read_graph", "search_nodes", "open_nodes":
		default:
			kept = append(kept, tool)
		}
	}
	doc["tools"] = kept
	changed, _ := json.MarshalIndent(doc, "", "  ")
	os.WriteFile(filepath.Join(r.repo, "tools", "memory.json"), changed, 0o644)
	r.mcpContract(t, 0, "snapshot", "--server", "memory")
	r.commit(t)

	api := &restAPI{nextID: 1}
	srv := api.serve(t)
	args := "INPUT_ARGS=--server memory --server everything"
	check := func(labels ...string) (actionRun, []string, int) {
		t.Helper()
		run := runAction(t, r.repo, r.runner, r.event(t, labels...), srv.URL, r.headSHA, args)
		var breaking []string
		existing := 0
		for _, f := range r.report(t).Findings {
			switch {
			case f.Change == "breaking":
				breaking = append(breaking, f.Server+" "+f.Rule+" "+f.Tool)
				if f.New == nil || !*f.New {
					t.Errorf("breaking change %s %s not new", f.Rule, f.Tool)
				}
				if allowed := strings.Contains(strings.Join(labels, " "), "breaking-ok"); allowed != (f.AllowedBy == "mcp-contract:breaking-ok") {
					t.Errorf("labels %q: breaking change %s %s has allowedBy %q in the JSON report", labels, f.Rule, f.Tool, f.AllowedBy)
				}
			case f.New != nil && !*f.New:
				existing++
			}
		}
		return run, breaking, existing
	}
	want := "memory drift/tool-removed open_nodes, memory drift/tool-removed read_graph, memory drift/tool-removed search_nodes"

	run, breaking, existing := check()
	if run.code != 1 {
		t.Errorf("without the label: exit %d, want 1\n%s%s", run.code, run.stdout, run.stderr)
	}
	if got := strings.Join(breaking, ", "); got != want {
		t.Errorf("breaking changes %q, want %q", got, want)
	}
	if existing < 100 {
		t.Errorf("%d existing findings, want the 100+ the base already had", existing)
	}
	if !strings.Contains(run.outputs, "breaking<<") || !strings.Contains(run.outputs, "\n3\n") {
		t.Errorf("breaking output:\n%s", run.outputs)
	}
	if n := strings.Count(api.bodies[len(api.bodies)-1], "drift/tool-removed"); n == 0 {
		t.Errorf("the comment does not list the removals:\n%s", api.bodies[len(api.bodies)-1])
	}

	labelled, breaking, _ := check("documentation", "mcp-contract:breaking-ok")
	if labelled.code != 0 {
		t.Errorf("with the label: exit %d, want 0\n%s%s", labelled.code, labelled.stdout, labelled.stderr)
	}
	if got := strings.Join(breaking, ", "); got != want {
		t.Errorf("with the label, breaking changes %q, want %q still listed", got, want)
	}
	if !strings.Contains(labelled.stdout, "::notice::mcp-contract allows the breaking changes: the pull request carries the label") {
		t.Errorf("no notice about the label:\n%s", labelled.stdout)
	}
	if !strings.Contains(labelled.stdout, "title=drift/tool-removed") {
		t.Errorf("with the label the removals are not annotated:\n%s", labelled.stdout)
	}
	if body := api.bodies[len(api.bodies)-1]; !strings.Contains(body, "drift/tool-removed") {
		t.Errorf("with the label the comment does not list the removals:\n%s", body)
	}
}
