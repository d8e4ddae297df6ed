// Package lintcache keeps what lint found in each tool between runs, so a
// pre-commit run (check --against git:REF) lints only the tools that
// changed. One file per key (binary, config, options, rule set) under the
// user cache folder holds, per tool hash (SHA-256 of the tool's bytes), the
// findings of the tool rules and the token count (lint.CachedTool). The
// cache is safe to delete: a missing, unreadable or corrupted file is an
// empty cache, rewritten at the end of the run; writes go through a temp file
// and a rename, so concurrent runs never leave half a file.
package lintcache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sync"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/lint"
)

// Dir is the folder caches live in by default: mcp-contract under the user
// cache folder (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux).
func Dir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "mcp-contract"), nil
}

// Key hashes everything a tool's findings depend on besides its bytes;
// parts are, for example, the binary's version and identity, the config
// file's bytes, the lint options and the ids of the rules that run.
func Key(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		// Length-prefixed, so ("ab","c") and ("a","bc") differ.
		json.NewEncoder(h).Encode(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// file is the cache file's content.
type file struct {
	Key   string                     `json:"key"`
	Tools map[string]lint.CachedTool `json:"tools"`
}

// Cache is one run's view of a cache file; it implements lint.ToolCache.
type Cache struct {
	path string
	key  string
	// Serve says which tools may be served from the cache (the others are
	// linted and remembered); nil serves every tool.
	Serve func(*contract.Tool) bool

	mu      sync.Mutex
	old     map[string]lint.CachedTool
	used    map[string]lint.CachedTool
	served  map[*contract.Tool]bool
	rewrite bool
}

// Open reads the cache of key in dir; whatever cannot be read is an empty
// cache that Save rewrites.
func Open(dir, key string) *Cache {
	c := &Cache{path: filepath.Join(dir, key[:32]+".json"), key: key,
		old: map[string]lint.CachedTool{}, used: map[string]lint.CachedTool{}, served: map[*contract.Tool]bool{}}
	data, err := fileio.ReadFile(c.path, fileio.MaxToolFile)
	if err != nil {
		c.rewrite = true
		return c
	}
	var f file
	if json.Unmarshal(data, &f) != nil || f.Key != key || f.Tools == nil {
		c.rewrite = true
		return c
	}
	c.old = f.Tools
	return c
}

// Path is the cache file.
func (c *Cache) Path() string { return c.path }

func hash(t *contract.Tool) string {
	raw := t.Raw()
	if raw == nil {
		return ""
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// Get implements lint.ToolCache.
func (c *Cache) Get(t *contract.Tool) (lint.CachedTool, bool) {
	if c.Serve != nil && !c.Serve(t) {
		return lint.CachedTool{}, false
	}
	h := hash(t)
	if h == "" {
		return lint.CachedTool{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.old[h]
	if ok {
		c.used[h] = v
		c.served[t] = true
	}
	return v, ok
}

// Put implements lint.ToolCache.
func (c *Cache) Put(t *contract.Tool, v lint.CachedTool) {
	h := hash(t)
	if h == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.used[h] = v
	// A tool the cache may not serve (it differs from the ref) is linted
	// again on every run; when it gives what the file already holds, the
	// file need not be rewritten, which was a sixth of a pre-commit run.
	if old, ok := c.old[h]; !ok || !reflect.DeepEqual(old, v) {
		c.rewrite = true
	}
}

// Served says whether t's findings came from the cache in this run.
func (c *Cache) Served(t *contract.Tool) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.served[t]
}

// Save writes the tools of this run back, and only those, so the file
// follows the work tree instead of growing with every past version of it.
// Nothing is written when nothing changed.
func (c *Cache) Save() error {
	if !c.rewrite && len(c.used) == len(c.old) {
		return nil
	}
	data, err := json.Marshal(file{Key: c.key, Tools: c.used})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return err
	}
	return fileio.WriteFile(c.path, data)
}
