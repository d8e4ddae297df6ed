package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// precommitRepo makes a git repository holding three real snapshots of the
// corpus (testdata/corpus/servers) committed, with its own empty cache folder,
// and returns the cache folder.
func precommitRepo(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Chdir(t.TempDir())
	os.Mkdir("mcp-snapshots", 0o755)
	for _, s := range []string{"npm-archived-server-slack", "npm-server-memory", "npm-tavily-mcp"} {
		data, err := os.ReadFile(filepath.Join(root, "testdata", "corpus", "servers", s+".json"))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join("mcp-snapshots", s+".json"), data, 0o644)
	}
	gitRun(t, "init", "-q")
	gitRun(t, "add", ".")
	gitRun(t, "commit", "-qm", "snapshots")
	return cache
}

func gitRun(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func cacheFileInfos(t *testing.T, cache string) []os.FileInfo {
	t.Helper()
	var infos []os.FileInfo
	for _, f := range cacheFiles(t, cache) {
		info, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		infos = append(infos, info)
	}
	return infos
}

// cacheFiles returns the cache files of the run's cache folder.
func cacheFiles(t *testing.T, cache string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(cache, "mcp-contract", "*.json"))
	return files
}

// poison rewrites every remembered message in the cache files, so a run that
// prints "POISONED" took its findings from the cache.
func poison(t *testing.T, cache string) {
	t.Helper()
	files := cacheFiles(t, cache)
	if len(files) == 0 {
		t.Fatal("no cache file written")
	}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, tool := range doc["tools"].(map[string]any) {
			for _, finding := range tool.(map[string]any)["findings"].([]any) {
				finding.(map[string]any)["message"] = "POISONED"
			}
		}
		data, _ = json.Marshal(doc)
		os.WriteFile(f, data, 0o644)
	}
}

func check(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := mcpContract(t, append([]string{"check", "--against", "git:HEAD"}, args...)...)
	if code > 1 {
		t.Fatalf("check %v: exit %d: %s", args, code, errOut)
	}
	return out
}

// A pre-commit run lints only what changed since the ref: the other tools'
// findings come from the cache, the report is the same as without it, and
// the text report says which files were not linted again.
func TestCheckAgainstCachesUnchangedTools(t *testing.T) {
	cache := precommitRepo(t)
	cold := check(t, "--format", "json")
	check(t, "--format", "json", "--profile", "all")
	if len(cacheFiles(t, cache)) != 2 {
		t.Fatalf("cache files after runs with two rule sets: %v", cacheFiles(t, cache))
	}
	if warm := check(t, "--format", "json"); warm != cold {
		t.Errorf("the report from the cache differs from the one without it")
	}
	text := check(t)
	for _, s := range []string{"npm-archived-server-slack.json", "npm-server-memory.json", "npm-tavily-mcp.json"} {
		if !strings.Contains(text, filepath.Join("mcp-snapshots", s)+": unchanged since git:HEAD, lint findings of its ") {
			t.Errorf("no unchanged line for %s:\n%s", s, text)
		}
	}

	// One tool changed: its file is linted again, the others are not.
	path := filepath.Join("mcp-snapshots", "npm-tavily-mcp.json")
	data, _ := os.ReadFile(path)
	changed := strings.Replace(string(data), `"description": "`, `"description": "Changed. `, 1)
	if changed == string(data) {
		t.Fatal("found no description to change")
	}
	os.WriteFile(path, []byte(changed), 0o644)
	withCache := check(t, "--format", "json")
	// The changed tool is linted again on every run; when its findings are
	// those the file holds, the file is left as it is.
	before := cacheFileInfos(t, cache)
	check(t, "--format", "json")
	for i, after := range cacheFileInfos(t, cache) {
		if !os.SameFile(before[i], after) {
			t.Errorf("cache file %s was rewritten by a run that found nothing new", after.Name())
		}
	}
	if without := check(t, "--format", "json", "--no-cache"); withCache != without {
		t.Errorf("with a changed tool, the report from the cache differs from the one without it")
	}
	text = check(t)
	if strings.Contains(text, "npm-tavily-mcp.json: unchanged") || !strings.Contains(text, "npm-server-memory.json: unchanged since git:HEAD") {
		t.Errorf("after changing a tavily tool:\n%s", text)
	}

	// The findings really come from the cache, and --no-cache really lints.
	poison(t, cache)
	if out := check(t, "--format", "json"); !strings.Contains(out, "POISONED") {
		t.Errorf("a warm run did not take its findings from the cache")
	}
	if out := check(t, "--format", "json", "--no-cache"); strings.Contains(out, "POISONED") || out != withCache {
		t.Errorf("--no-cache used the cache")
	}
	// The changed tool was linted, not served: its findings are real.
	var report struct {
		Findings []struct{ Tool, Message string }
	}
	json.Unmarshal([]byte(check(t, "--format", "json", "--profile", "all")), &report)
	var tools struct {
		Tools []struct{ Name, Description string }
	}
	json.Unmarshal([]byte(changed), &tools)
	changedTool := ""
	for _, tool := range tools.Tools {
		if strings.HasPrefix(tool.Description, "Changed. ") {
			changedTool = tool.Name
		}
	}
	own, poisoned := 0, 0
	for _, f := range report.Findings {
		if f.Message == "POISONED" {
			poisoned++
			if f.Tool == changedTool {
				t.Errorf("the changed tool %s was served from the cache", changedTool)
			}
		} else if f.Tool == changedTool {
			own++
		}
	}
	if changedTool == "" || own == 0 || poisoned == 0 {
		t.Errorf("changed tool %q: %d findings of its own, %d from the cache", changedTool, own, poisoned)
	}
}

