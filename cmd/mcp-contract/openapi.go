package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcp-contract/mcp-contract/openapi"
	"github.com/mcp-contract/mcp-contract/sanitize"
)

func (c *cli) openapiCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "openapi",
		Short: "Tools from an OpenAPI document",
	}
	cmd.AddCommand(c.openapiToolsCommand())
	return cmd
}

func (c *cli) openapiToolsCommand() *cobra.Command {
	var opts openapi.Options
	var profile, root, output, config string
	cmd := &cobra.Command{
		Use:   "tools SPEC [-o FILE]",
		Short: "Write one strict tool per operation of an OpenAPI 3.0 or 3.1 document",
		Long: `Write a tools/list contract with one tool per operation of SPEC (YAML or JSON, OpenAPI 3.0
or 3.1), in the canonical snapshot encoding: the same spec gives the same bytes.

Each tool's input is one object: the path and query parameters (header and cookie ones only
when --header-param names them) and the body's properties (JSON, form or multipart; a file part
is a base64 string with contentEncoding and contentMediaType), flattened beside them unless a
name clashes or the body is not a plain object, else under "body" ("requestBody" when a
parameter is named body); a text body is one string "body", any other one base64 "body".
readOnly properties are left out of the input and writeOnly ones out of the output. The
description is the operation's summary (--describe full: summary, description and METHOD
/path). With --output-schema the output is the first 2xx JSON response, wrapped as
{"result": …} when its root is not an object. Every component a tool reaches
becomes a $defs entry named after the service ("github.issue"), and only those it reaches.
3.0's nullable and boolean exclusiveMinimum/exclusiveMaximum become their 2020-12 forms.
GET and HEAD are readOnlyHint, PUT idempotentHint, DELETE destructiveHint.

Refs to other files resolve inside --root (default: the spec's folder); a remote ref is an
error, never a fetch. Every operation becomes a tool; what of one its tool cannot carry is an
openapi/operation-not-expressible finding on stderr, on the spec's line. Without --profile, the
provider profiles the config's profiles: names are applied in turn.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			profiles, err := openapiProfiles(profile, config)
			if err != nil {
				return err
			}
			spec, err := openapi.Load(args[0], root)
			if err != nil {
				return err
			}
			tools, found, err := openapi.Generate(spec, opts)
			if err != nil {
				return err
			}
			for _, f := range found {
				fmt.Fprintln(c.stderr, c.line(fmt.Sprintf("%s:%d:%d: %s %s: %s", f.File, f.Line, f.Column, f.Severity, f.Rule, f.Message)))
			}
			catalog, err := openapi.Catalog(spec, tools, opts.Service)
			if err != nil {
				return err
			}
			out, err := sanitizeFor(catalog, profiles)
			if err != nil {
				return err
			}
			if output != "" && output != "-" {
				return c.writeOutput(output, func(w io.Writer) error { _, err := w.Write(out); return err })
			}
			_, err = c.stdout.Write(out)
			return err
		},
	}
	cmd.Flags().StringVar(&opts.Service, "service", "", "namespace of the $defs names and the server the names are sized for (default: the spec's title)")
	cmd.Flags().StringArrayVar(&opts.Operations, "operation", nil, "only this operationId (repeatable)")
	cmd.Flags().StringArrayVar(&opts.Tags, "tag", nil, "only operations with this tag (repeatable)")
	cmd.Flags().StringArrayVar(&opts.Paths, "path", nil, "only paths matching this glob, * within one segment (repeatable)")
	cmd.Flags().StringArrayVar(&opts.Headers, "header-param", nil, "take this header or cookie parameter as an argument (repeatable)")
	cmd.Flags().StringVar(&profile, "profile", "", "rewrite the schemas for one provider, as sanitize does ("+strings.Join(sanitize.Profiles(), ", ")+"; default: the config's profiles)")
	cmd.Flags().StringVar(&opts.Describe, "describe", openapi.DescribeLean, "tool descriptions: lean (the summary) or full (summary, description, METHOD /path)")
	cmd.Flags().BoolVar(&opts.OutputSchema, "output-schema", false, "add each operation's 2xx JSON response as outputSchema")
	cmd.Flags().StringVar(&config, "config", "", "config whose provider profiles apply when --profile is not given (default .mcp-contract.yaml when present)")
	cmd.Flags().StringVar(&root, "root", "", "folder that refs to other files must stay inside (default: the spec's folder)")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the tools to FILE (atomically) instead of standard output")
	return cmd
}
