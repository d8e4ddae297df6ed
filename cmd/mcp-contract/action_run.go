package main

import (
	"context"
	"fmt"

	"github.com/mcp-contract/mcp-contract/contract"
	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/spf13/cobra"
)

// actionPlan is what the Action decides for the run besides its inputs.
type actionPlan struct {
	// against is --against (the pull request's base by default) and base
	// the snapshot folder read for it through the API, if it was.
	against string
	base    map[string][]*contract.Catalog
	// allowBreaking: the pull request carries the allow-breaking label.
	allowBreaking bool
	// label is the allow-breaking label, which the report names.
	label string
	// reportPath is where the JSON report goes.
	reportPath string
}

func (r actionPlan) apply(o *pipeline.Options) {
	o.AllowBreaking, o.AllowedBy, o.BaseCatalogs = r.allowBreaking, r.label, r.base
}

// actionCheck runs the command input once: the args input is parsed by the
// command's own flags, the other inputs are set as the flags of the same
// name over it (as if they followed it on a command line), and the command
// runs on the pipeline directly, writing the JSON report to reportPath.
// The result is nil when the run had none (snapshot, or a failure).
func (c *cli) actionCheck(ctx context.Context, in ghaction.Inputs, run actionPlan) (*pipeline.Result, error) {
	var cmd *cobra.Command
	var report *reportFlags
	var do func(args []string) (*pipeline.Result, error)
	switch in.Command {
	case "check", "lint":
		k := c.newLint(in.Command == "check")
		cmd, report = k.cmd, &k.report
		do = func(args []string) (*pipeline.Result, error) {
			o, err := k.options(args)
			if err != nil {
				return nil, err
			}
			run.apply(o)
			return k.runWith(ctx, o)
		}
	case "drift":
		k := c.newDrift()
		cmd, report = k.cmd, &k.report
		do = func(args []string) (*pipeline.Result, error) {
			o, err := k.options()
			if err != nil {
				return nil, err
			}
			run.apply(o)
			return k.runWith(ctx, o, args)
		}
	case "collisions":
		k := c.newCollisions()
		cmd, report = k.cmd, &k.report
		do = func(args []string) (*pipeline.Result, error) {
			o, err := k.options(args)
			if err != nil {
				return nil, err
			}
			run.apply(o)
			return k.runWith(ctx, o)
		}
	case "snapshot":
		k := c.newSnapshot()
		cmd = k.cmd
		do = func([]string) (*pipeline.Result, error) {
			o, err := k.options()
			if err != nil {
				return nil, err
			}
			run.apply(o)
			return nil, k.run(ctx, o)
		}
	default:
		return nil, usagef("input command %q: want one of %v", in.Command, ghaction.Commands)
	}
	args, err := parseInputs(cmd, in, run.against)
	if err != nil {
		return nil, err
	}
	if report != nil {
		*report = reportFlags{format: "json", output: run.reportPath}
	}
	return do(args)
}

// parseInputs parses the args input with cmd's flags, sets the inputs that
// are flags too, and checks cmd's positional arguments.
func parseInputs(cmd *cobra.Command, in ghaction.Inputs, against string) ([]string, error) {
	// A parent gives the argument errors the command's full name.
	(&cobra.Command{Use: "mcp-contract"}).AddCommand(cmd)
	if err := cmd.ParseFlags(in.Args); err != nil {
		return nil, flagError(cmd, err)
	}
	fs := cmd.Flags()
	set := func(name, value string) error {
		if fs.Lookup(name) == nil {
			return usagef("unknown flag: --%s (see --help)", name)
		}
		if err := fs.Set(name, value); err != nil {
			return flagError(cmd, fmt.Errorf("invalid argument %q for \"--%s\" flag: %v", value, name, err))
		}
		return nil
	}
	var sets [][2]string
	if in.Config != "" {
		sets = append(sets, [2]string{"config", in.Config})
	}
	if in.Profiles != "" && in.Command != "drift" && in.Command != "snapshot" {
		sets = append(sets, [2]string{"profile", in.Profiles})
	}
	if against != "" {
		sets = append(sets, [2]string{"against", against})
	}
	if in.DriftIssue && (in.Command == "check" || in.Command == "drift") {
		// An unreachable server gets its own issue: the others are still checked.
		sets = append(sets, [2]string{"keep-going", "true"})
	}
	sets = append(sets, [2]string{"fail-on", in.FailOn})
	for _, kv := range sets {
		if err := set(kv[0], kv[1]); err != nil {
			return nil, err
		}
	}
	args := fs.Args()
	if err := cmd.ValidateArgs(args); err != nil {
		return nil, err
	}
	return args, nil
}
