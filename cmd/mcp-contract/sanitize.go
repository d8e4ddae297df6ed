package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/sanitize"
	"github.com/spf13/cobra"
)

func (c *cli) sanitizeCommand() *cobra.Command {
	var server serverFlags
	var rf reportFlags
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
			o, err := server.options(c)
			if err != nil {
				return err
			}
			o.Sources, o.Only = args, only
			catalogs, err := pipeline.Catalogs(cmd.Context(), o)
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
				for _, ch := range res.Changes {
					fmt.Fprintln(c.stderr, c.line(ch.String()))
				}
			}
			if rf.output != "" {
				return c.writeOutput(rf.output, func(w io.Writer) error { _, err := w.Write(res.JSON); return err })
			}
			_, err = c.stdout.Write(res.JSON)
			return err
		},
	}
	server.register(cmd.Flags())
	rf.register(cmd.Flags())
	cmd.Flags().StringVar(&profile, "profile", "", "the provider to sanitize for")
	cmd.Flags().BoolVar(&explain, "explain", false, "list what was changed or lost per tool on stderr")
	cmd.Flags().StringArrayVar(&only, "server", nil, "sanitize this configured server")
	return cmd
}
