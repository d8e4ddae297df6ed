package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/scaffold"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/spf13/cobra"
)

// repository is where the action, the schema and the releases live.
const repository = "mcp-contract/mcp-contract"

var releaseTag = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+$`)

// releaseRef is the git ref of this build's release, or main for a build
// that is not one, so the schema and action init names match the binary.
func releaseRef() string {
	if v := programVersion(); releaseTag.MatchString(v) {
		return v
	}
	return "main"
}

func (a *app) initCommand() *cobra.Command {
	var workflow, force bool
	cmd := &cobra.Command{
		Use:   "init",
		Short: "Write a commented .mcp-contract.yaml for the MCP servers this project uses",
		Long: `Write .mcp-contract.yaml (or --config FILE) for the servers of the MCP client configs here
(.mcp.json, mcp.json, .vscode/mcp.json, .cursor/mcp.json), or for --stdio/--url. Credentials
are never copied: a literal token becomes a ${VAR} reference to export. With --workflow, also
write ` + scaffold.WorkflowPath + `. Existing files are kept unless --force.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			servers, err := a.initServers()
			if err != nil {
				return err
			}
			ref := releaseRef()
			cfg, err := scaffold.BuildConfig(scaffold.Options{
				Servers:   servers,
				SchemaURL: "https://raw.githubusercontent.com/" + repository + "/" + ref + "/schema/mcp-contract.schema.json",
			})
			if err != nil {
				return usagef("%v", err)
			}
			files := []initFile{{a.initConfigPath(), cfg.YAML}}
			if workflow {
				wf := scaffold.Workflow(scaffold.WorkflowOptions{ActionRef: repository + "@" + ref, Variables: cfg.Variables})
				files = append(files, initFile{scaffold.WorkflowPath, wf})
			}
			// Check every file before writing any, so a refusal leaves nothing half done.
			for _, f := range files {
				if _, err := os.Stat(f.path); err == nil && !force {
					return &contract.InputError{File: f.path, Msg: "already exists; mcp-contract init keeps it (add --force to overwrite)"}
				}
			}
			for _, f := range files {
				if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
					return &contract.InputError{File: f.path, Msg: "cannot create its folder: " + err.Error()}
				}
				if err := fileio.WriteFile(f.path, f.data); err != nil {
					return contract.FileInput(err)
				}
				fmt.Fprintf(a.stdout, "%s: written\n", a.line(f.path))
			}
			for _, n := range cfg.Notes {
				fmt.Fprintf(a.stdout, "note: %s\n", a.line(n))
			}
			if len(cfg.Variables) > 0 {
				fmt.Fprintf(a.stdout, "export before running: %s\n", a.line(strings.Join(cfg.Variables, " ")))
			}
			fmt.Fprintf(a.stdout, "next: mcp-contract check, then mcp-contract snapshot and commit %s\n", "mcp-snapshots/")
			return nil
		},
	}
	cmd.Flags().BoolVar(&workflow, "workflow", false, "also write "+scaffold.WorkflowPath)
	cmd.Flags().BoolVar(&force, "force", false, "overwrite files that exist")
	return cmd
}

type initFile struct {
	path string
	data []byte
}

func (a *app) initConfigPath() string {
	if a.configPath != "" {
		return a.configPath
	}
	return source.ConfigFile
}

// initServers are the servers of --stdio/--url, else of the client configs
// here, as written: nothing is expanded, so no secret is read.
func (a *app) initServers() ([]scaffold.Server, error) {
	switch {
	case a.stdio != "" && a.url != "":
		return nil, usagef("--stdio and --url name two servers; give one")
	case a.stdio != "":
		sc, _, err := source.AdHocServer(a.stdio, "", a.headers)
		if err != nil {
			return nil, err
		}
		sc.Name = a.initName(sc)
		return []scaffold.Server{{Config: sc, From: "--stdio"}}, nil
	case a.url != "":
		sc := &source.ServerConfig{URL: a.url}
		for _, h := range a.headers {
			name, value, ok := strings.Cut(h, ":")
			name = strings.TrimSpace(name)
			if !ok || name == "" || strings.ContainsAny(name, " \t") {
				return nil, usagef("--header %q: write it as \"Name: value\"", h)
			}
			if sc.Headers == nil {
				sc.Headers = map[string]string{}
			}
			sc.Headers[name] = strings.TrimSpace(value)
		}
		sc.Name = a.initName(sc)
		return []scaffold.Server{{Config: sc, From: "--url"}}, nil
	}
	found, err := source.ClientConfigsAsWritten(".")
	if err != nil {
		return nil, err
	}
	var out []scaffold.Server
	for _, cf := range found {
		for _, sc := range cf.Servers {
			out = append(out, scaffold.Server{Config: sc, From: filepath.ToSlash(filepath.Clean(cf.File))})
		}
	}
	if len(out) == 0 {
		var names []string
		for _, cf := range source.ClientConfigFiles {
			names = append(names, filepath.ToSlash(cf.Path))
		}
		return nil, usagef("no MCP server to write: no client config here (%s) names one; give --stdio \"CMD ARGS\" or --url URL", strings.Join(names, ", "))
	}
	return out, nil
}

func (a *app) initName(sc *source.ServerConfig) string {
	if a.adHocName != "" {
		return a.adHocName
	}
	return scaffold.SuggestName(sc)
}
