package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/drift"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/openapi"
	"github.com/mcp-contract/mcp-contract/sanitize"
	"github.com/mcp-contract/mcp-contract/source"
)

func (a *app) openapiCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "openapi",
		Short: "Tools from an OpenAPI document",
	}
	cmd.AddCommand(a.openapiToolsCommand())
	return cmd
}

func (a *app) openapiToolsCommand() *cobra.Command {
	var opts openapi.Options
	var profile, root string
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
			profiles, err := a.openapiProfiles(profile)
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
				fmt.Fprintln(a.stderr, a.line(fmt.Sprintf("%s:%d:%d: %s %s: %s", f.File, f.Line, f.Column, f.Severity, f.Rule, f.Message)))
			}
			if len(tools) == 0 {
				return contract.Inputf("%s: no operation matches --operation, --tag or --path", spec.File)
			}
			catalog := &contract.Catalog{Server: openapi.ServiceName(opts.Service, spec.Title), Origin: "openapi:" + spec.File}
			for i, t := range tools {
				catalog.Tools = append(catalog.Tools, &contract.Tool{Name: t.Name, Node: t.Node, Index: i})
			}
			out, err := sanitizeFor(catalog, profiles)
			if err != nil {
				return err
			}
			if a.output != "" && a.output != "-" {
				return a.writeOutput(func(w io.Writer) error { _, err := w.Write(out); return err })
			}
			_, err = a.stdout.Write(out)
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
	cmd.Flags().StringVar(&a.configPath, "config", "", "config whose provider profiles apply when --profile is not given (default .mcp-contract.yaml when present)")
	cmd.Flags().StringVar(&root, "root", "", "folder that refs to other files must stay inside (default: the spec's folder)")
	cmd.Flags().StringVarP(&a.output, "output", "o", "", "write the tools to FILE (atomically) instead of standard output")
	return cmd
}

// checkOpenAPI holds the tools of every server the config binds to an
// OpenAPI document to their operations (rules openapi/*), and with
// against (git:REF) reports what each change of the spec since REF does to
// the tools bound to it (openapi/operation-changed).
func (a *app) checkOpenAPI(catalogs []*contract.Catalog, result *contract.Result, against string) error {
	if a.cfg == nil {
		return nil
	}
	specs := map[string]*openapi.Spec{}
	proseDone := map[string]bool{}
	compare := func(old, new *contract.Catalog) []contract.Finding { return drift.Compare(old, new, drift.Options{}) }
	for _, sc := range a.cfg.Servers {
		if sc.OpenAPI == nil {
			continue
		}
		for _, c := range catalogs {
			if c.Server != sc.Name || c.Error != "" {
				continue
			}
			spec := specs[sc.OpenAPI.Spec]
			if spec == nil {
				var err error
				if spec, err = openapi.Load(sc.OpenAPI.Spec, "."); err != nil {
					return err
				}
				specs[sc.OpenAPI.Spec] = spec
			}
			if !proseDone[sc.OpenAPI.Spec] {
				proseDone[sc.OpenAPI.Spec] = true
				prose, err := specProse(spec, sc.Name)
				if err != nil {
					return err
				}
				result.Findings = append(result.Findings, prose...)
			}
			binding := openapi.Binding{Auto: sc.OpenAPI.Auto, Operations: sc.OpenAPI.Operations, Headers: sc.OpenAPI.Headers, HeadersAuto: sc.OpenAPI.HeadersAuto}
			found, err := openapi.Check(c, spec, binding, compare)
			if err != nil {
				return err
			}
			result.Findings = append(result.Findings, found...)
			if ref, ok := strings.CutPrefix(against, contract.DriftGitPrefix); ok {
				impact, err := a.openAPIImpact(c, spec, sc.OpenAPI.Spec, ref, binding, compare)
				if err != nil {
					return err
				}
				result.Findings = append(result.Findings, impact...)
			}
		}
	}
	return nil
}

// openAPIImpact compares the spec at ref with the work tree's for the tools
// bound to it. A spec absent at ref is new and has no past; one that cannot
// be read at ref (a shallow clone) is said on stderr, and the rest of the
// check goes on.
func (a *app) openAPIImpact(c *contract.Catalog, current *openapi.Spec, path, ref string, binding openapi.Binding, compare openapi.Compare) ([]contract.Finding, error) {
	text, name, err := source.ReadGitFile(".", ref, path)
	if err != nil {
		fmt.Fprintln(a.stderr, a.line(fmt.Sprintf("note: %s at %s cannot be read (%v), so its changes are not compared with the tools of %s", path, ref, err, c.Server)))
		return nil, nil
	}
	if name == "" {
		return nil, nil
	}
	base, err := openapi.LoadBytes([]byte(text), name, path, ".")
	if err != nil {
		return nil, err
	}
	return openapi.Impact(c, base, current, binding, compare)
}

// proseRule is the lint rule that also reads the spec: a constraint a
// parameter's description states in words ("Maximum: 100") and its schema
// does not enforce reaches every tool generated from it.
const proseRule = "docs/prose-only-constraint"

// specProse runs proseRule over the tools the spec generates and places
// each finding on the spec's line, once per line and message however many
// operations share the schema.
func specProse(spec *openapi.Spec, server string) ([]contract.Finding, error) {
	tools, _, err := openapi.Generate(spec, openapi.Options{Service: server})
	if err != nil || len(tools) == 0 {
		return nil, err
	}
	catalog := &contract.Catalog{Server: server, Origin: "openapi:" + spec.File}
	byName := map[string]openapi.Tool{}
	for i, t := range tools {
		catalog.Tools = append(catalog.Tools, &contract.Tool{Name: t.Name, Node: t.Node, Index: i})
		byName[t.Name] = t
	}
	disabled := map[string]bool{}
	for _, r := range lint.Rules() {
		disabled[r.ID] = r.ID != proseRule
	}
	profiles, err := lint.ExpandProfiles(nil)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []contract.Finding
	for _, f := range lint.Run([]*contract.Catalog{catalog}, lint.Options{Profiles: profiles, Disabled: disabled}) {
		if f.Rule != proseRule {
			continue
		}
		t := byName[f.Tool]
		t.Place(&f)
		key := fmt.Sprintf("%s:%d:%d %s", f.File, f.Line, f.Column, f.Message)
		if seen[key] {
			continue
		}
		seen[key] = true
		f.Message = "in the OpenAPI spec, so every tool generated from it inherits it: " + f.Message
		f.Tool, f.Pointer = "", ""
		out = append(out, f)
	}
	return out, nil
}
