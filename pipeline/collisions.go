package pipeline

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/collisions"
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/lint"
)

// Collisions checks the tool names of the catalogs the options name
// across servers, and the names clients build from them.
func Collisions(ctx context.Context, o *Options) (*Result, error) {
	r := newRun(o)
	opts, err := r.lintOptions()
	if err != nil {
		return nil, err
	}
	catalogs, err := r.catalogs(ctx, o.Sources, o.Only)
	if err != nil {
		return nil, err
	}
	findings, copts, err := r.collisions(catalogs, opts, len(o.Sources) > 0, true)
	if err != nil {
		return nil, err
	}
	// Only collisions ran: ignores of other rules are not stale here.
	pol, err := r.policy(func(id string) bool { return strings.HasPrefix(id, collisions.RuleGroup+"/") })
	if err != nil {
		return nil, err
	}
	servers := serverInfos(catalogs)
	toolLists(servers, catalogs, nil)
	// The budgets did not run here, so a merge does not run them either.
	session := r.session(opts, true, copts)
	session.Disabled = append(session.Disabled, sessionRules...)
	return r.finish(&contract.Result{Servers: servers, Findings: findings, Session: session}, pol, false)
}

// collisions runs the name checks with the config's groups and prefix
// styles and the providers of the selected profiles. The groups name
// configured servers, so SOURCE arguments (fromArgs) are one group of their
// own. A server in no group is checked against nothing, said on stderr
// when note is set (not for the base run of check --against).
func (r *run) collisions(catalogs []*contract.Catalog, lintOpts lint.Options, fromArgs, note bool) ([]contract.Finding, collisions.Options, error) {
	opts, err := r.collisionOptions(lintOpts, fromArgs)
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
		r.note(note)
	}
	return collisions.Check(catalogs, opts), opts, nil
}

// collisionOptions are the config's groups and prefix styles and the
// providers of the selected profiles.
func (r *run) collisionOptions(lintOpts lint.Options, fromArgs bool) (collisions.Options, error) {
	opts := collisions.Options{Disabled: lintOpts.Disabled}
	var profiles []string
	for p, on := range lintOpts.Profiles {
		if on {
			profiles = append(profiles, string(p))
		}
	}
	opts.Providers = collisions.ProvidersFor(profiles)
	if r.o.Config != nil {
		cc := r.o.Config.Collisions
		if cc.Groups != nil && !fromArgs {
			opts.Groups = []collisions.Group{}
			for _, g := range cc.Groups {
				opts.Groups = append(opts.Groups, collisions.Group{Name: g.Name, Servers: g.Servers})
			}
		}
		if cc.PrefixStyles != nil {
			styles, err := collisions.ParseStyles(cc.PrefixStyles)
			if err != nil {
				return opts, &contract.InputError{File: r.o.Config.File, Line: cc.Line, Column: 1, Msg: "collisions.prefix-styles: " + err.Error()}
			}
			opts.Styles = styles
		}
	}
	return opts, nil
}
