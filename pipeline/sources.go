package pipeline

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/snapshot"
	"github.com/mcp-contract/mcp-contract/source"
)

// catalogs turns the command line into catalogs (design.md §3): SOURCE
// arguments; else --stdio/--url; else the config's servers; else the MCP
// client configs in the working directory; else the snapshot folder.
func (r *run) catalogs(ctx context.Context, args []string, only []string) ([]*contract.Catalog, error) {
	catalogs, err := r.loadCatalogs(ctx, args, only)
	source.MaskTools(catalogs, r.o.Masker)
	r.loaded()
	return catalogs, err
}

func (r *run) loadCatalogs(ctx context.Context, args []string, only []string) ([]*contract.Catalog, error) {
	if len(args) > 0 {
		var out []*contract.Catalog
		for _, path := range args {
			cs, err := source.Load(path)
			if err != nil {
				return nil, err
			}
			out = append(out, cs...)
		}
		return out, nil
	}
	servers, err := r.servers(only)
	if err != nil {
		return nil, err
	}
	if len(servers) > 0 {
		if r.o.Offline {
			return r.offlineCatalogs(ctx, servers)
		}
		return r.fetch(ctx, servers)
	}
	dir := r.snapshotDir()
	if info, err := os.Stat(dir); err == nil && info.IsDir() {
		cs, err := source.Load(dir)
		if err == nil {
			r.folderLoaded = &folderCatalogs{dir: dir, catalogs: cs}
		}
		return cs, err
	}
	return nil, contract.Inputf("nothing to check: give a tool file or folder, --stdio or --url, or create %s (see the README)", source.ConfigFile)
}

// offlineCatalogs is what --offline reads for the configured servers,
// starting no process and opening no connection: a `file:` server's tool
// file, and for a stdio or url server its snapshot in the work tree, which
// then stands for it (r.offlineSnapshot). A live server without a snapshot
// is left out and listed in r.offlineSkipped, so the report says so.
func (r *run) offlineCatalogs(ctx context.Context, servers []*source.ServerConfig) ([]*contract.Catalog, error) {
	if r.o.Stdio != "" || r.o.URL != "" {
		return nil, contract.Inputf("--offline starts no server: drop --stdio/--url, or drop --offline")
	}
	dir := r.snapshotDir()
	r.offlineSnapshot = map[string]bool{}
	var out []*contract.Catalog
	for _, s := range servers {
		if s.File != "" {
			cs, err := r.fetch(ctx, []*source.ServerConfig{s})
			if err != nil {
				return nil, err
			}
			out = append(out, cs...)
			continue
		}
		path, err := snapshot.Path(dir, s.Name)
		if err != nil {
			return nil, err
		}
		if _, err := os.Lstat(path); os.IsNotExist(err) {
			r.offlineSkipped = append(r.offlineSkipped, contract.DriftServer{Server: s.Name, How: contract.DriftLive,
				Reason: "--offline: not started, and no snapshot at " + path})
			continue
		}
		snap, err := source.LoadFile(path)
		if err != nil {
			return nil, err
		}
		snap.Server = s.Name
		r.offlineSnapshot[s.Name] = true
		r.offlineSkipped = append(r.offlineSkipped, contract.DriftServer{Server: s.Name, How: contract.DriftLive,
			Reason: "--offline: not started; its snapshot " + path + " stands for it"})
		out = append(out, snap)
	}
	return out, nil
}

// folderCatalogs is a snapshot folder loadCatalogs read.
type folderCatalogs struct {
	dir      string
	catalogs []*contract.Catalog
}

// servers lists the configured servers to use, filtered by --server.
func (r *run) servers(only []string) ([]*source.ServerConfig, error) {
	var servers []*source.ServerConfig
	switch {
	case r.o.Stdio != "" || r.o.URL != "":
		s, secrets, err := source.AdHocServer(r.o.Stdio, r.o.URL, r.o.Headers)
		if err != nil {
			return nil, err
		}
		r.o.Masker.Add(secrets...)
		if r.o.Name != "" {
			if err := contract.CheckServerName(r.o.Name); err != nil {
				return nil, contract.Inputf("--name: %v", err)
			}
			s.Name = r.o.Name
		}
		servers = []*source.ServerConfig{s}
	case r.o.Config != nil:
		servers = r.o.Config.Servers
	default:
		found, _, secrets, err := source.ClientConfigServers(".")
		if err != nil {
			return nil, err
		}
		r.o.Masker.Add(secrets...)
		servers = found
	}
	if len(only) == 0 {
		return servers, nil
	}
	var picked []*source.ServerConfig
	for i, name := range only {
		if slices.Contains(only[:i], name) {
			return nil, contract.Inputf("--server %q is given twice", name)
		}
		var match *source.ServerConfig
		for _, s := range servers {
			if s.Name == name {
				match = s
			}
		}
		if match == nil {
			return nil, contract.Inputf("--server %q is not configured (known: %s)", name, serverNames(servers))
		}
		picked = append(picked, match)
	}
	return picked, nil
}

