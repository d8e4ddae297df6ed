package main

import (
	"fmt"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
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
				return err
			}
			for _, c := range catalogs {
				if c.Error != "" {
					return &contract.ServerError{Server: c.Server, Msg: c.Error}
				}
			}
			var stale []string
			for _, c := range catalogs {
				path, err := snapshot.Path(dir, c.Server)
				if err != nil {
					return err
				}
				if check {
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
				fmt.Fprintf(a.stdout, "%s: %s (%s)\n", path, state, english.Plural(len(c.Tools), "tool"))
			}
			if len(stale) > 0 {
				fmt.Fprintf(a.stdout, "out of date: %s\nrun `mcp-contract snapshot` and commit the result\n", strings.Join(stale, ", "))
				return errFindings
			}
			if check {
				fmt.Fprintf(a.stdout, "%s up to date in %s\n", english.Plural(len(catalogs), "snapshot"), dir)
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVar(&only, "server", nil, "snapshot only this configured server (repeatable)")
	cmd.Flags().StringVar(&dir, "dir", "", "snapshot folder (default: the config's snapshots, else mcp-snapshots)")
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 when a snapshot would change")
	return cmd
}
