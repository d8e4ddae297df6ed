package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/mcp-contract/mcp-contract/snapshot"
	"github.com/spf13/cobra"
)

func (a *app) snapshotCommand() *cobra.Command {
	var only []string
	var dir string
	var check bool
	cmd := &cobra.Command{
		Use:   "snapshot",
		Short: "Fetch live servers and write DIR/<server>.json, the committed contract",
		Long: `Fetch the tools/list of every configured server (or --stdio/--url) and write it in canonical
form to DIR/<server>.json. An unchanged server gives byte-identical files; a failed fetch
never touches the old file. --check writes nothing and exits 1 when a file would change.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := a.loadConfig(); err != nil {
				return err
			}
			if dir == "" {
				dir = a.snapshotDir()
			}
			servers, err := a.servers(only)
			if err != nil {
				return err
			}
			if len(servers) == 0 {
				return contract.Inputf("no servers to snapshot: configure them in .mcp-contract.yaml or give --stdio/--url")
			}
			catalogs, err := a.fetch(cmd.Context(), servers)
			if err != nil {
				return a.nothingWritten(err, catalogs, dir, check)
			}
			var reached []*contract.Catalog
			for _, c := range catalogs {
				if c.Error == "" {
					reached = append(reached, c)
				}
			}
			catalogs = reached
			leaked, err := a.secretsEchoed(catalogs)
			if err != nil {
				return err
			}
			// A signal during the fetch leaves every committed file as it was.
			if err := cmd.Context().Err(); err != nil {
				return err
			}
			var missing, stale []string
			for _, c := range catalogs {
				path, err := snapshot.Path(dir, c.Server)
				if err != nil {
					return err
				}
				if check {
					if _, err := os.Lstat(path); os.IsNotExist(err) {
						missing = append(missing, path)
						continue
					}
					changed, err := snapshot.Changed(dir, c)
					if err != nil {
						return err
					}
					if changed {
						stale = append(stale, path)
					}
					continue
				}
				changed, err := snapshot.Write(dir, c)
				if err != nil {
					return err
				}
				state := "unchanged"
				if changed {
					state = "written"
				}
				fmt.Fprintf(a.stdout, "%s: %s (%s)\n", a.line(path), state, english.Plural(len(c.Tools), "tool"))
			}
			if len(missing) > 0 || len(stale) > 0 {
				if len(missing) > 0 {
					fmt.Fprintf(a.stdout, "missing: %s\n", a.line(strings.Join(missing, ", ")))
				}
				if len(stale) > 0 {
					fmt.Fprintf(a.stdout, "out of date: %s\n", a.line(strings.Join(stale, ", ")))
				}
				fmt.Fprintf(a.stdout, "run: %s\nand commit the result\n", a.snapshotCommandLine(dir, only...))
				return errFindings
			}
			if check {
				fmt.Fprintf(a.stdout, "%s up to date in %s\n", english.Plural(len(catalogs), "snapshot"), a.line(dir))
			}
			if us, ok := a.unreachable.(*unreachableServers); ok {
				us.after = "the snapshots of the others were written"
				if check {
					us.after = "the snapshots of the others were checked"
				}
				return us
			}
			if leaked {
				return errFindings
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVar(&only, "server", nil, "snapshot only this configured server (repeatable)")
	cmd.Flags().StringVar(&dir, "dir", "", "snapshot folder (default: the config's snapshots, else mcp-snapshots)")
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 when a snapshot would change")
	cmd.Flags().BoolVar(&a.keepGoing, "keep-going", false, "write the snapshot of every server that answered, then exit 3 naming each that did not")
	return cmd
}

// nothingWritten is the error of a snapshot that stopped at unreachable
// servers: it says that no file was written and how to write the others.
func (a *app) nothingWritten(err error, catalogs []*contract.Catalog, dir string, check bool) error {
	var us *unreachableServers
	if !errors.As(err, &us) {
		var se *contract.ServerError
		if errors.As(err, &se) && !check {
			return &contract.ServerError{Server: se.Server, Msg: se.Msg + "; nothing was written"}
		}
		return err
	}
	var others []string
	for _, c := range catalogs {
		if c.Error == "" {
			others = append(others, c.Server)
		}
	}
	if check {
		us.after = "nothing was checked; add --keep-going to check the servers that answered and report these"
		return us
	}
	us.after = "nothing was written; add --keep-going to snapshot the servers that answered and report these"
	if len(others) > 0 && a.stdio == "" && a.url == "" {
		us.after += ", or skip them: " + a.snapshotCommandLine(dir, others...)
	}
	return us
}

// secretsEchoed says on stderr where a server sent a secret of its own
// configuration in its tools. The fetch has already masked each place, so
// the snapshot is written without it; the run still fails at --fail-on, since
// the server needs fixing and the secret rotating.
func (a *app) secretsEchoed(catalogs []*contract.Catalog) (bool, error) {
	const id = "security/secret-in-tool-text"
	opts := lint.Options{Profiles: map[lint.Profile]bool{lint.ProfileSecurity: true}, Disabled: map[string]bool{}}
	for _, r := range lint.Rules() {
		if r.ID != id {
			opts.Disabled[r.ID] = true
		}
	}
	pol, err := a.policy(func(rule string) bool { return rule == id })
	if err != nil {
		return false, err
	}
	failOn, err := a.failLevel()
	if err != nil {
		return false, err
	}
	findings := policy.Apply(lint.Run(catalogs, opts), pol)
	fail := false
	for _, f := range findings {
		fmt.Fprintf(a.stderr, "mcp-contract: %s %s: server %s, tool %s, %s: %s\n", f.Severity, f.Rule,
			a.line(f.Server), a.line(f.Tool), a.line(f.Pointer), a.line(f.Message))
		fail = fail || f.Severity >= failOn
	}
	return fail, nil
}

// snapshotCommandLine is the snapshot command that writes what is missing or
// stale, with this run's flags that pick the servers and the folder, so it
// can be pasted as it is. Header values are left out: they may be secrets.
func (a *app) snapshotCommandLine(dir string, servers ...string) string {
	parts := []string{"mcp-contract", "snapshot"}
	if a.configPath != "" {
		parts = append(parts, "--config", shellQuote(a.configPath))
	}
	switch {
	case a.stdio != "" || a.url != "":
		if a.stdio != "" {
			parts = append(parts, "--stdio", shellQuote(a.stdio))
		} else {
			parts = append(parts, "--url", shellQuote(a.url))
		}
		for _, h := range a.headers {
			name, _, _ := strings.Cut(h, ":")
			parts = append(parts, "--header", shellQuote(strings.TrimSpace(name)+": …"))
		}
		if a.adHocName != "" {
			parts = append(parts, "--name", shellQuote(a.adHocName))
		}
	default:
		for _, s := range servers {
			parts = append(parts, "--server", shellQuote(s))
		}
	}
	if dir != a.snapshotDir() {
		parts = append(parts, "--dir", shellQuote(dir))
	}
	return a.line(strings.Join(parts, " "))
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
