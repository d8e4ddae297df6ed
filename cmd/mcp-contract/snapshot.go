package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/spf13/cobra"
)

// snapshotCmd is the snapshot command and its flags.
type snapshotCmd struct {
	*cli
	cmd *cobra.Command

	server           serverFlags
	only             []string
	dir              string
	check, keepGoing bool
}

func (c *cli) snapshotCommand() *cobra.Command { return c.newSnapshot().cmd }

func (c *cli) newSnapshot() *snapshotCmd {
	k := &snapshotCmd{cli: c}
	k.cmd = &cobra.Command{
		Use:   "snapshot",
		Short: "Fetch live servers and write DIR/<server>.json, the committed contract",
		Long: `Fetch the tools/list of every configured server (or --stdio/--url) and write it in canonical
form to DIR/<server>.json. An unchanged server gives byte-identical files; a failed fetch
never touches the old file. --check writes nothing and exits 1 when a file would change.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o, err := k.options()
			if err != nil {
				return err
			}
			return k.run(cmd.Context(), o)
		},
	}
	fs := k.cmd.Flags()
	k.server.register(fs)
	fs.StringArrayVar(&k.only, "server", nil, "snapshot only this configured server (repeatable)")
	fs.StringVar(&k.dir, "dir", "", "snapshot folder (default: the config's snapshots, else mcp-snapshots)")
	fs.BoolVar(&k.check, "check", false, "write nothing; exit 1 when a snapshot would change")
	fs.BoolVar(&k.keepGoing, "keep-going", false, "write the snapshot of every server that answered, then exit 3 naming each that did not")
	return k
}

func (k *snapshotCmd) options() (*pipeline.Options, error) {
	o, err := k.server.options(k.cli)
	if err != nil {
		return nil, err
	}
	o.Only, o.KeepGoing = k.only, k.keepGoing
	return o, nil
}

// run fetches the servers and writes (or with --check compares) their
// snapshot files.
func (k *snapshotCmd) run(ctx context.Context, o *pipeline.Options) error {
	run, err := pipeline.Snapshot(ctx, o, pipeline.SnapshotOptions{Dir: k.dir, Check: k.check,
		Echoed: func(f contract.Finding) {
			fmt.Fprintf(k.stderr, "mcp-contract: %s %s: server %s, tool %s, %s: %s\n", f.Severity, f.Rule,
				k.line(f.Server), k.line(f.Tool), k.line(f.Pointer), k.line(f.Message))
		},
		Written: func(path string, changed bool, c *contract.Catalog) {
			state := "unchanged"
			if changed {
				state = "written"
			}
			fmt.Fprintf(k.stdout, "%s: %s (%s)\n", k.line(path), state, english.Plural(len(c.Tools), "tool"))
		}})
	if err != nil {
		return err
	}
	if len(run.Missing) > 0 || len(run.Stale) > 0 {
		if len(run.Missing) > 0 {
			fmt.Fprintf(k.stdout, "missing: %s\n", k.line(strings.Join(run.Missing, ", ")))
		}
		if len(run.Stale) > 0 {
			fmt.Fprintf(k.stdout, "out of date: %s\n", k.line(strings.Join(run.Stale, ", ")))
		}
		fmt.Fprintf(k.stdout, "run: %s\nand commit the result\n", pipeline.SnapshotCommandLine(o, run.Dir, k.only...))
		return errFindings
	}
	if k.check {
		fmt.Fprintf(k.stdout, "%s up to date in %s\n", english.Plural(len(run.Catalogs), "snapshot"), k.line(run.Dir))
	}
	if run.Unreachable != nil {
		return run.Unreachable
	}
	if run.Leaked {
		return errFindings
	}
	return nil
}