func serverNames(servers []*source.ServerConfig) string {
	if len(servers) == 0 {
		return "none"
	}
	s := ""
	for i, srv := range servers {
		if i > 0 {
			s += ", "
		}
		s += srv.Name
	}
	return s
}

// snapshotDir is the config's snapshot folder or the default.
func (r *run) snapshotDir() string { return SnapshotDir(r.o.Config) }

func (r *run) fetch(ctx context.Context, servers []*source.ServerConfig) ([]*contract.Catalog, error) {
	configFile := ""
	if r.o.Config != nil {
		configFile = r.o.Config.File
	}
	for _, s := range servers {
		if err := s.CheckResolved(configFile); err != nil {
			return nil, err
		}
	}
	opts := source.FetchOptions{Timeout: r.o.Timeout, StartTimeout: r.o.StartTimeout, Masker: r.o.Masker}
	done := func() {}
	if r.o.Progress != nil {
		opts.Progress, done = r.o.Progress(servers)
	}
	catalogs, err := source.FetchAll(ctx, servers, opts)
	done()
	var se *contract.ServerError
	if !errors.As(err, &se) {
		return catalogs, err
	}
	if r.o.KeepGoing {
		// Each failed server keeps its error in its catalog (and the
		// report); the run still ends with exit 3, after the report.
		r.unreachable = unreachableIn(catalogs, "the others were checked; the report lists each with its error")
		return catalogs, nil
	}
	return catalogs, notReached(catalogs, "add --keep-going to check the others and report these")
}

// notReached is the error of a run that stops at unreachable servers: the
// server's own error when it was the only one, else every failure and hint.
func notReached(catalogs []*contract.Catalog, hint string) error {
	us := unreachableIn(catalogs, hint)
	if len(catalogs) == 1 {
		return us.Failed[0]
	}
	return us
}

// serverInfos summarises catalogs for the report.
func serverInfos(catalogs []*contract.Catalog) []contract.ServerInfo {
	out := make([]contract.ServerInfo, 0, len(catalogs))
	for _, c := range catalogs {
		out = append(out, contract.ServerInfo{Name: c.Server, Origin: c.Origin, Tools: len(c.Tools), ProtocolVersion: c.ProtocolVersion, Error: c.Error})
	}
	return out
}

// Catalogs loads what the options name (design.md §3): Sources; else
// --stdio/--url; else the config's servers; else the MCP client configs in
// the working directory; else the snapshot folder. Secrets are masked.
func Catalogs(ctx context.Context, o *Options) ([]*contract.Catalog, error) {
	r := newRun(o)
	cs, err := r.catalogs(ctx, o.Sources, o.Only)
	if err == nil {
		r.offlineNote()
	}
	return cs, err
}

// Servers lists the servers the options name (--stdio/--url, the config's,
// the MCP client configs'), filtered by Only.
func Servers(o *Options) ([]*source.ServerConfig, error) { return newRun(o).servers(o.Only) }

// Fetch fetches the tools of servers. With KeepGoing, unreachable names
// the servers that did not answer, whose catalogs carry their error.
func Fetch(ctx context.Context, o *Options, servers []*source.ServerConfig) (catalogs []*contract.Catalog, unreachable error, err error) {
	r := newRun(o)
	catalogs, err = r.fetch(ctx, servers)
	return catalogs, r.unreachable, err
}

// SnapshotDir is the config's snapshot folder or the default.
func SnapshotDir(cfg *source.Config) string {
	if cfg != nil && cfg.Snapshots != "" {
		return cfg.Snapshots
	}
	return snapshot.DefaultDir
}

// SnapshotCommandLine is the snapshot command that writes what is missing
// or stale, with the options that pick the servers and the folder, so it
// can be pasted as it is. Header values are left out: they may be secrets.
func SnapshotCommandLine(o *Options, dir string, servers ...string) string {
	parts := []string{"mcp-contract", "snapshot"}
	if o.ConfigPath != "" {
		parts = append(parts, "--config", shellQuote(o.ConfigPath))
	}
	switch {
	case o.Stdio != "" || o.URL != "":
		if o.Stdio != "" {
			parts = append(parts, "--stdio", shellQuote(o.Stdio))
		} else {
			parts = append(parts, "--url", shellQuote(o.URL))
		}
		for _, h := range o.Headers {
			name, _, _ := strings.Cut(h, ":")
			parts = append(parts, "--header", shellQuote(strings.TrimSpace(name)+": …"))
		}
		if o.Name != "" {
			parts = append(parts, "--name", shellQuote(o.Name))
		}
	default:
		for _, s := range servers {
			parts = append(parts, "--server", shellQuote(s))
		}
	}
	if dir != SnapshotDir(o.Config) {
		parts = append(parts, "--dir", shellQuote(dir))
	}
	return newRun(o).line(strings.Join(parts, " "))
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
