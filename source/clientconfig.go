package source

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// ClientConfigFiles are the MCP client configs read when a project has no
// .mcp-contract.yaml, in the order tried, with the key holding the servers.
var ClientConfigFiles = []struct{ Path, Key string }{
	{".mcp.json", "mcpServers"},                       // Claude Code
	{"mcp.json", "mcpServers"},                        // Claude Desktop style, at the project root
	{filepath.Join(".vscode", "mcp.json"), "servers"}, // VS Code
	{filepath.Join(".cursor", "mcp.json"), "mcpServers"},
}

// ClientConfigServers reads the first MCP client config found in dir. It
// returns the servers in file order, the file used ("" and no servers when
// there is none) and the values that came from the environment, which every
// output must mask. A variable that is not set is a *contract.InputError
// naming it.
func ClientConfigServers(dir string) (servers []*ServerConfig, file string, secrets []string, err error) {
	for _, cf := range ClientConfigFiles {
		path := filepath.Join(dir, cf.Path)
		if _, statErr := os.Lstat(path); statErr != nil {
			continue
		}
		servers, secrets, err := readClientConfig(dir, path, cf.Key, false)
		return servers, path, secrets, err
	}
	return nil, "", nil, nil
}

// ClientConfig is one MCP client config file and its servers.
type ClientConfig struct {
	File    string
	Servers []*ServerConfig
	// Notes name the entries skipped, each with why.
	Notes []string
}

// UserClientConfigFiles are the MCP client configs outside the project,
// under the home folder home, on the system goos: Claude Desktop's, Claude
// Code's, Cursor's, Windsurf's, Gemini CLI's and Codex's user-level files.
func UserClientConfigFiles(home, goos, appData string) []string {
	claude := filepath.Join(home, ".config", "Claude")
	switch goos {
	case "darwin":
		claude = filepath.Join(home, "Library", "Application Support", "Claude")
	case "windows":
		claude = filepath.Join(appData, "Claude")
	}
	return []string{
		filepath.Join(claude, "claude_desktop_config.json"),
		filepath.Join(home, ".claude.json"),
		filepath.Join(home, ".cursor", "mcp.json"),
		filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"),
		filepath.Join(home, ".gemini", "settings.json"),
		filepath.Join(home, ".codex", "config.toml"),
	}
}

// ReadClientConfigAsWritten reads one MCP client config file of any client,
// as ClientConfigsAsWritten does: the servers sit under "mcpServers" (Claude,
// Cursor, Windsurf, Gemini CLI) or "servers" (VS Code). An entry of a kind
// it cannot use is skipped with a note.
func ReadClientConfigAsWritten(path string) (ClientConfig, error) {
	if strings.HasSuffix(path, ".toml") {
		return readCodexConfig(path)
	}
	doc, err := readDoc(path, fileio.MaxConfigFile)
	if err != nil {
		return ClientConfig{}, err
	}
	key := "mcpServers"
	if doc.root.Get(key) == nil && doc.root.Get("servers") != nil {
		key = "servers"
	}
	servers, notes, err := readClientConfigNotes(filepath.Dir(path), path, key, true)
	return ClientConfig{File: path, Servers: servers, Notes: notes}, err
}

// ClientConfigsAsWritten reads every MCP client config found in dir, in the
// order of ClientConfigFiles, keeping each value as the file writes it:
// ${...} references stay unexpanded (so no secret is read, and none can be
// copied), and a stdio server's Cwd is the file's own cwd, if any. It is what
// `init` turns into .mcp-contract.yaml.
func ClientConfigsAsWritten(dir string) ([]ClientConfig, error) {
	var out []ClientConfig
	for _, cf := range ClientConfigFiles {
		path := filepath.Join(dir, cf.Path)
		if _, err := os.Lstat(path); err != nil {
			continue
		}
		servers, notes, err := readClientConfigNotes(dir, path, cf.Key, true)
		if err != nil {
			return nil, err
		}
		out = append(out, ClientConfig{File: path, Servers: servers, Notes: notes})
	}
	return out, nil
}

func readClientConfig(dir, path, key string, asWritten bool) ([]*ServerConfig, []string, error) {
	servers, r, err := readClientConfigWith(dir, path, key, asWritten)
	if err != nil {
		return nil, nil, err
	}
	return servers, r.secrets, nil
}

// readClientConfigNotes reads as written, skipping with a note each entry
// of a kind it cannot use.
func readClientConfigNotes(dir, path, key string, asWritten bool) ([]*ServerConfig, []string, error) {
	servers, r, err := readClientConfigWith(dir, path, key, asWritten)
	if err != nil {
		return nil, nil, err
	}
	return servers, r.notes, nil
}