// A changed rule set, config or binary version is another cache: nothing of
// the old one is served.
func TestCheckAgainstCacheInvalidation(t *testing.T) {
	cache := precommitRepo(t)
	check(t, "--format", "json")
	poison(t, cache)
	if !strings.Contains(check(t, "--format", "json"), "POISONED") {
		t.Fatal("the warm run did not use the cache")
	}
	notServed := func(what string, args ...string) {
		t.Helper()
		if out := check(t, append([]string{"--format", "json"}, args...)...); strings.Contains(out, "POISONED") {
			t.Errorf("%s: served findings from the old cache", what)
		}
	}
	notServed("another rule set", "--profile", "openai")
	notServed("another MCP version", "--mcp-version", "2025-06-18")
	os.WriteFile(".mcp-contract.yaml", []byte("version: 1\nrules: {docs/prose-only-constraint: off}\n"), 0o644)
	notServed("a config with a rule off")
	os.WriteFile(".mcp-contract.yaml", []byte("version: 1\n"), 0o644)
	notServed("another config")
	os.Remove(".mcp-contract.yaml")
	old := version
	version = "v99.0.0"
	notServed("another binary version")
	version = old
	if !strings.Contains(check(t, "--format", "json"), "POISONED") {
		t.Error("back to the first binary, rules and config, the first cache was not served")
	}
}

// A corrupted cache file is ignored, the run is as without a cache, and the
// file is rewritten; runs at the same time leave a whole file behind.
func TestCheckAgainstCacheCorruptedAndConcurrent(t *testing.T) {
	cache := precommitRepo(t)
	want := check(t, "--format", "json", "--no-cache")
	check(t, "--format", "json")
	files := cacheFiles(t, cache)
	for _, garbage := range []string{"{\"key\": \"", "", "null", `{"key":"x","tools":{}}`, "\x00\xff"} {
		os.WriteFile(files[0], []byte(garbage), 0o644)
		if got := check(t, "--format", "json"); got != want {
			t.Errorf("with the cache file %q the report differs from the one without a cache", garbage)
		}
		data, _ := os.ReadFile(files[0])
		var doc struct{ Key string }
		if json.Unmarshal(data, &doc) != nil || len(doc.Key) != 64 {
			t.Errorf("the corrupted cache file %q was not rewritten: %.80q", garbage, data)
		}
	}

	os.RemoveAll(filepath.Join(cache, "mcp-contract"))
	var wg sync.WaitGroup
	outs := make([]string, 4)
	for i := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i] = check(t, "--format", "json")
		}()
	}
	wg.Wait()
	for i, out := range outs {
		if out != want {
			t.Errorf("concurrent run %d: report differs", i)
		}
	}
	if files := cacheFiles(t, cache); len(files) != 1 {
		t.Fatalf("cache files after concurrent runs: %v", files)
	}
	entries, _ := os.ReadDir(filepath.Join(cache, "mcp-contract"))
	if len(entries) != 1 {
		t.Errorf("temp files left behind: %v", entries)
	}
	poison(t, cache) // fails the test if the file is not whole JSON
	if !strings.Contains(check(t, "--format", "json"), "POISONED") {
		t.Error("the cache written by concurrent runs is not served")
	}
}
