package pipeline

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/drift"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/mcp-contract/mcp-contract/snapshot"
	"github.com/mcp-contract/mcp-contract/source"
)

// baseRun is the run of the same checks on the base's contract that New
// is decided against.
type baseRun struct {
	against  string
	findings []contract.Finding
}

// checkAgainst is check --against REF with configured servers (design §4):
// the breaking-change verdict compares every server as the work tree has
// it with its snapshot at REF, and the freshness verdict the same servers
// with their snapshots in the work tree. whole says the servers are the
// whole config, so a server snapshotted at REF and configured no more was
// removed; otherwise only the servers given are compared.
func (r *run) checkAgainst(current []*contract.Catalog, against string, whole bool) ([]contract.Finding, *contract.DriftCoverage, error) {
	dir := r.snapshotDir()
	ref := strings.TrimPrefix(against, contract.DriftGitPrefix)
	atRef, err := r.refSnapshots(against, r.baseSnapshotDir(dir))
	if err != nil {
		return nil, nil, err
	}
	if !whole {
		atRef = sameServers(atRef, current)
	}
	cov := drift.Coverage(atRef, current, func(c *contract.Catalog) string {
		if r.offlineSnapshot[c.Server] {
			// The committed snapshot against the one at REF.
			return contract.DriftGitPrefix + ref
		}
		return howFetched(c)
	})
	cov.Skipped = append(cov.Skipped, r.offlineSkipped...)
	addDigests(cov, atRef, current)

	stale, inWorkTree, err := r.freshness(current, atRef, dir)
	if err != nil {
		return nil, nil, err
	}
	findings, err := r.drift(atRef, current, false, cov)
	if err != nil {
		return nil, nil, err
	}
	// A live server's changes were placed on its snapshot at REF; the pull
	// request shows the work tree's copy.
	drift.LocateInWorkTree(findings, inWorkTree)
	return append(findings, stale...), cov, nil
}

// freshness compares each server the work tree has with its snapshot in the
// work tree: one drift/snapshot-stale per server that differs, or whose
// snapshot the change deleted. A server with no snapshot here nor at REF is
// new, which the breaking-change verdict already says. It returns the
// snapshots it read.
func (r *run) freshness(current, atRef []*contract.Catalog, dir string) ([]contract.Finding, []*contract.Catalog, error) {
	var findings []contract.Finding
	var snaps []*contract.Catalog
	for _, c := range current {
		if c.Error != "" {
			continue
		}
		if r.offlineSnapshot[c.Server] {
			// It is its snapshot: there is no server to compare it with.
			snaps = append(snaps, c)
			continue
		}
		path, err := snapshot.Path(dir, c.Server)
		if err != nil {
			return nil, nil, err
		}
		refresh := SnapshotCommandLine(r.o, dir, c.Server)
		if _, err := os.Lstat(path); os.IsNotExist(err) {
			if len(sameServers(atRef, []*contract.Catalog{c})) > 0 {
				findings = append(findings, *drift.SnapshotStale(c, nil, path, refresh))
			}
			continue
		}
		snap, err := source.LoadFile(path)
		if err != nil {
			return nil, nil, err
		}
		snap.Server = c.Server
		source.MaskTools([]*contract.Catalog{snap}, r.o.Masker)
		snaps = append(snaps, snap)
		if f := drift.SnapshotStale(c, snap, path, refresh); f != nil {
			findings = append(findings, *f)
		}
	}
	return findings, snaps, nil
}

// refSnapshots is the snapshot folder at the ref: read through the API
// (the Action on a shallow clone) or from the clone's git objects.
func (r *run) refSnapshots(against, dir string) ([]*contract.Catalog, error) {
	ref, ok := strings.CutPrefix(against, contract.DriftGitPrefix)
	if !ok || ref == "" {
		return nil, contract.Inputf("--against %q: want git:REF, e.g. git:origin/main", against)
	}
	if base, ok := r.o.BaseCatalogs[against]; ok {
		return base, nil
	}
	if r := r.refLoaded; r != nil && r.against == against && r.dir == dir {
		return r.oldC, nil
	}
	return source.LoadGitRef(".", ref, dir)
}

// sameServers keeps the catalogs of cs whose server is among those of like.
func sameServers(cs, like []*contract.Catalog) []*contract.Catalog {
	names := map[string]bool{}
	for _, c := range like {
		names[c.Server] = true
	}
	var out []*contract.Catalog
	for _, c := range cs {
		if names[c.Server] {
			out = append(out, c)
		}
	}
	return out
}

