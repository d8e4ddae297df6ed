package lint

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
)

// ReadCallArgs reads one call's arguments: raw itself, or the file @PATH.
// origin names where they came from in errors.
func ReadCallArgs(raw string) (data []byte, origin string, err error) {
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

// CheckCall validates the arguments data (read from origin) of one call of
// the tool name, found on exactly one of catalogs, against its
// inputSchema. The violations are what is wrong with the arguments; an
// error is input that cannot be checked.
func CheckCall(catalogs []*contract.Catalog, name string, data []byte, origin string) ([]schemacheck.Violation, error) {
	tool, server, err := findTool(catalogs, name)
	if err != nil {
		return nil, err
	}
	schema, err := schemacheck.Compile(tool.Input())
	if err != nil {
		return nil, &contract.InputError{File: tool.File, Msg: fmt.Sprintf("server %s, tool %s: /inputSchema cannot be compiled: %v", server, name, err)}
	}
	if _, err := jsontree.Parse(data); err != nil {
		var se *jsontree.SyntaxError
		if errors.As(err, &se) {
			return nil, &contract.InputError{File: origin, Line: se.Line, Column: se.Column, Msg: "the arguments are not JSON: " + se.Msg}
		}
		return nil, &contract.InputError{File: origin, Msg: err.Error()}
	}
	instance, err := schemacheck.DecodeInstance(jsontree.TrimBOM(data))
	if err != nil {
		return nil, &contract.InputError{File: origin, Msg: "the arguments are not JSON: " + err.Error()}
	}
	return schema.Validate(instance), nil
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
		return nil, "", contract.Inputf("no tool named %q (%s)", name, hint)
	case 1:
		return found, servers[0], nil
	}
	return nil, "", contract.Inputf("tool %q is on several servers (%s): pick one with --server or a SOURCE", name, strings.Join(servers, ", "))
}