func readClientConfigWith(dir, path, key string, asWritten bool) ([]*ServerConfig, *clientConfigReader, error) {
	doc, err := readDoc(path, fileio.MaxConfigFile)
	if err != nil {
		return nil, nil, err
	}
	r := &clientConfigReader{doc: doc, dir: dir, asWritten: asWritten}
	if err := r.uniqueKeys(doc.root); err != nil {
		return nil, nil, err
	}
	if !doc.root.Is(jsontree.Object) {
		return nil, nil, r.errorAt(doc.root, "an MCP client config must be a JSON object")
	}
	list := doc.root.Get(key)
	if list == nil {
		return nil, nil, r.errorAt(doc.root, fmt.Sprintf("no %q object of servers", key))
	}
	if !list.Is(jsontree.Object) {
		return nil, nil, r.errorAt(list, fmt.Sprintf("%q must be an object of servers by name", key))
	}
	var servers []*ServerConfig
	for i, m := range list.Members() {
		if err := contract.CheckServerName(m.Key); err != nil {
			return nil, nil, r.errorAtOffset(int(m.KeyOffset), fmt.Sprintf("%s: %v", key, err))
		}
		for _, prev := range list.Members()[:i] {
			if contract.SameFileName(prev.Key, m.Key) {
				line, _ := r.doc.lines.Position(int(prev.KeyOffset))
				return nil, nil, r.errorAtOffset(int(m.KeyOffset), fmt.Sprintf("%s: %q and %q (line %d) would share one snapshot file; rename one", key, m.Key, prev.Key, line))
			}
		}
		sc, err := r.server(m.Key, m.Value)
		if err != nil {
			return nil, nil, err
		}
		if sc != nil {
			servers = append(servers, sc)
			r.secrets = append(r.secrets, literalSecrets(sc)...)
		}
	}
	return servers, r, nil
}

type clientConfigReader struct {
	doc       *document
	dir       string
	secrets   []string
	asWritten bool
	// notes: entries skipped as written (init), each with why.
	notes []string
}

func (r *clientConfigReader) errorAt(n *jsontree.Node, msg string) error {
	return r.errorAtOffset(int(n.Offset), msg)
}

func (r *clientConfigReader) errorAtOffset(offset int, msg string) error {
	line, col := r.doc.lines.Position(offset)
	return &contract.InputError{File: r.doc.file, Line: line, Column: col, Msg: msg}
}

// uniqueKeys refuses a key written twice in any object of the config: JSON
// parsers disagree on which one wins (the last, the first, or an error), so
// the server a client starts may not be the one checked here.
func (r *clientConfigReader) uniqueKeys(n *jsontree.Node) error {
	stack := []*jsontree.Node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		seen := map[string]bool{}
		for _, m := range n.Members() {
			if seen[m.Key] {
				return r.errorAtOffset(int(m.KeyOffset), fmt.Sprintf("key %q appears twice in one object; clients disagree on which one wins, keep one", m.Key))
			}
			seen[m.Key] = true
			stack = append(stack, m.Value)
		}
		stack = append(stack, n.Items()...)
	}
	return nil
}

