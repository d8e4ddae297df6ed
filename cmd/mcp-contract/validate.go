package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/spf13/cobra"
)

// problem is an RFC 9457 problem-details object for rejected arguments, shaped
// so an agent can read why its call failed and retry with fixed arguments.
type problem struct {
	Type      string         `json:"type"`
	Title     string         `json:"title"`
	Status    int            `json:"status"`
	Detail    string         `json:"detail,omitempty"`
	Tool      string         `json:"tool,omitempty"`
	Errors    []problemError `json:"errors"`
	Retryable bool           `json:"retryable"`
}

type problemError struct {
	Pointer string `json:"pointer"`
	Keyword string `json:"keyword"`
	Message string `json:"message"`
}

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
			data, origin, err := readArgs(rawArgs)
			if err != nil {
				return err
			}
			catalogs, err := pipeline.Catalogs(cmd.Context(), o)
			if err != nil {
				return err
			}
			tool, server, err := findTool(catalogs, toolName)
			if err != nil {
				return err
			}
			schema, err := schemacheck.Compile(tool.Input())
			if err != nil {
				return &contract.InputError{File: tool.File, Msg: fmt.Sprintf("server %s, tool %s: /inputSchema cannot be compiled: %v", server, toolName, err)}
			}
			if _, err := jsontree.Parse(data); err != nil {
				var se *jsontree.SyntaxError
				if errors.As(err, &se) {
					return &contract.InputError{File: origin, Line: se.Line, Column: se.Column, Msg: "the arguments are not JSON: " + se.Msg}
				}
				return &contract.InputError{File: origin, Msg: err.Error()}
			}
			instance, err := schemacheck.DecodeInstance(jsontree.TrimBOM(data))
			if err != nil {
				return &contract.InputError{File: origin, Msg: "the arguments are not JSON: " + err.Error()}
			}
			violations := schema.Validate(instance)
			print := func(w io.Writer) error { return c.printValidation(w, rf.format, toolName, violations) }
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

func readArgs(raw string) (data []byte, origin string, err error) {
	if path, ok := strings.CutPrefix(raw, "@"); ok {
		data, err := fileio.ReadFile(path, fileio.MaxCallFile)
		err = contract.FileInput(err)
		var ie *contract.InputError
		if errors.As(err, &ie) {
			ie.Msg = "cannot read the arguments: " + ie.Msg
		}
		if err != nil {
			return nil, "", err
		}
		return data, path, nil
	}
	return []byte(raw), "--args", nil
}

// findTool finds the one tool named name across catalogs.
func findTool(catalogs []*contract.Catalog, name string) (*contract.Tool, string, error) {
	var found *contract.Tool
	var servers []string
	for _, c := range catalogs {
		if t := c.Tool(name); t != nil {
			if found == nil {
				found = t
			}
			servers = append(servers, c.Server)
		}
	}
	switch len(servers) {
	case 0:
		var names []string
		for _, c := range catalogs {
			for _, t := range c.Tools {
				names = append(names, t.Name)
			}
		}
		hint := "no tools were found"
		if len(names) > 0 {
			if len(names) > 10 {
				names = append(names[:10], "...")
			}
			hint = "tools: " + strings.Join(names, ", ")
		}
		return nil, "", usagef("no tool named %q (%s)", name, hint)
	case 1:
		return found, servers[0], nil
	}
	return nil, "", usagef("tool %q is on several servers (%s): pick one with --server or a SOURCE", name, strings.Join(servers, ", "))
}

func (c *cli) printValidation(w io.Writer, format, tool string, violations []schemacheck.Violation) error {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if len(violations) == 0 {
			return enc.Encode(map[string]any{"valid": true, "tool": tool})
		}
		p := problem{
			Type:      "urn:mcp-contract:problem:invalid-arguments",
			Title:     "The arguments do not match the tool's inputSchema",
			Status:    422,
			Detail:    fmt.Sprintf("%s with the arguments of %s", english.Plural(len(violations), "problem"), tool),
			Tool:      tool,
			Retryable: true,
		}
		for _, v := range violations {
			p.Errors = append(p.Errors, problemError{Pointer: v.Pointer, Keyword: v.Keyword, Message: v.Message})
		}
		return enc.Encode(p)
	}
	if len(violations) == 0 {
		_, err := fmt.Fprintf(w, "valid: the arguments match %s's inputSchema\n", c.line(tool))
		return err
	}
	for _, v := range violations {
		if _, err := fmt.Fprintln(w, c.line(v.String())); err != nil {
			return err
		}
	}
	return nil
}
