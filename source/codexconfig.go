package source

import (
	"errors"
	"fmt"

	"github.com/BurntSushi/toml"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
)

// codexServer is one [mcp_servers.NAME] table of Codex's config.toml.
type codexServer struct {
	Command string            `toml:"command"`
	Args    []string          `toml:"args"`
	Env     map[string]string `toml:"env"`
	Cwd     string            `toml:"cwd"`
	URL     string            `toml:"url"`
	Enabled *bool             `toml:"enabled"`
}

// readCodexConfig reads the servers of Codex's TOML config as written, in
// the file's order: a table with a command is a stdio server, one with a
// url an HTTP server, and one with neither is skipped with a note.
func readCodexConfig(path string) (ClientConfig, error) {
	text, err := fileio.ReadText(path, fileio.MaxConfigFile)
	if err != nil {
		return ClientConfig{}, contract.FileInput(err)
	}
	var doc struct {
		Servers map[string]codexServer `toml:"mcp_servers"`
	}
	meta, err := toml.Decode(text, &doc)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return ClientConfig{}, &contract.InputError{File: path, Line: pe.Position.Line, Column: pe.Position.Col, Msg: "malformed TOML: " + pe.Message}
		}
		return ClientConfig{}, &contract.InputError{File: path, Msg: "malformed TOML: " + oneLine(err.Error())}
	}
	cf := ClientConfig{File: path}
	seen := map[string]bool{}
	for _, key := range meta.Keys() {
		if len(key) != 2 || key[0] != "mcp_servers" || seen[key[1]] {
			continue
		}
		name := key[1]
		seen[name] = true
		s := doc.Servers[name]
		if err := contract.CheckServerName(name); err != nil {
			cf.Notes = append(cf.Notes, fmt.Sprintf("%s: mcp_servers: %v; skipped", path, err))
			continue
		}
		switch {
		case s.Enabled != nil && !*s.Enabled:
		case s.Command != "" && s.URL != "":
			cf.Notes = append(cf.Notes, fmt.Sprintf("%s: server %q has both command and url; skipped", path, name))
		case s.Command != "":
			cf.Servers = append(cf.Servers, &ServerConfig{Name: name, Command: []string{s.Command}, Args: s.Args, Env: s.Env, Cwd: s.Cwd})
		case s.URL != "":
			cf.Servers = append(cf.Servers, &ServerConfig{Name: name, URL: s.URL})
		default:
			cf.Notes = append(cf.Notes, fmt.Sprintf("%s: server %q has neither command nor url; skipped", path, name))
		}
	}
	return cf, nil
}
