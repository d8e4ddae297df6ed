package lintcache

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/source"
)

// tools parses a real tool file, so each tool has the bytes the cache
// hashes.
func tools(t *testing.T, names ...string) map[string]*contract.Tool {
	t.Helper()
	var list []map[string]any
	for _, n := range names {
		list = append(list, map[string]any{"name": n, "description": "Tool " + n + ".", "inputSchema": map[string]any{"type": "object"}})
	}
	data, _ := json.Marshal(map[string]any{"tools": list})
	c, err := source.Parse(data, "srv.json", "srv", "file:srv.json")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*contract.Tool{}
	for _, tool := range c.Tools {
		out[tool.Name] = tool
	}
	return out
}

func finding(rule string) lint.CachedTool {
	return lint.CachedTool{Tokens: 7, Findings: []lint.CachedFinding{{Rule: rule, Severity: contract.Warning, Offset: -1, Message: "m"}}}
}

// storedHashes lists the tool hashes the cache file holds.
func storedHashes(t *testing.T, c *Cache) []string {
	t.Helper()
	data, err := os.ReadFile(c.Path())
	if err != nil {
		t.Fatal(err)
	}
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	var out []string
	for h := range f.Tools {
		out = append(out, h)
	}
	sort.Strings(out)
	return out
}

func TestSaveKeepsOnlyTheToolsOfThisRun(t *testing.T) {
	dir, key := t.TempDir(), Key("test", "v1")
	first := tools(t, "kept", "dropped")
	c := Open(dir, key)
	c.Put(first["kept"], finding("a/kept"))
	c.Put(first["dropped"], finding("a/dropped"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if got := storedHashes(t, c); len(got) != 2 {
		t.Fatalf("first save holds %d tools, want 2", len(got))
	}

	// The next run has only "kept": "dropped" left the work tree.
	second := tools(t, "kept")
	c = Open(dir, key)
	if v, ok := c.Get(second["kept"]); !ok || v.Findings[0].Rule != "a/kept" {
		t.Fatalf("kept tool not served: %v %v", v, ok)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if got, want := storedHashes(t, c), []string{hash(second["kept"])}; len(got) != 1 || got[0] != want[0] {
		t.Errorf("after a run without it, the file holds %v, want only the kept tool %v", got, want)
	}
	if _, ok := Open(dir, key).Get(first["dropped"]); ok {
		t.Error("a dropped tool is still served")
	}
}

func TestSaveWritesNothingWhenNothingChanged(t *testing.T) {
	dir, key := t.TempDir(), Key("test", "v1")
	ts := tools(t, "a", "b")
	c := Open(dir, key)
	c.Put(ts["a"], finding("r/a"))
	c.Put(ts["b"], finding("r/b"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(c.Path())
	if err != nil {
		t.Fatal(err)
	}

	// One tool served, the other linted again with the same result.
	c = Open(dir, key)
	c.Serve = func(tool *contract.Tool) bool { return tool.Name == "a" }
	if _, ok := c.Get(ts["b"]); ok {
		t.Error("a tool Serve refuses was served")
	}
	if _, ok := c.Get(ts["a"]); !ok || !c.Served(ts["a"]) || c.Served(ts["b"]) {
		t.Error("Served does not follow Get")
	}
	c.Put(ts["b"], finding("r/b"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(c.Path())
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) {
		t.Error("the file was rewritten although nothing changed")
	}

	// A different result for b is written.
	c = Open(dir, key)
	c.Get(ts["a"])
	c.Put(ts["b"], finding("r/changed"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if v, ok := Open(dir, key).Get(ts["b"]); !ok || v.Findings[0].Rule != "r/changed" {
		t.Errorf("changed findings not saved: %v %v", v, ok)
	}
}

// Whatever cannot be read is an empty cache, rewritten by Save: a file of
// another key, a corrupted file, a symlink (never written through).
func TestOpenTreatsUnreadableAsEmpty(t *testing.T) {
	ts := tools(t, "a")
	for name, spoil := range map[string]func(t *testing.T, path string){
		"corrupted": func(t *testing.T, path string) { os.WriteFile(path, []byte(`{"key": "`), 0o644) },
		"other key": func(t *testing.T, path string) {
			data, _ := os.ReadFile(path)
			var f file
			json.Unmarshal(data, &f)
			f.Key = Key("test", "v2")
			data, _ = json.Marshal(f)
			os.WriteFile(path, data, 0o644)
		},
		"no tools": func(t *testing.T, path string) { os.WriteFile(path, []byte(`{"key": "`+Key("test", "v1")+`"}`), 0o644) },
	} {
		t.Run(name, func(t *testing.T) {
			dir, key := t.TempDir(), Key("test", "v1")
			c := Open(dir, key)
			c.Put(ts["a"], finding("r/a"))
			if err := c.Save(); err != nil {
				t.Fatal(err)
			}
			spoil(t, c.Path())
			c = Open(dir, key)
			if _, ok := c.Get(ts["a"]); ok {
				t.Fatal("served from a spoiled file")
			}
			c.Put(ts["a"], finding("r/a"))
			if err := c.Save(); err != nil {
				t.Fatal(err)
			}
			if _, ok := Open(dir, key).Get(ts["a"]); !ok {
				t.Error("Save did not rewrite the spoiled file")
			}
		})
	}
}

func TestSaveRefusesASymlink(t *testing.T) {
	dir, key := t.TempDir(), Key("test", "v1")
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("precious"), 0o644)
	c := Open(dir, key)
	if err := os.Symlink(victim, c.Path()); err != nil {
		t.Fatal(err)
	}
	c.Put(tools(t, "a")["a"], finding("r/a"))
	if err := c.Save(); err == nil {
		t.Error("Save wrote through a symlink")
	}
	if data, _ := os.ReadFile(victim); string(data) != "precious" {
		t.Errorf("the link's target was written: %q", data)
	}
}

func TestKeySeparatesItsParts(t *testing.T) {
	if Key("ab", "c") == Key("a", "bc") || Key("a") == Key("a", "") || Key("a", "b") != Key(strings.Repeat("a", 1), "b") {
		t.Error("Key must depend on every part and on where parts end")
	}
}