// baseContract is the contract at the ref that lint and collision findings
// are compared with: for each server checked, a `file:` server's tool file
// at the ref, else its snapshot at the ref; for SOURCE arguments, each file
// or folder at the ref. A server the ref lacks has no findings there, so
// all of its findings are new.
func (r *run) baseContract(current []*contract.Catalog, args []string, against string, servers []*source.ServerConfig) ([]*contract.Catalog, error) {
	ref := strings.TrimPrefix(against, contract.DriftGitPrefix)
	// Through the API only the snapshot folder was read.
	_, viaAPI := r.o.BaseCatalogs[against]
	var out []*contract.Catalog
	if len(args) > 0 {
		for _, p := range args {
			if info, err := os.Stat(p); err == nil && info.IsDir() {
				cs, err := source.LoadGitRef(".", ref, p)
				if err != nil {
					return nil, err
				}
				out = append(out, cs...)
				continue
			}
			c, err := source.LoadGitFile(".", ref, p, source.ServerName(p))
			if err != nil {
				return nil, err
			}
			if c != nil {
				out = append(out, c)
			}
		}
		return out, nil
	}
	atRef, err := r.refSnapshots(against, r.baseSnapshotDir(r.snapshotDir()))
	if err != nil {
		return nil, err
	}
	if len(servers) == 0 {
		return atRef, nil
	}
	files := map[string]string{}
	for _, s := range servers {
		if s.File != "" {
			files[s.Name] = s.File
		}
	}
	for _, c := range current {
		if file := files[c.Server]; file != "" && !viaAPI {
			at, err := source.LoadGitFile(".", ref, file, c.Server)
			if err != nil {
				return nil, err
			}
			if at != nil {
				out = append(out, at)
				continue
			}
		}
		out = append(out, sameServers(atRef, []*contract.Catalog{c})...)
	}
	return out, nil
}

// runBase runs lint (and collisions, when the run checks them) on the
// base's contract and keeps the findings for markNew.
func (r *run) runBase(base []*contract.Catalog, opts lint.Options, withCollisions, fromArgs bool, against string) error {
	source.MaskTools(base, r.o.Masker)
	found := r.lint(base, opts, nil, 0).Findings
	if withCollisions && len(base) >= 2 {
		more, _, err := r.collisions(base, opts, fromArgs, false)
		if err != nil {
			return err
		}
		found = append(found, more...)
	}
	r.base = &baseRun{against: against, findings: found}
	return nil
}

// markNew sets each finding's New against the base run and the committed
// baseline, when there is either (design §5), and names them in
// result.Base.
func (r *run) markNew(result *contract.Result, pol policy.Policy) error {
	var bases []string
	if r.base != nil {
		policy.MarkNew(result.Findings, r.base.findings)
		result.Fixed = policy.Fixed(result.Findings, r.base.findings)
		bases = append(bases, r.base.against)
	}
	if r.useBaseline {
		b, err := loadBaseline()
		if err != nil {
			return err
		}
		if b != nil {
			result.Findings = b.Apply(result.Findings, pol.Ran)
			bases = append(bases, b.File)
		}
	}
	result.Base = strings.Join(bases, " and ")
	return nil
}

// baselinePresent says whether the working directory has a committed
// baseline, which decides what is new.
func baselinePresent() bool {
	_, err := os.Lstat(policy.BaselineFile)
	return err == nil
}

// loadBaseline reads the committed baseline in the working directory, or
// returns nil when there is none.
func loadBaseline() (*policy.Baseline, error) {
	data, err := fileio.ReadFile(policy.BaselineFile, fileio.MaxToolFile)
	if err != nil {
		if _, statErr := os.Lstat(policy.BaselineFile); os.IsNotExist(statErr) {
			return nil, nil
		}
		return nil, &contract.InputError{File: policy.BaselineFile, Msg: fileio.Problem(err)}
	}
	return policy.ParseBaseline(data, filepath.ToSlash(policy.BaselineFile))
}

// offlineNote says which live servers --offline did not start.
func (r *run) offlineNote() {
	for _, s := range r.offlineSkipped {
		if r.o.Note != nil {
			r.o.Note(r.line(s.Server) + ": " + r.line(s.Reason))
		}
	}
}
