package main

import (
	"context"

	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/spf13/cobra"
)

// driftCmd is the drift command and its flags.
type driftCmd struct {
	*cli
	cmd *cobra.Command

	server       serverFlags
	report       reportFlags
	text         textFlags
	only         []string
	dir, against string
	keepGoing    bool
}

func (c *cli) newDrift() *driftCmd {
	k := &driftCmd{cli: c}
	k.cmd = &cobra.Command{
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
			_, err := k.run(cmd.Context(), args)
			return err
		},
	}
	fs := k.cmd.Flags()
	k.server.register(fs)
	k.report.register(fs)
	k.text.register(fs)
	fs.StringArrayVar(&k.only, "server", nil, "compare only this configured server (repeatable)")
	fs.StringVar(&k.dir, "dir", "", "snapshot folder (default: the config's snapshots, else mcp-snapshots)")
	fs.StringVar(&k.against, "against", "", "compare the snapshot folder at a git ref with the work tree, e.g. git:origin/main")
	fs.BoolVar(&k.keepGoing, "keep-going", false, keepGoingHelp)
	return k
}

func (k *driftCmd) options() (*pipeline.Options, error) {
	o, err := k.server.options(k.cli)
	if err != nil {
		return nil, err
	}
	o.Only, o.Against, o.KeepGoing = k.only, k.against, k.keepGoing
	return o, nil
}

func (k *driftCmd) run(ctx context.Context, args []string) (*pipeline.Result, error) {
	o, err := k.options()
	if err != nil {
		return nil, err
	}
	return k.runWith(ctx, o, args)
}

func (k *driftCmd) runWith(ctx context.Context, o *pipeline.Options, args []string) (*pipeline.Result, error) {
	res, err := pipeline.Drift(ctx, o, args, k.dir)
	if err != nil {
		return nil, err
	}
	return res, k.emit(res, k.report, k.text, false)
}
