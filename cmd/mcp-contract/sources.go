package main

import (
	"context"
	"errors"
	"os"
	"slices"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/snapshot"
	"github.com/mcp-contract/mcp-contract/source"
)

// catalogs turns the command line into catalogs (design.md §3): SOURCE
// arguments; else --stdio/--url; else the config's servers; else the MCP
// client configs in the working directory; else the snapshot folder.
func (a *app) catalogs(ctx context.Context, args []string, only []string) ([]*contract.Catalog, error) {
	catalogs, err := a.loadCatalogs(ctx, args, only)
	source.MaskTools(catalogs, a.masker)
	collectSoonerWhenLarge()
	return catalogs, err
}

func (a *app) loadCatalogs(ctx context.Context, args []string, only []string) ([]*contract.Catalog, error) {
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
	servers, err := a.servers(only)
	if err != nil {
		return nil, err
	}
	if len(servers) > 0 {
		if a.offline {
			return a.offlineCatalogs(ctx, servers)
		}
		return a.fetch(ctx, servers)
	}
	dir := a.snapshotDir()
	if info, err := os.Stat(dir); err == nil && info.IsDir() {
		cs, err := source.Load(dir)
		if err == nil {
			a.folderLoaded = &folderCatalogs{dir: dir, catalogs: cs}
		}
		return cs, err
	}
	return nil, contract.Inputf("nothing to check: give a tool file or folder, --stdio or --url, or create %s (see the README)", source.ConfigFile)
}

// offlineCatalogs is what --offline reads for the configured servers,
// starting no process and opening no connection: a `file:` server's tool
// file, and for a stdio or url server its snapshot in the work tree, which
// then stands for it (a.offlineSnapshot). A live server without a snapshot
// is left out and listed in a.offlineSkipped, so the report says so.
func (a *app) offlineCatalogs(ctx context.Context, servers []*source.ServerConfig) ([]*contract.Catalog, error) {
	if a.stdio != "" || a.url != "" {
		return nil, usagef("--offline starts no server: drop --stdio/--url, or drop --offline")
	}
	dir := a.snapshotDir()
	a.offlineSnapshot = map[string]bool{}
	var out []*contract.Catalog
	for _, s := range servers {
		if s.File != "" {
			cs, err := a.fetch(ctx, []*source.ServerConfig{s})
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
			a.offlineSkipped = append(a.offlineSkipped, contract.DriftServer{Server: s.Name, How: contract.DriftLive,
				Reason: "--offline: not started, and no snapshot at " + path})
			continue
		}
		snap, err := source.LoadFile(path)
		if err != nil {
			return nil, err
		}
		snap.Server = s.Name
		a.offlineSnapshot[s.Name] = true
		a.offlineSkipped = append(a.offlineSkipped, contract.DriftServer{Server: s.Name, How: contract.DriftLive,
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
func (a *app) servers(only []string) ([]*source.ServerConfig, error) {
	var servers []*source.ServerConfig
	switch {
	case a.stdio != "" || a.url != "":
		s, secrets, err := source.AdHocServer(a.stdio, a.url, a.headers)
		if err != nil {
			return nil, err
		}
		a.masker.Add(secrets...)
		if a.adHocName != "" {
			if err := contract.CheckServerName(a.adHocName); err != nil {
				return nil, usagef("--name: %v", err)
			}
			s.Name = a.adHocName
		}
		servers = []*source.ServerConfig{s}
	case a.cfg != nil:
		servers = a.cfg.Servers
	default:
		found, _, secrets, err := source.ClientConfigServers(".")
		if err != nil {
			return nil, err
		}
		a.masker.Add(secrets...)
		servers = found
	}
	if len(only) == 0 {
		return servers, nil
	}
	var picked []*source.ServerConfig
	for i, name := range only {
		if slices.Contains(only[:i], name) {
			return nil, usagef("--server %q is given twice", name)
		}
		var match *source.ServerConfig
		for _, s := range servers {
			if s.Name == name {
				match = s
			}
		}
		if match == nil {
			return nil, usagef("--server %q is not configured (known: %s)", name, serverNames(servers))
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
func (a *app) snapshotDir() string {
	if a.cfg != nil && a.cfg.Snapshots != "" {
		return a.cfg.Snapshots
	}
	return snapshot.DefaultDir
}

func (a *app) fetch(ctx context.Context, servers []*source.ServerConfig) ([]*contract.Catalog, error) {
	configFile := ""
	if a.cfg != nil {
		configFile = a.cfg.File
	}
	for _, s := range servers {
		if err := s.CheckResolved(configFile); err != nil {
			return nil, err
		}
	}
	opts := source.FetchOptions{Timeout: a.timeout, StartTimeout: a.startTimeout, Masker: a.masker}
	view := newProgressView(a.stderr, a.line, servers)
	if view != nil {
		opts.Progress = view.report
	}
	catalogs, err := source.FetchAll(ctx, servers, opts)
	view.close()
	var se *contract.ServerError
	if !errors.As(err, &se) {
		return catalogs, err
	}
	if a.keepGoing {
		// Each failed server keeps its error in its catalog (and the
		// report); the run still ends with exit 3, after the report.
		a.unreachable = unreachableIn(catalogs, "the others were checked; the report lists each with its error")
		return catalogs, nil
	}
	return catalogs, notReached(catalogs, "add --keep-going to check the others and report these")
}

// notReached is the error of a run that stops at unreachable servers: the
// server's own error when it was the only one, else every failure and hint.
func notReached(catalogs []*contract.Catalog, hint string) error {
	us := unreachableIn(catalogs, hint)
	if len(catalogs) == 1 {
		return us.failed[0]
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
