package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcp-contract/mcp-contract/sanitize"
	"github.com/spf13/cobra"
)

func (a *app) sanitizeCommand() *cobra.Command {
	var profile string
	var explain bool
	var only []string
	cmd := &cobra.Command{
		Use:   "sanitize --profile P [SOURCE] [-o FILE]",
		Short: "Rewrite each inputSchema so one provider accepts it",
		Long: `Rewrite each tool's inputSchema with the transformations client SDKs apply for provider P,
and print the result as a tools/list JSON (deterministic). --explain lists on stderr what was
changed or lost per tool. Profiles: ` + strings.Join(sanitize.Profiles(), ", ") + `.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if profile == "" {
				return usagef("sanitize needs --profile (one of %s)", strings.Join(sanitize.Profiles(), ", "))
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			catalogs, err := a.catalogs(cmd.Context(), args, only)
			if err != nil {
				return err
			}
			if len(catalogs) != 1 {
				return usagef("sanitize works on one server at a time; the input holds %d (pick one with --server or a SOURCE file)", len(catalogs))
			}
			res, err := sanitize.Catalog(catalogs[0], profile)
			if err != nil {
				return err
			}
			if explain {
				for _, c := range res.Changes {
					fmt.Fprintln(a.stderr, a.line(c.String()))
				}
			}
			if a.output != "" {
				return a.writeOutput(func(w io.Writer) error { _, err := w.Write(res.JSON); return err })
			}
			_, err = a.stdout.Write(res.JSON)
			return err
		},
	}
	cmd.Flags().StringVar(&profile, "profile", "", "the provider to sanitize for")
	cmd.Flags().BoolVar(&explain, "explain", false, "list what was changed or lost per tool on stderr")
	cmd.Flags().StringArrayVar(&only, "server", nil, "sanitize this configured server")
	return cmd
}
