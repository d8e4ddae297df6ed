package pipeline

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/drift"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/snapshot"
	"github.com/mcp-contract/mcp-contract/source"
)

// defaultCallsDir holds recorded calls unless the config names another folder.
const defaultCallsDir = "mcp-calls"

// Drift compares tools with their contract and classifies each change
// (design §4): with oldNew (OLD NEW) two tool files or folders; with
// Against the snapshot folder at the ref with the work tree's; else the
// servers the options name with their snapshots in dir ("" is the
// config's folder).
func Drift(ctx context.Context, o *Options, oldNew []string, dir string) (*Result, error) {
	r := newRun(o)
	if dir == "" {
		dir = r.snapshotDir()
	}
	oldC, newC, cov, err := r.driftSides(ctx, oldNew, dir)
	if err != nil {
		return nil, err
	}
	addDigests(cov, oldC, newC)
	findings, err := r.drift(oldC, newC, len(oldNew) == 2, cov)
	if err != nil {
		return nil, err
	}
	// Only drift ran: ignores of lint rules are not stale here.
	pol, err := r.policy(func(id string) bool { return lint.Lookup(id) == nil })
	if err != nil {
		return nil, err
	}
	return r.finish(&contract.Result{Servers: serverInfos(newC), Findings: findings, Drift: cov}, pol, false)
}

// driftSides reads the two sides drift compares, and what it compares.
func (r *run) driftSides(ctx context.Context, oldNew []string, dir string) (oldC, newC []*contract.Catalog, cov *contract.DriftCoverage, err error) {
	against := r.o.Against
	switch {
	case len(oldNew) == 2:
		if against != "" {
			return nil, nil, nil, contract.Inputf("give either OLD NEW or --against, not both")
		}
		if oldC, err = source.Load(oldNew[0]); err != nil {
			return nil, nil, nil, err
		}
		if newC, err = source.Load(oldNew[1]); err != nil {
			return nil, nil, nil, err
		}
		r.loaded()
		return oldC, newC, filesCoverage(oldC, newC), nil
	case against != "":
		return r.againstRef(against, dir)
	}
	servers, err := r.servers(r.o.Only)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(servers) == 0 {
		// Falling back to the snapshot folder, as lint does, would
		// compare it with itself and report a false "no changes".
		return nil, nil, nil, contract.Inputf("drift has nothing to compare: configure servers in %s, give --stdio or --url, give OLD NEW, or --against git:REF", source.ConfigFile)
	}
	if newC, err = r.fetch(ctx, servers); err != nil {
		return nil, nil, nil, err
	}
	var skipped []contract.DriftServer
	if oldC, skipped, err = r.snapshotsOf(newC, dir, true); err != nil {
		return nil, nil, nil, err
	}
	cov = drift.Coverage(oldC, newC, howFetched)
	cov.Skipped = append(cov.Skipped, skipped...)
	return oldC, newC, cov, nil
}

// refCatalogs is what againstRef read.
type refCatalogs struct {
	against, dir string
	oldC, newC   []*contract.Catalog
	cov          *contract.DriftCoverage
}

// againstRef reads the snapshot folder at a git ref and in the work tree,
// once per run.
func (r *run) againstRef(against, dir string) (oldC, newC []*contract.Catalog, cov *contract.DriftCoverage, err error) {
	if r := r.refLoaded; r != nil && r.against == against && r.dir == dir {
		return r.oldC, r.newC, r.cov, nil
	}
	if oldC, newC, cov, err = r.readRef(against, dir); err == nil {
		r.refLoaded = &refCatalogs{against: against, dir: dir, oldC: oldC, newC: newC, cov: cov}
	}
	return oldC, newC, cov, err
}

