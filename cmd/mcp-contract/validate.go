package main

import (
	"io"

	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/spf13/cobra"
)

func (c *cli) validateCommand() *cobra.Command {
	var server serverFlags
	var rf reportFlags
	var toolName, rawArgs string
	var only []string
	cmd := &cobra.Command{
		Use:   "validate --tool NAME --args JSON|@FILE [SOURCE]",
		Short: "Check one call's arguments against the tool's inputSchema",
		Long: `Validate the arguments of one tool call against the tool's inputSchema (JSON Schema 2020-12
unless the schema declares another dialect). Exit 0 when valid, 1 when not (one line per
error with its instance path), 2 for bad input. --format json prints a problem-details object.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if toolName == "" || rawArgs == "" {
				return usagef("validate needs --tool NAME and --args JSON|@FILE")
			}
			// validate writes no findings report: a --format it cannot
			// write must not quietly become text.
			if rf.format != "text" && rf.format != "json" {
				return usagef("validate --format %q: want text or json", rf.format)
			}
			o, err := server.options(c)
			if err != nil {
				return err
			}
			o.Sources, o.Only = args, only
			data, origin, err := lint.ReadCallArgs(rawArgs)
			if err != nil {
				return err
			}
			catalogs, err := pipeline.Catalogs(cmd.Context(), o)
			if err != nil {
				return err
			}
			violations, err := lint.CheckCall(catalogs, toolName, data, origin)
			if err != nil {
				return err
			}
			print := func(w io.Writer) error { return report.Validation(w, rf.format, toolName, violations, c.line) }
			if rf.output != "" {
				err = c.writeOutput(rf.output, print)
			} else {
				err = print(c.stdout)
			}
			if err != nil {
				return err
			}
			if len(violations) > 0 {
				return errFindings
			}
			return nil
		},
	}
	server.register(cmd.Flags())
	rf.register(cmd.Flags())
	cmd.Flags().StringVar(&toolName, "tool", "", "the tool's name")
	cmd.Flags().StringVar(&rawArgs, "args", "", "the call's arguments: a JSON object, or @FILE to read them from a file")
	cmd.Flags().StringArrayVar(&only, "server", nil, "look for the tool only in this configured server")
	return cmd
}
