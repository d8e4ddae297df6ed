package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
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
			servers, err := a.initServers(args)
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

type initFile struct {
	path string
	data []byte
}

func (a *initCmd) initConfigPath() string {
	if a.config != "" {
		return a.config
	}
	return source.ConfigFile
}

// initServers are the servers of --stdio/--url, else of the client configs
// here, as written: nothing is expanded, so no secret is read.
func (a *initCmd) initServers(paths []string) ([]scaffold.Server, error) {
	switch {
	case len(paths) > 0 && (a.stdio != "" || a.url != ""):
		return nil, usagef("give client config files or --stdio/--url, not both")
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
	found, err := a.clientConfigs(paths)
	if err != nil {
		return nil, err
	}
	var out []scaffold.Server
	taken := map[string]string{}
	for _, cf := range found {
		from := filepath.ToSlash(filepath.Clean(cf.File))
		fmt.Fprintf(a.stderr, "read %s: %s\n", a.line(from), english.Plural(len(cf.Servers), "server"))
		for _, n := range cf.Notes {
			fmt.Fprintf(a.stderr, "note: %s\n", a.line(n))
		}
		for _, sc := range cf.Servers {
			if first, ok := taken[sc.Name]; ok {
				fmt.Fprintf(a.stderr, "note: server %q of %s skipped: %s has one of that name\n", a.line(sc.Name), a.line(from), a.line(first))
				continue
			}
			taken[sc.Name] = from
			out = append(out, scaffold.Server{Config: sc, From: from})
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

// clientConfigs reads the files given, else the project's client configs
// and the user's own (Claude Desktop, Claude Code, Cursor, Windsurf, Gemini
// CLI). A user-level file that cannot be read is a note: it is not the
// project's, and the others still count.
func (a *initCmd) clientConfigs(paths []string) ([]source.ClientConfig, error) {
	var out []source.ClientConfig
	for _, p := range paths {
		cf, err := source.ReadClientConfigAsWritten(p)
		if err != nil {
			return nil, err
		}
		out = append(out, cf)
	}
	if len(paths) > 0 {
		return out, nil
	}
	out, err := source.ClientConfigsAsWritten(".")
	if err != nil {
		return nil, err
	}
	others := []string{filepath.Join(".gemini", "settings.json")}
	if home, err := os.UserHomeDir(); err == nil {
		others = append(others, source.UserClientConfigFiles(home, runtime.GOOS, os.Getenv("APPDATA"))...)
	}
	for _, p := range others {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		cf, err := source.ReadClientConfigAsWritten(p)
		if err != nil {
			fmt.Fprintf(a.stderr, "note: %s skipped: %s\n", a.line(p), a.line(err.Error()))
			continue
		}
		out = append(out, cf)
	}
	return out, nil
}

func (a *initCmd) initName(sc *source.ServerConfig) string {
	if a.name != "" {
		return a.name
	}
	return scaffold.SuggestName(sc)
}
