package scaffold

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/source"
)

// Find says which servers init writes: the one of Stdio or URL, else those
// of the client config files Paths, else of the client configs here and
// the user's own.
type Find struct {
	Paths      []string
	Stdio, URL string
	Headers    []string
	// Name names the --stdio/--url server; empty: SuggestName.
	Name string
	// Notes is where what was read and skipped is told, each text passed
	// through Line first.
	Notes io.Writer
	Line  func(string) string
}

// Servers are the servers f names, as written: nothing is expanded, so no
// secret is read.
func Servers(f Find) ([]Server, error) {
	switch {
	case len(f.Paths) > 0 && (f.Stdio != "" || f.URL != ""):
		return nil, contract.Inputf("give client config files or --stdio/--url, not both")
	case f.Stdio != "" && f.URL != "":
		return nil, contract.Inputf("--stdio and --url name two servers; give one")
	case f.Stdio != "":
		sc, _, err := source.AdHocServer(f.Stdio, "", f.Headers)
		if err != nil {
			return nil, err
		}
		sc.Name = f.name(sc)
		return []Server{{Config: sc, From: "--stdio"}}, nil
	case f.URL != "":
		sc := &source.ServerConfig{URL: f.URL}
		for _, h := range f.Headers {
			name, value, ok := strings.Cut(h, ":")
			name = strings.TrimSpace(name)
			if !ok || name == "" || strings.ContainsAny(name, " \t") {
				return nil, contract.Inputf("--header %q: write it as \"Name: value\"", h)
			}
			if sc.Headers == nil {
				sc.Headers = map[string]string{}
			}
			sc.Headers[name] = strings.TrimSpace(value)
		}
		sc.Name = f.name(sc)
		return []Server{{Config: sc, From: "--url"}}, nil
	}
	found, err := f.clientConfigs()
	if err != nil {
		return nil, err
	}
	var out []Server
	taken := map[string]string{}
	for _, cf := range found {
		from := filepath.ToSlash(filepath.Clean(cf.File))
		fmt.Fprintf(f.Notes, "read %s: %s\n", f.Line(from), english.Plural(len(cf.Servers), "server"))
		for _, n := range cf.Notes {
			fmt.Fprintf(f.Notes, "note: %s\n", f.Line(n))
		}
		for _, sc := range cf.Servers {
			if first, ok := taken[sc.Name]; ok {
				fmt.Fprintf(f.Notes, "note: server %q of %s skipped: %s has one of that name\n", f.Line(sc.Name), f.Line(from), f.Line(first))
				continue
			}
			taken[sc.Name] = from
			out = append(out, Server{Config: sc, From: from})
		}
	}
	if len(out) == 0 {
		var names []string
		for _, cf := range source.ClientConfigFiles {
			names = append(names, filepath.ToSlash(cf.Path))
		}
		return nil, contract.Inputf("no MCP server to write: no client config here (%s) names one; give --stdio \"CMD ARGS\" or --url URL", strings.Join(names, ", "))
	}
	return out, nil
}

// clientConfigs reads the files given, else the project's client configs
// and the user's own (Claude Desktop, Claude Code, Cursor, Windsurf, Gemini
// CLI). A user-level file that cannot be read is a note: it is not the
// project's, and the others still count.
func (f Find) clientConfigs() ([]source.ClientConfig, error) {
	var out []source.ClientConfig
	for _, p := range f.Paths {
		cf, err := source.ReadClientConfigAsWritten(p)
		if err != nil {
			return nil, err
		}
		out = append(out, cf)
	}
	if len(f.Paths) > 0 {
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
			fmt.Fprintf(f.Notes, "note: %s skipped: %s\n", f.Line(p), f.Line(err.Error()))
			continue
		}
		out = append(out, cf)
	}
	return out, nil
}

func (f Find) name(sc *source.ServerConfig) string {
	if f.Name != "" {
		return f.Name
	}
	return SuggestName(sc)
}

// File is one file init writes.
type File struct {
	Path string
	Data []byte
}

// WriteFiles writes files, calling written after each. Every file is
// checked before any is written, so a refusal (a file that exists, and
// not force) leaves nothing half done.
func WriteFiles(files []File, force bool, written func(path string)) error {
	for _, f := range files {
		if _, err := os.Stat(f.Path); err == nil && !force {
			return &contract.InputError{File: f.Path, Msg: "already exists; mcp-contract init keeps it (add --force to overwrite)"}
		}
	}
	for _, f := range files {
		if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
			return &contract.InputError{File: f.Path, Msg: "cannot create its folder: " + err.Error()}
		}
		if err := fileio.WriteFile(f.Path, f.Data); err != nil {
			return contract.FileInput(err)
		}
		written(f.Path)
	}
	return nil
}
