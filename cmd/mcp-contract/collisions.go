package main

import (
	"context"
	"strings"

	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/spf13/cobra"
)

// collisionsCmd is the collisions command and its flags.
type collisionsCmd struct {
	*cli
	cmd *cobra.Command

	server   serverFlags
	report   reportFlags
	text     textFlags
	profiles []string
	only     []string
}

func (c *cli) newCollisions() *collisionsCmd {
	k := &collisionsCmd{cli: c}
	k.cmd = &cobra.Command{
		Use:   "collisions [SOURCE...]",
		Short: "Check tool names across the servers a client loads together, and the names clients build from them",
		Long: `Report tool names that clash across the servers of one collisions.groups entry (by default
every server), names that differ only in case or _ - . :, names that merge once a client
prefixes (mcp__{server}__{tool}, {server}__{tool}, {server}_{tool}) or rewrites them, and
prefixed names that break the name rules of the providers --profile selects.

The text report says each clash between two servers once, with the names they share
and one rename rule for all of them; --expand lists every name with its place.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := k.run(cmd.Context(), args)
			return err
		},
	}
	fs := k.cmd.Flags()
	k.server.register(fs)
	k.report.register(fs)
	k.text.register(fs)
	fs.StringSliceVar(&k.profiles, "profile", nil, "providers whose name rules the prefixed names must meet: "+strings.Join(lint.ProfileNames(), ", ")+" (default portable)")
	fs.StringArrayVar(&k.only, "server", nil, "check only this configured server (repeatable)")
	return k
}

func (k *collisionsCmd) options(args []string) (*pipeline.Options, error) {
	o, err := k.server.options(k.cli)
	if err != nil {
		return nil, err
	}
	o.Sources, o.Only, o.Profiles = args, k.only, k.profiles
	return o, nil
}

func (k *collisionsCmd) run(ctx context.Context, args []string) (*pipeline.Result, error) {
	o, err := k.options(args)
	if err != nil {
		return nil, err
	}
	return k.runWith(ctx, o)
}

func (k *collisionsCmd) runWith(ctx context.Context, o *pipeline.Options) (*pipeline.Result, error) {
	res, err := pipeline.Collisions(ctx, o)
	if err != nil {
		return nil, err
	}
	return res, k.emit(res, k.report, k.text, false)
}