func (r *run) readRef(against, dir string) (oldC, newC []*contract.Catalog, cov *contract.DriftCoverage, err error) {
	ref, ok := strings.CutPrefix(against, "git:")
	if !ok || ref == "" {
		return nil, nil, nil, contract.Inputf("--against %q: want git:REF, e.g. git:origin/main", against)
	}
	if base, ok := r.o.BaseCatalogs[against]; ok {
		oldC = base
	} else if oldC, err = source.LoadGitRef(".", ref, dir); err != nil {
		return nil, nil, nil, err
	}
	// The work tree's side is usually what check just linted; reading it
	// again was a second parse of every snapshot on each pre-commit run.
	// Sharing is safe: both sides are masked the same way and drift only reads.
	if l := r.folderLoaded; l != nil && l.dir == dir {
		newC = l.catalogs
	} else if newC, err = source.Load(dir); err != nil {
		return nil, nil, nil, err
	}
	r.loaded()
	cov = drift.Coverage(oldC, newC, func(*contract.Catalog) string { return contract.DriftGitPrefix + ref })
	return oldC, newC, cov, nil
}

// filesCoverage is what `drift OLD NEW` compares: two single files are one
// server whatever their names, as r.drift pairs them.
func filesCoverage(oldC, newC []*contract.Catalog) *contract.DriftCoverage {
	if len(oldC) == 1 && len(newC) == 1 {
		return &contract.DriftCoverage{Compared: []contract.DriftServer{{Server: newC[0].Server, How: contract.DriftFile, Against: oldC[0].Origin}}}
	}
	return drift.Coverage(oldC, newC, func(*contract.Catalog) string { return contract.DriftFile })
}

// howFetched says whether a configured server's tools came from a running
// server or from the tool file the config names for it.
func howFetched(c *contract.Catalog) string {
	if strings.HasPrefix(c.Origin, "file:") {
		return contract.DriftConfig
	}
	return contract.DriftLive
}

// snapshotsOf loads the committed snapshot of each catalog's server. A server
// without a snapshot is an input error when required; otherwise it is
// returned as skipped, since there is no contract to drift from yet.
func (r *run) snapshotsOf(catalogs []*contract.Catalog, dir string, required bool) ([]*contract.Catalog, []contract.DriftServer, error) {
	var out []*contract.Catalog
	var skipped []contract.DriftServer
	for _, c := range catalogs {
		path, err := snapshot.Path(dir, c.Server)
		if err != nil {
			return nil, nil, err
		}
		if _, err := os.Lstat(path); os.IsNotExist(err) {
			if required {
				return nil, nil, &contract.InputError{File: path, Msg: fmt.Sprintf("snapshot missing for server %q: run `%s` and commit it", c.Server, SnapshotCommandLine(r.o, dir, c.Server))}
			}
			skipped = append(skipped, contract.DriftServer{Server: c.Server, How: howFetched(c), Reason: "snapshot missing: " + path})
			continue
		}
		snap, err := source.LoadFile(path)
		if err != nil {
			return nil, nil, err
		}
		snap.Server = c.Server
		out = append(out, snap)
	}
	return out, skipped, nil
}

// drift compares catalogs, with the recorded calls of the project, and
// notes in cov which calls were replayed. Two single files given as OLD NEW
// are one server whatever their names (v1.json, v2.json).
func (r *run) drift(oldC, newC []*contract.Catalog, pairFiles bool, cov *contract.DriftCoverage) ([]contract.Finding, error) {
	// Masked before comparing, so no change's message quotes a secret.
	source.MaskTools(oldC, r.o.Masker)
	source.MaskTools(newC, r.o.Masker)
	callsDir := defaultCallsDir
	if r.o.Config != nil && r.o.Config.Calls != "" {
		callsDir = r.o.Config.Calls
	}
	var calls []drift.Call
	if info, err := os.Stat(callsDir); err == nil && info.IsDir() {
		if calls, err = drift.LoadCalls(callsDir); err != nil {
			return nil, err
		}
	} else if r.o.Config != nil && r.o.Config.Calls != "" {
		return nil, &contract.InputError{File: r.o.Config.File, Msg: fmt.Sprintf("calls: folder %q does not exist", r.o.Config.Calls)}
	}
	opts := drift.Options{Calls: calls}
	cov.Calls, cov.CallsSkipped = drift.CallCoverage(calls, oldC, newC, pairFiles)
	if pairFiles && len(oldC) == 1 && len(newC) == 1 {
		findings := drift.Compare(oldC[0], newC[0], opts)
		drift.LocateInSnapshots(findings, oldC)
		drift.LocateInWorkTree(findings, newC)
		return findings, nil
	}
	findings := drift.CompareAll(oldC, newC, opts)
	// Live servers have no file: place their changes in the committed snapshots.
	drift.LocateInSnapshots(findings, oldC)
	// A removal at git:REF belongs on the work tree's file, which a PR shows.
	drift.LocateInWorkTree(findings, newC)
	return findings, nil
}

