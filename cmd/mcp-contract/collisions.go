package main

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/collisions"
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/spf13/cobra"
)

func (a *app) collisionsCommand() *cobra.Command {
	var only []string
	cmd := &cobra.Command{
		Use:   "collisions [SOURCE...]",
		Short: "Check tool names across the servers a client loads together, and the names clients build from them",
		Long: `Report tool names that clash across the servers of one collisions.groups entry (by default
every server), names that differ only in case or _ - . :, names that merge once a client
prefixes (mcp__{server}__{tool}, {server}__{tool}, {server}_{tool}) or rewrites them, and
prefixed names that break the name rules of the providers --profile selects.

The text report says each clash between two servers once, with the names they share
and one rename rule for all of them; --expand lists every name with its place.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := a.loadConfig(); err != nil {
				return err
			}
			opts, err := a.lintOptions()
			if err != nil {
				return err
			}
			catalogs, err := a.catalogs(cmd.Context(), args, only)
			if err != nil {
				return err
			}
			findings, copts, err := a.collisions(catalogs, opts, len(args) > 0, true)
			if err != nil {
				return err
			}
			// Only collisions ran: ignores of other rules are not stale here.
			pol, err := a.policy(func(id string) bool { return strings.HasPrefix(id, collisions.RuleGroup+"/") })
			if err != nil {
				return err
			}
			servers := serverInfos(catalogs)
			toolLists(servers, catalogs, nil)
			// The budgets did not run here, so a merge does not run them either.
			session := a.session(opts, true, copts)
			session.Disabled = append(session.Disabled, sessionRules...)
			return a.emit(&contract.Result{Servers: servers, Findings: findings, Session: session}, pol)
		},
	}
	cmd.Flags().StringSliceVar(&a.profiles, "profile", nil, "providers whose name rules the prefixed names must meet: "+strings.Join(lint.ProfileNames(), ", ")+" (default portable)")
	cmd.Flags().StringArrayVar(&only, "server", nil, "check only this configured server (repeatable)")
	a.addTextReportFlags(cmd)
	return cmd
}

// collisions runs the name checks with the config's groups and prefix
// styles and the providers of the selected profiles. The groups name
// configured servers, so SOURCE arguments (fromArgs) are one group of their
// own. A server in no group is checked against nothing, said on stderr
// when note is set (not for the base run of check --against).
func (a *app) collisions(catalogs []*contract.Catalog, lintOpts lint.Options, fromArgs, note bool) ([]contract.Finding, collisions.Options, error) {
	opts, err := a.collisionOptions(lintOpts, fromArgs)
	if err != nil {
		return nil, opts, err
	}
	if alone := collisions.Ungrouped(catalogs, opts.Groups); len(alone) > 0 && note {
		quoted := make([]string, len(alone))
		for i, s := range alone {
			quoted[i] = fmt.Sprintf("%q", s)
		}
		note := "note: server " + quoted[0] + " is in no collisions.groups entry, so its tool names are"
		if len(alone) > 1 {
			note = "note: servers " + strings.Join(quoted, ", ") + " are in no collisions.groups entry, so their tool names are"
		}
		note += " checked against no other server's"
		fmt.Fprintln(a.stderr, a.line(note))
	}
	return collisions.Check(catalogs, opts), opts, nil
}

// collisionOptions are the config's groups and prefix styles and the
// providers of the selected profiles.
func (a *app) collisionOptions(lintOpts lint.Options, fromArgs bool) (collisions.Options, error) {
	opts := collisions.Options{Disabled: lintOpts.Disabled}
	var profiles []string
	for p, on := range lintOpts.Profiles {
		if on {
			profiles = append(profiles, string(p))
		}
	}
	opts.Providers = collisions.ProvidersFor(profiles)
	if a.cfg != nil {
		cc := a.cfg.Collisions
		if cc.Groups != nil && !fromArgs {
			opts.Groups = []collisions.Group{}
			for _, g := range cc.Groups {
				opts.Groups = append(opts.Groups, collisions.Group{Name: g.Name, Servers: g.Servers})
			}
		}
		if cc.PrefixStyles != nil {
			opts.Styles = []collisions.Style{}
			for _, s := range cc.PrefixStyles {
				st, err := collisions.ParseStyle(s)
				if err != nil {
					return opts, &contract.InputError{File: a.cfg.File, Line: cc.Line, Column: 1, Msg: "collisions.prefix-styles: " + err.Error()}
				}
				opts.Styles = append(opts.Styles, st)
			}
		}
	}
	return opts, nil
}