// server reads one entry; a disabled one (Cursor, Cline) is nil.
func (r *clientConfigReader) server(name string, n *jsontree.Node) (*ServerConfig, error) {
	if !n.Is(jsontree.Object) {
		return nil, r.errorAt(n, fmt.Sprintf("server %q must be an object", name))
	}
	if d := n.Get("disabled"); d != nil && d.Is(jsontree.Bool) && d.Bool {
		return nil, nil
	}
	line, _ := r.doc.lines.Position(int(n.Offset))
	sc := &ServerConfig{Name: name, Line: line}
	var err error
	str := func(key string) string {
		v := n.Get(key)
		if err != nil || v == nil {
			return ""
		}
		if !v.Is(jsontree.String) {
			err = r.errorAt(v, fmt.Sprintf("server %q: %q must be a string", name, key))
			return ""
		}
		s, e := r.expand(v, name)
		if e != nil {
			err = e
		}
		return s
	}
	strMap := func(key string) map[string]string {
		v := n.Get(key)
		if err != nil || v == nil {
			return nil
		}
		if !v.Is(jsontree.Object) {
			err = r.errorAt(v, fmt.Sprintf("server %q: %q must be an object of strings", name, key))
			return nil
		}
		out := map[string]string{}
		for _, m := range v.Members() {
			if !m.Value.Is(jsontree.String) {
				err = r.errorAt(m.Value, fmt.Sprintf("server %q: %s.%s must be a string", name, key, m.Key))
				return nil
			}
			s, e := r.expand(m.Value, name)
			if e != nil {
				err = e
				return nil
			}
			out[m.Key] = s
		}
		return out
	}
	kind := str("type")
	command := str("command")
	sc.URL = str("url")
	if sc.URL == "" {
		sc.URL = str("serverUrl") // Windsurf's spelling
	}
	if sc.URL == "" {
		sc.URL = str("httpUrl") // Gemini CLI's Streamable HTTP server
	}
	cwd := str("cwd")
	sc.Env = strMap("env")
	sc.Headers = strMap("headers")
	if args := n.Get("args"); err == nil && args != nil {
		if !args.Is(jsontree.Array) {
			return nil, r.errorAt(args, fmt.Sprintf("server %q: \"args\" must be an array of strings", name))
		}
		for _, a := range args.Items() {
			if !a.Is(jsontree.String) {
				return nil, r.errorAt(a, fmt.Sprintf("server %q: \"args\" must be an array of strings", name))
			}
			s, e := r.expand(a, name)
			if e != nil {
				return nil, e
			}
			sc.Args = append(sc.Args, s)
		}
	}
	if err != nil {
		return nil, err
	}
	switch {
	case command != "" && sc.URL != "":
		return nil, r.errorAt(n, fmt.Sprintf("server %q has both \"command\" and \"url\"; keep one", name))
	case command != "":
		sc.Command = []string{command}
		// Clients start project servers in the project folder.
		sc.Cwd = r.dir
		if r.asWritten {
			sc.Cwd = cwd
		} else if cwd != "" {
			sc.Cwd = filepath.Join(r.dir, cwd)
			if filepath.IsAbs(cwd) {
				sc.Cwd = cwd
			}
		}
	case sc.URL != "":
		if kind == "sse" {
			sc.Transport = "sse"
		}
		if r.asWritten {
			r.oauth(sc, n.Get("oauth"))
		}
	default:
		if r.asWritten {
			line, _ := r.doc.lines.Position(int(n.Offset))
			r.notes = append(r.notes, fmt.Sprintf("%s:%d: server %q skipped: it has no \"command\", \"url\", \"serverUrl\" or \"httpUrl\" (a transport mcp-contract cannot start)", r.doc.file, line, name))
			return nil, nil
		}
		return nil, r.errorAt(n, fmt.Sprintf("server %q has neither \"command\" nor \"url\"", name))
	}
	return sc, nil
}

// oauth reads, as written, the OAuth client of a server entry: Claude
// Code's {clientId, scopes} (its secret is kept in the keychain, not the
// file) and Gemini CLI's {enabled, clientId, clientSecret, tokenUrl, scopes,
// audiences}. init writes it as auth: client-credentials, the grant a job
// with no user at the keyboard can run. Without a client id the client
// registers itself in a browser flow, which no job can; that is a note.
func (r *clientConfigReader) oauth(sc *ServerConfig, n *jsontree.Node) {
	if n == nil || !n.Is(jsontree.Object) {
		return
	}
	if e := n.Get("enabled"); e != nil && e.Is(jsontree.Bool) && !e.Bool {
		return
	}
	text := func(key string) string {
		if v := n.Get(key); v != nil && v.Is(jsontree.String) {
			return v.Text
		}
		return ""
	}
	list := func(key string) []string {
		v := n.Get(key)
		switch {
		case v == nil:
			return nil
		case v.Is(jsontree.String):
			return strings.Fields(v.Text)
		}
		var out []string
		for _, it := range v.Items() {
			if it.Is(jsontree.String) {
				out = append(out, it.Text)
			}
		}
		return out
	}
	line, _ := r.doc.lines.Position(int(n.Offset))
	cc := &ClientCredentials{ClientID: text("clientId"), ClientSecret: text("clientSecret"), TokenURL: text("tokenUrl"), Scopes: list("scopes")}
	if cc.ClientID == "" {
		r.notes = append(r.notes, fmt.Sprintf("%s:%d: server %q signs in with OAuth without a client id (a browser flow no job can run); give it a client allowed the client_credentials grant and write auth: client-credentials", r.doc.file, line, sc.Name))
		return
	}
	if aud := list("audiences"); len(aud) > 0 {
		cc.Audience = aud[0]
		if len(aud) > 1 {
			r.notes = append(r.notes, fmt.Sprintf("%s:%d: server %q names %d OAuth audiences; auth: sends one, the first", r.doc.file, line, sc.Name, len(aud)))
		}
	}
	sc.Auth = &Auth{ClientCredentials: cc, Line: line}
}