// checkDrift is check's drift step: live or configured servers against their
// snapshots, else --against. Its coverage says what was compared, and why
// nothing was when neither applies.
func (r *run) checkDrift(catalogs []*contract.Catalog, fromServers, fromArgs bool, against string, whole bool) ([]contract.Finding, *contract.DriftCoverage, error) {
	dir := r.snapshotDir()
	switch {
	case against != "" && fromServers:
		return r.checkAgainst(catalogs, against, whole)
	case against != "":
		oldC, newC, cov, err := r.againstRef(against, dir)
		if err != nil {
			return nil, nil, err
		}
		addDigests(cov, oldC, newC)
		findings, err := r.drift(oldC, newC, false, cov)
		return findings, cov, err
	case fromServers:
		var live []*contract.Catalog
		for _, c := range catalogs {
			// --offline read these from their snapshots: nothing to compare.
			if !r.offlineSnapshot[c.Server] {
				live = append(live, c)
			}
		}
		oldC, skipped, err := r.snapshotsOf(live, dir, false)
		if err != nil {
			return nil, nil, err
		}
		current := sameServers(live, oldC)
		cov := drift.Coverage(oldC, current, howFetched)
		cov.Skipped = append(cov.Skipped, skipped...)
		cov.Skipped = append(cov.Skipped, r.offlineSkipped...)
		addDigests(cov, oldC, current)
		switch {
		case len(cov.Compared) > 0:
		case len(live) == 0:
			cov.NotRun = "--offline read every server from its snapshot, leaving nothing to compare it with; add --against git:HEAD to compare the snapshots with the last commit's"
		default:
			cov.NotRun = fmt.Sprintf("no server has a snapshot in %s yet (run `mcp-contract snapshot` and commit it)", dir)
		}
		findings, err := r.drift(oldC, current, false, cov)
		return findings, cov, err
	case fromArgs:
		return nil, &contract.DriftCoverage{Compared: []contract.DriftServer{}, NotRun: "tool files were given: drift compares configured or live servers with their snapshots, or with --against git:REF the snapshot folder at a ref"}, nil
	}
	return nil, &contract.DriftCoverage{Compared: []contract.DriftServer{}, NotRun: fmt.Sprintf(
		"no server is configured (servers in %s, --stdio/--url, or an MCP client config) and no --against git:REF was given", source.ConfigFile)}, nil
}

// addDigests records what each compared server's two sides held: the
// digest of the current tools and of what they were compared with, and
// how many tools the latter had.
func addDigests(cov *contract.DriftCoverage, oldC, newC []*contract.Catalog) {
	byName := func(cs []*contract.Catalog, name string) *contract.Catalog {
		for _, c := range cs {
			if c.Server == name {
				return c
			}
		}
		return nil
	}
	for i := range cov.Compared {
		d := &cov.Compared[i]
		if c := byName(newC, d.Server); c != nil {
			d.Digest = snapshot.Digest(c)
		}
		if c := byName(oldC, d.Server); c != nil {
			d.AgainstDigest = snapshot.Digest(c)
			d.AgainstTools = len(c.Tools)
		}
	}
}
