package pipeline

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/snapshot"
	"github.com/mcp-contract/mcp-contract/source"
)

// Places are where a reader of the repository finds each configured
// server, with paths relative to base (the working directory, or the
// workspace in the Action): a file server's tool file, its committed
// snapshot in snapshotDir, or its entry in the config; config is the
// config file, where findings about all servers together go. ok is false
// without a config.
func Places(cfg *source.Config, snapshotDir, base string) (config contract.Location, servers map[string]contract.Location, ok bool) {
	inBase := func(p string) string {
		abs, err := filepath.Abs(p)
		if err != nil {
			return ""
		}
		rel, err := filepath.Rel(base, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return ""
		}
		if _, err := os.Stat(abs); err != nil {
			return ""
		}
		return filepath.ToSlash(rel)
	}
	if cfg == nil {
		return contract.Location{}, nil, false
	}
	file := inBase(cfg.File)
	servers = map[string]contract.Location{}
	for _, s := range cfg.Servers {
		var at contract.Location
		snap, err := snapshot.Path(snapshotDir, s.Name)
		switch {
		case s.File != "" && inBase(s.File) != "":
			at.File = inBase(s.File)
		case err == nil && inBase(snap) != "":
			at.File = inBase(snap)
		case file != "":
			at = contract.Location{File: file, Line: s.Line}
		default:
			continue
		}
		servers[s.Name] = at
	}
	return contract.Location{File: file}, servers, true
}