// expand resolves ${env:VAR}, ${VAR} and VS Code's ${workspaceFolder} in a
// string value, remembering what came from the environment.
func (r *clientConfigReader) expand(n *jsontree.Node, server string) (string, error) {
	s := n.Text
	if r.asWritten {
		return s, nil
	}
	var b strings.Builder
	for {
		start := strings.Index(s, "${")
		if start < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		end := strings.IndexByte(s[start:], '}')
		if end < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		b.WriteString(s[:start])
		ref := s[start+2 : start+end]
		s = s[start+end+1:]
		switch {
		case ref == "workspaceFolder":
			b.WriteString(r.dir)
			continue
		case strings.HasPrefix(ref, "input:"):
			return "", r.errorAt(n, fmt.Sprintf("server %q: ${%s} is a VS Code prompt that only VS Code can answer; use ${env:NAME} instead", server, ref))
		}
		name := strings.TrimPrefix(ref, "env:")
		value, ok := os.LookupEnv(name)
		if !ok {
			return "", r.errorAt(n, fmt.Sprintf("server %q: environment variable %s is not set; export it or remove it from the config", server, name))
		}
		if value != "" {
			r.secrets = append(r.secrets, value)
		}
		b.WriteString(value)
	}
}

// AdHocServer builds the server of --stdio "CMD ARGS" or --url URL with
// --header "Name: value" flags. ${VAR} in the url and header values is
// expanded; the values used are returned as secrets to mask.
func AdHocServer(stdio, url string, headers []string) (*ServerConfig, []string, error) {
	switch {
	case stdio != "" && url != "":
		return nil, nil, contract.Inputf("--stdio and --url name two servers; give one")
	case stdio != "":
		if len(headers) > 0 {
			return nil, nil, contract.Inputf("--header applies to --url servers only")
		}
		argv, err := splitCommand(stdio)
		if err != nil {
			return nil, nil, &contract.InputError{Msg: "--stdio: " + err.Error()}
		}
		return &ServerConfig{Name: "stdio", Command: argv}, nil, nil
	case url == "":
		return nil, nil, contract.Inputf("give --stdio \"CMD ARGS\" or --url URL")
	}
	var secrets []string
	expandFlag := func(flag, s string) (string, error) {
		out, used, missing := expandEnv(s)
		if missing != "" {
			return "", contract.Inputf("%s: environment variable %s is not set; export it", flag, missing)
		}
		secrets = append(secrets, used...)
		return out, nil
	}
	sc := &ServerConfig{Name: "http", Headers: map[string]string{}}
	var err error
	if sc.URL, err = expandFlag("--url", url); err != nil {
		return nil, nil, err
	}
	for _, h := range headers {
		name, value, ok := strings.Cut(h, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			// Not quoted: without its name, the flag may be all credential.
			return nil, nil, contract.Inputf("a --header is not written as \"Name: value\" (e.g. \"Authorization: Bearer ${TOKEN}\")")
		}
		if sc.Headers[name], err = expandFlag("--header "+name, strings.TrimSpace(value)); err != nil {
			return nil, nil, err
		}
	}
	return sc, append(secrets, literalSecrets(sc)...), nil
}

// expandEnv replaces ${VAR} and ${env:VAR}; it returns the values used and
// the first variable that is not set.
func expandEnv(s string) (out string, used []string, missing string) {
	out = os.Expand(s, func(ref string) string {
		name := strings.TrimPrefix(ref, "env:")
		v, ok := os.LookupEnv(name)
		if !ok && missing == "" {
			missing = name
		}
		if v != "" {
			used = append(used, v)
		}
		return v
	})
	return out, used, missing
}

// splitCommand splits a command line as a POSIX shell splits words: single
// quotes keep everything, in double quotes a backslash escapes only $ ` " \,
// outside quotes it escapes any character. Nothing is expanded.
func splitCommand(s string) ([]string, error) {
	var (
		args    []string
		cur     strings.Builder
		inWord  bool
		quote   rune
		escaped bool
	)
	for _, c := range s {
		switch {
		case escaped:
			if quote == '"' && !strings.ContainsRune("$`\"\\", c) {
				cur.WriteRune('\\')
			}
			cur.WriteRune(c)
			escaped = false
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteRune(c)
			}
		case quote == '"':
			switch c {
			case '"':
				quote = 0
			case '\\':
				escaped = true
			default:
				cur.WriteRune(c)
			}
		case c == '\\':
			escaped, inWord = true, true
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(c)
			inWord = true
		}
	}
	switch {
	case quote != 0:
		return nil, fmt.Errorf("unterminated %c quote in %q", quote, s)
	case escaped:
		return nil, errors.New("the command ends with a lone backslash")
	}
	if inWord {
		args = append(args, cur.String())
	}
	if len(args) == 0 {
		return nil, errors.New("empty command")
	}
	return args, nil
}
