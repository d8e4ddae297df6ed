package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/drift"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/snapshot"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/spf13/cobra"
)

// defaultCallsDir holds recorded calls unless the config names another folder.
const defaultCallsDir = "mcp-calls"

func (a *app) driftCommand() *cobra.Command {
	var only []string
	var dir, against string
	cmd := &cobra.Command{
		Use:   "drift [OLD NEW]",
		Short: "Compare tools with their contract and classify each change as breaking or not",
		Long: `Three modes:
  drift [--server NAME]... [--dir DIR]   live servers vs their snapshots in DIR
  drift OLD NEW                          two tool files or two snapshot folders
  drift --against git:REF [--dir DIR]    the snapshot folder at REF vs the work tree
inputSchema changes are judged from the caller's side (narrowing breaks), outputSchema
changes from the consumer's side (widening breaks). Recorded calls in mcp-calls/ (config
calls:) must still be accepted. With no server configured or given, no OLD NEW and no
--against, drift exits 2: it never compares the snapshot folder with itself.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 0 && len(args) != 2 {
				return usagef("drift takes no SOURCE or exactly two (OLD NEW), got %d", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := a.loadConfig(); err != nil {
				return err
			}
			if dir == "" {
				dir = a.snapshotDir()
			}
			var oldC, newC []*contract.Catalog
			var cov *contract.DriftCoverage
			var err error
			switch {
			case len(args) == 2:
				if against != "" {
					return usagef("give either OLD NEW or --against, not both")
				}
				if oldC, err = source.Load(args[0]); err != nil {
					return err
				}
				if newC, err = source.Load(args[1]); err != nil {
					return err
				}
				collectSoonerWhenLarge()
				cov = filesCoverage(oldC, newC)
			case against != "":
				if oldC, newC, cov, err = a.againstRef(against, dir); err != nil {
					return err
				}
			default:
				servers, err := a.servers(only)
				if err != nil {
					return err
				}
				if len(servers) == 0 {
					// Falling back to the snapshot folder, as lint does, would
					// compare it with itself and report a false "no changes".
					return usagef("drift has nothing to compare: configure servers in %s, give --stdio or --url, give OLD NEW, or --against git:REF", source.ConfigFile)
				}
				if newC, err = a.fetch(cmd.Context(), servers); err != nil {
					return err
				}
				var skipped []contract.DriftServer
				if oldC, skipped, err = a.snapshotsOf(newC, dir, true); err != nil {
					return err
				}
				cov = drift.Coverage(oldC, newC, howFetched)
				cov.Skipped = append(cov.Skipped, skipped...)
			}
			addDigests(cov, oldC, newC)
			findings, err := a.drift(oldC, newC, len(args) == 2, cov)
			if err != nil {
				return err
			}
			// Only drift ran: ignores of lint rules are not stale here.
			pol, err := a.policy(func(id string) bool { return lint.Lookup(id) == nil })
			if err != nil {
				return err
			}
			return a.emit(&contract.Result{Servers: serverInfos(newC), Findings: findings, Drift: cov}, pol)
		},
	}
	a.addTextReportFlags(cmd)
	cmd.Flags().StringArrayVar(&only, "server", nil, "compare only this configured server (repeatable)")
	cmd.Flags().StringVar(&dir, "dir", "", "snapshot folder (default: the config's snapshots, else mcp-snapshots)")
	cmd.Flags().StringVar(&against, "against", "", "compare the snapshot folder at a git ref with the work tree, e.g. git:origin/main")
	cmd.Flags().BoolVar(&a.keepGoing, "keep-going", false, "a server that cannot be reached is reported (servers[].error) and the others still checked; exit 3 after the report (for issues --from)")
	return cmd
}

// refCatalogs is what againstRef read.
type refCatalogs struct {
	against, dir string
	oldC, newC   []*contract.Catalog
	cov          *contract.DriftCoverage
}

// againstRef reads the snapshot folder at a git ref and in the work tree,
// once per run.
func (a *app) againstRef(against, dir string) (oldC, newC []*contract.Catalog, cov *contract.DriftCoverage, err error) {
	if r := a.refLoaded; r != nil && r.against == against && r.dir == dir {
		return r.oldC, r.newC, r.cov, nil
	}
	if oldC, newC, cov, err = a.readRef(against, dir); err == nil {
		a.refLoaded = &refCatalogs{against: against, dir: dir, oldC: oldC, newC: newC, cov: cov}
	}
	return oldC, newC, cov, err
}

func (a *app) readRef(against, dir string) (oldC, newC []*contract.Catalog, cov *contract.DriftCoverage, err error) {
	ref, ok := strings.CutPrefix(against, "git:")
	if !ok || ref == "" {
		return nil, nil, nil, usagef("--against %q: want git:REF, e.g. git:origin/main", against)
	}
	if base, ok := a.baseCatalogs[against]; ok {
		oldC = base
	} else if oldC, err = source.LoadGitRef(".", ref, dir); err != nil {
		return nil, nil, nil, err
	}
	// The work tree's side is usually what check just linted; reading it
	// again was a second parse of every snapshot on each pre-commit run.
	// Sharing is safe: both sides are masked the same way and drift only reads.
	if l := a.folderLoaded; l != nil && l.dir == dir {
		newC = l.catalogs
	} else if newC, err = source.Load(dir); err != nil {
		return nil, nil, nil, err
	}
	collectSoonerWhenLarge()
	cov = drift.Coverage(oldC, newC, func(*contract.Catalog) string { return contract.DriftGitPrefix + ref })
	return oldC, newC, cov, nil
}

// filesCoverage is what `drift OLD NEW` compares: two single files are one
// server whatever their names, as a.drift pairs them.
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
func (a *app) snapshotsOf(catalogs []*contract.Catalog, dir string, required bool) ([]*contract.Catalog, []contract.DriftServer, error) {
	var out []*contract.Catalog
	var skipped []contract.DriftServer
	for _, c := range catalogs {
		path, err := snapshot.Path(dir, c.Server)
		if err != nil {
			return nil, nil, err
		}
		if _, err := os.Lstat(path); os.IsNotExist(err) {
			if required {
				return nil, nil, &contract.InputError{File: path, Msg: fmt.Sprintf("snapshot missing for server %q: run `%s` and commit it", c.Server, a.snapshotCommandLine(dir, c.Server))}
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
func (a *app) drift(oldC, newC []*contract.Catalog, pairFiles bool, cov *contract.DriftCoverage) ([]contract.Finding, error) {
	// Masked before comparing, so no change's message quotes a secret.
	source.MaskTools(oldC, a.masker)
	source.MaskTools(newC, a.masker)
	callsDir := defaultCallsDir
	if a.cfg != nil && a.cfg.Calls != "" {
		callsDir = a.cfg.Calls
	}
	var calls []drift.Call
	if info, err := os.Stat(callsDir); err == nil && info.IsDir() {
		if calls, err = drift.LoadCalls(callsDir); err != nil {
			return nil, err
		}
	} else if a.cfg != nil && a.cfg.Calls != "" {
		return nil, &contract.InputError{File: a.cfg.File, Msg: fmt.Sprintf("calls: folder %q does not exist", a.cfg.Calls)}
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
func (a *app) checkDrift(catalogs []*contract.Catalog, fromServers, fromArgs bool, against string, whole bool) ([]contract.Finding, *contract.DriftCoverage, error) {
	dir := a.snapshotDir()
	switch {
	case against != "" && fromServers:
		return a.checkAgainst(catalogs, against, whole)
	case against != "":
		oldC, newC, cov, err := a.againstRef(against, dir)
		if err != nil {
			return nil, nil, err
		}
		addDigests(cov, oldC, newC)
		findings, err := a.drift(oldC, newC, false, cov)
		return findings, cov, err
	case fromServers:
		var live []*contract.Catalog
		for _, c := range catalogs {
			// --offline read these from their snapshots: nothing to compare.
			if !a.offlineSnapshot[c.Server] {
				live = append(live, c)
			}
		}
		oldC, skipped, err := a.snapshotsOf(live, dir, false)
		if err != nil {
			return nil, nil, err
		}
		current := sameServers(live, oldC)
		cov := drift.Coverage(oldC, current, howFetched)
		cov.Skipped = append(cov.Skipped, skipped...)
		cov.Skipped = append(cov.Skipped, a.offlineSkipped...)
		addDigests(cov, oldC, current)
		switch {
		case len(cov.Compared) > 0:
		case len(live) == 0:
			cov.NotRun = "--offline read every server from its snapshot, leaving nothing to compare it with; add --against git:HEAD to compare the snapshots with the last commit's"
		default:
			cov.NotRun = fmt.Sprintf("no server has a snapshot in %s yet (run `mcp-contract snapshot` and commit it)", dir)
		}
		findings, err := a.drift(oldC, current, false, cov)
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
