package main

import (
	"context"

	"github.com/mcp-contract/mcp-contract/lint/lintcache"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/spf13/cobra"
)

// lintCmd is the lint command, or check when check is set, and its flags.
type lintCmd struct {
	*cli
	cmd   *cobra.Command
	check bool

	server serverFlags
	report reportFlags
	text   textFlags
	lint   lintFlags
	base   baseFlags
	only   []string
	// check only: --against, --keep-going, --no-cache.
	against            string
	keepGoing, noCache bool
}

const lintLong = `Lint tools from files or folders (a tools/list result, a JSON-RPC response, an array of
tools, one tool, a snapshot, or a folder of *.json/*.snap), or, with no SOURCE, from the
servers of .mcp-contract.yaml, the MCP client configs here, or the snapshot folder.`

const checkLong = `Lint the tools, then compare them with the contract: configured or live servers against
their snapshots. With --against git:REF (design §4): every configured server as the work tree
has it against its snapshot at REF (breaking changes), and against its snapshot in the work
tree (drift/snapshot-stale); a server snapshotted at REF and configured no more is
drift/server-removed. Lint and collision findings the same checks find at REF are existing
(new: false) and do not count for --fail-on. Without configured servers, the snapshot folder
at REF is compared with the work tree's. With two or more servers, also check their tool
names for collisions (see collisions --help).`

func (c *cli) newLint(check bool) *lintCmd {
	k := &lintCmd{cli: c, check: check}
	k.cmd = &cobra.Command{
		Use:   "lint [SOURCE...]",
		Short: "Lint tool schemas against JSON Schema, the MCP spec, provider profiles and security rules",
		Long:  lintLong,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := k.run(cmd.Context(), args)
			return err
		},
	}
	if check {
		k.cmd.Use, k.cmd.Short, k.cmd.Long = "check [SOURCE...]", "What CI runs: lint, drift against the committed snapshots, and collisions", checkLong
	}
	fs := k.cmd.Flags()
	k.server.register(fs)
	k.report.register(fs)
	k.lint.register(fs)
	k.text.register(fs)
	k.base.register(fs)
	if !check {
		fs.StringArrayVar(&k.only, "server", nil, "lint only this configured server (repeatable)")
		return k
	}
	fs.StringArrayVar(&k.only, "server", nil, "check only this configured server (repeatable)")
	fs.StringVar(&k.against, "against", "", "compare the servers with their snapshots at a git ref, and the findings with the ref's, e.g. git:origin/main")
	fs.BoolVar(&k.keepGoing, "keep-going", false, keepGoingHelp)
	fs.BoolVar(&k.noCache, "no-cache", false, "with --against: lint every tool, instead of taking the findings of tools unchanged since the ref from the cache")
	return k
}

// options are the pipeline options of the command's flags and SOURCE args.
func (k *lintCmd) options(args []string) (*pipeline.Options, error) {
	o, err := k.server.options(k.cli)
	if err != nil {
		return nil, err
	}
	o.Sources, o.Only = args, k.only
	o.Profiles, o.MCPVersion = k.lint.profiles, k.lint.mcpVersion
	o.Offline, o.FailOnExisting = k.base.offline, k.base.failOnExisting
	o.Drift, o.Against, o.KeepGoing, o.NoCache = k.check, k.against, k.keepGoing, k.noCache
	if k.check && k.against != "" && !k.noCache {
		if dir, err := lintcache.Dir(); err == nil {
			o.CacheDir, o.Binary = dir, binaryIdentity()
		}
	}
	return o, nil
}

// run runs the checks and writes the report; the result is nil when the
// run failed before it had one.
func (k *lintCmd) run(ctx context.Context, args []string) (*pipeline.Result, error) {
	o, err := k.options(args)
	if err != nil {
		return nil, err
	}
	return k.runWith(ctx, o)
}

func (k *lintCmd) runWith(ctx context.Context, o *pipeline.Options) (*pipeline.Result, error) {
	res, err := pipeline.Run(ctx, o)
	if err != nil {
		return nil, err
	}
	return res, k.emit(res, k.report, k.text, k.check)
}
