package pipeline

import (
	"bytes"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/lint/lintcache"
)

// openLintCache opens the cache for check --against: tools whose bytes
// equal their bytes at the ref are served from it when this binary, this
// config and these options linted them before; every other tool is linted
// and remembered. Without a cache folder there is no cache, silently.
func (r *run) openLintCache(catalogs []*contract.Catalog, opts lint.Options, against string) (*lintcache.Cache, error) {
	dir := r.o.CacheDir
	if dir == "" {
		return nil, nil
	}
	oldC, err := r.refSnapshots(against, r.snapshotDir())
	if err != nil {
		return nil, err
	}
	atRef := map[[2]string][]byte{}
	for _, c := range oldC {
		for _, t := range c.Tools {
			atRef[[2]string{c.Server, t.Name}] = t.Raw()
		}
	}
	server := map[*contract.Tool]string{}
	for _, c := range catalogs {
		for _, t := range c.Tools {
			server[t] = c.Server
		}
	}
	cache := lintcache.Open(dir, r.lintCacheKey(opts))
	cache.Serve = func(t *contract.Tool) bool {
		name, current := server[t]
		if !current {
			// A tool of the ref's contract, linted to tell new findings
			// from existing ones: its bytes are the ref's by definition.
			return true
		}
		old, ok := atRef[[2]string{name, t.Name}]
		return ok && old != nil && bytes.Equal(old, t.Raw())
	}
	return cache, nil
}

// lintCacheKey hashes what findings depend on besides a tool's bytes: the
// binary (Options.Binary), the config file, the options, and the ids of the
// tool rules that run.
func (r *run) lintCacheKey(opts lint.Options) string {
	binary := r.o.Binary
	var config []byte
	if r.o.Config != nil {
		config, _ = fileio.ReadFile(r.o.Config.File, fileio.MaxConfigFile)
	}
	var profiles, disabled, rules []string
	for p, on := range opts.Profiles {
		if on {
			profiles = append(profiles, string(p))
		}
	}
	for id, off := range opts.Disabled {
		if off {
			disabled = append(disabled, id)
		}
	}
	for _, r := range lint.Rules() {
		if r.CheckTool != nil && opts.Profiles[r.Profile] && !opts.Disabled[r.ID] {
			rules = append(rules, r.ID)
		}
	}
	sort.Strings(profiles)
	sort.Strings(disabled)
	return lintcache.Key("mcp-contract lint cache 1", binary, string(config),
		strings.Join(profiles, ","), opts.MCPVersion, strings.Join(disabled, ","), strings.Join(rules, ","))
}

// unchangedFiles lists the files every tool of which was served from the
// cache, in the order the catalogs list them.
func unchangedFiles(catalogs []*contract.Catalog, cache *lintcache.Cache, against string) []contract.UnchangedFile {
	var out []contract.UnchangedFile
	index := map[string]int{}
	all := map[string]bool{}
	for _, c := range catalogs {
		for _, t := range c.Tools {
			if t.File == "" {
				continue
			}
			i, seen := index[t.File]
			if !seen {
				i = len(out)
				index[t.File] = i
				out = append(out, contract.UnchangedFile{File: t.File, Against: against})
				all[t.File] = true
			}
			out[i].Tools++
			all[t.File] = all[t.File] && cache.Served(t)
		}
	}
	kept := out[:0]
	for _, f := range out {
		if all[f.File] {
			kept = append(kept, f)
		}
	}
	return kept
}
