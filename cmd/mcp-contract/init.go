package main

import (
	"fmt"
	"regexp"
	"strings"

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

// initCmd is the init command and its flags.
type initCmd struct {
	*cli
	serverFlags
}

func (c *cli) initCommand() *cobra.Command {
	a := &initCmd{cli: c}
	var workflow, force bool
	cmd := &cobra.Command{
		Use:   "init [PATH...]",
		Short: "Write a commented .mcp-contract.yaml for the MCP servers this project uses",
		Long: `Write .mcp-contract.yaml (or --config FILE) for the servers of the MCP client config files
given as PATH (any client's: Claude Desktop, Claude Code, Cursor, VS Code, Windsurf, Gemini CLI,
Codex's config.toml),
else of those found here (.mcp.json, mcp.json, .vscode/mcp.json, .cursor/mcp.json,
.gemini/settings.json) and in the user's own client configs, or for --stdio/--url. It says which
files it read; an entry it cannot use is skipped with a note. Credentials
are never copied: a literal token becomes a ${VAR} reference to export. With --workflow, also
write ` + scaffold.WorkflowPath + `. Existing files are kept unless --force.`,
		RunE: func(_ *cobra.Command, args []string) error {
			servers, err := scaffold.Servers(scaffold.Find{Paths: args, Stdio: a.stdio, URL: a.url, Headers: a.headers, Name: a.name, Notes: a.stderr, Line: a.line})
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
			files := []scaffold.File{{Path: a.initConfigPath(), Data: cfg.YAML}}
			if workflow {
				wf := scaffold.Workflow(scaffold.WorkflowOptions{ActionRef: repository + "@" + ref, Variables: cfg.Variables})
				files = append(files, scaffold.File{Path: scaffold.WorkflowPath, Data: wf})
			}
			err = scaffold.WriteFiles(files, force, func(path string) { fmt.Fprintf(a.stdout, "%s: written\n", a.line(path)) })
			if err != nil {
				return err
			}
			for _, n := range cfg.Notes {
				fmt.Fprintf(a.stdout, "note: %s\n", a.line(n))
			}
			if len(cfg.Variables) > 0 {
				// On stderr, beside the other things a person must act on;
				// names only, never a value.
				fmt.Fprintf(a.stderr, "export before running: %s\n", a.line(strings.Join(cfg.Variables, " ")))
			}
			fmt.Fprintf(a.stdout, "next: mcp-contract check, then mcp-contract snapshot and commit %s\n", "mcp-snapshots/")
			return nil
		},
	}
	a.serverFlags.register(cmd.Flags())
	cmd.Flags().BoolVar(&workflow, "workflow", false, "also write "+scaffold.WorkflowPath)
	cmd.Flags().BoolVar(&force, "force", false, "overwrite files that exist")
	return cmd
}

func (a *initCmd) initConfigPath() string {
	if a.config != "" {
		return a.config
	}
	return source.ConfigFile
}
