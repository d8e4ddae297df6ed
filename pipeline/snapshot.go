package pipeline

import (
	"context"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/snapshot"
)

// SnapshotOptions say where a snapshot run writes and whom it tells.
type SnapshotOptions struct {
	// Dir is the snapshot folder; empty: SnapshotDir(o.Config).
	Dir string
	// Check writes nothing and lists the files missing or out of date.
	Check bool
	// Echoed hears, before any file is written, each place a server sent
	// a secret of its own configuration in its tools. The fetch has
	// already masked each place, so the snapshot is written without it.
	Echoed func(contract.Finding)
	// Written hears each file written and whether it changed.
	Written func(path string, changed bool, c *contract.Catalog)
}

// SnapshotRun is what a snapshot run did.
type SnapshotRun struct {
	Dir string
	// Catalogs are the servers that answered.
	Catalogs       []*contract.Catalog
	Missing, Stale []string
	// Leaked: a server echoed a secret, which fails the run at --fail-on,
	// since the server needs fixing and the secret rotating.
	Leaked bool
	// Unreachable are the servers that did not answer (with --keep-going),
	// saying what was done with the others.
	Unreachable *UnreachableServers
}

// Snapshot fetches the servers and writes (or with Check compares) their
// snapshot files. A failed fetch, or a signal during it, leaves every
// committed file as it was.
func Snapshot(ctx context.Context, o *Options, so SnapshotOptions) (*SnapshotRun, error) {
	run := &SnapshotRun{Dir: so.Dir}
	if run.Dir == "" {
		run.Dir = SnapshotDir(o.Config)
	}
	servers, err := Servers(o)
	if err != nil {
		return nil, err
	}
	if len(servers) == 0 {
		return nil, contract.Inputf("no servers to snapshot: configure them in .mcp-contract.yaml or give --stdio/--url")
	}
	catalogs, unreachable, err := Fetch(ctx, o, servers)
	if err != nil {
		return nil, NothingWritten(o, err, catalogs, run.Dir, so.Check)
	}
	for _, c := range catalogs {
		if c.Error == "" {
			run.Catalogs = append(run.Catalogs, c)
		}
	}
	found, leaked, err := SecretsEchoed(o, run.Catalogs)
	for _, f := range found {
		so.Echoed(f)
	}
	if err != nil {
		return nil, err
	}
	run.Leaked = leaked
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	run.Missing, run.Stale, err = snapshot.WriteAll(run.Dir, run.Catalogs, so.Check, so.Written)
	if err != nil {
		return nil, err
	}
	if us, ok := unreachable.(*UnreachableServers); ok {
		us.After = "the snapshots of the others were written"
		if so.Check {
			us.After = "the snapshots of the others were checked"
		}
		run.Unreachable = us
	}
	return run, nil
}
