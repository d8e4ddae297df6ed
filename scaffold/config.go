// Package scaffold writes the starter files of `mcp-contract init`: a
// commented .mcp-contract.yaml for the servers a project already uses, and a
// workflow that checks them. It writes text only; finding the servers and
// writing files is the caller's job.
//
// A client config is meant to stay on one machine, so it often holds
// literal tokens; .mcp-contract.yaml is meant to be committed. Every value
// that looks like a credential therefore becomes a ${VAR} reference, read
// from the environment when mcp-contract runs and masked in every output.
package scaffold

import (
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
	"go.yaml.in/yaml/v3"
)

// Server is one server to write, with where it was found.
type Server struct {
	Config *source.ServerConfig
	// From names where the server came from, e.g. ".mcp.json" or "--stdio".
	From string
}

// Options shape the config file.
type Options struct {
	Servers []Server
	// SchemaURL is the JSON Schema editors check the file against.
	SchemaURL string
	// Snapshots is the folder of committed tool lists.
	Snapshots string
}

// Config is the written config and what the user has to know about it.
type Config struct {
	YAML []byte
	// Variables are the ${VAR} names the config reads from the environment.
	Variables []string
	// Notes say what was changed on the way (credentials replaced by
	// references, servers left out), one line each.
	Notes []string
	// values are the literals the credential variables replaced: for
	// tests, never printed.
	values map[string]string
}

// secretName matches setting names whose values are credentials.
var secretName = regexp.MustCompile(`(?i)(token|secret|passw(or)?d|api[-_]?key|auth|credential|cookie|session|(^|[-_])(pat|key)($|[-_]))`)

// ref matches the references client configs use: ${VAR}, ${env:VAR},
// ${input:ID} (a VS Code prompt) and ${workspaceFolder}.
var ref = regexp.MustCompile(`\$\{([^}]*)\}`)

var invalidNameChars = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// BuildConfig renders the commented .mcp-contract.yaml.
func BuildConfig(opts Options) (*Config, error) {
	b := &builder{vars: map[string]bool{}, values: map[string]string{}, byValue: map[string]string{}}
	servers := &yaml.Node{Kind: yaml.MappingNode}
	used := map[string]string{}
	for _, s := range opts.Servers {
		name := s.Config.Name
		if err := contract.CheckServerName(name); err != nil {
			return nil, fmt.Errorf("%s: %v", s.From, err)
		}
		if first, dup := used[name]; dup {
			b.note("server %q of %s is left out: %s already defines it", name, s.From, first)
			continue
		}
		used[name] = s.From
		key := scalar(name)
		key.HeadComment = "from " + s.From
		servers.Content = append(servers.Content, key, b.server(name, s))
	}
	if len(servers.Content) == 0 {
		return nil, fmt.Errorf("no server to write")
	}
	snapshots := opts.Snapshots
	if snapshots == "" {
		snapshots = "mcp-snapshots"
	}
	root := &yaml.Node{Kind: yaml.MappingNode}
	add := func(k string, v *yaml.Node, comment string) {
		key := scalar(k)
		key.HeadComment = comment
		root.Content = append(root.Content, key, v)
	}
	add("version", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "1"}, "")
	add("servers", servers,
		"The servers whose tools are the contract. A server is one of:\n"+
			"  command: [...]  a stdio server (it starts with PATH, HOME and a few more; env: adds, inherit-env: passes more),\n"+
			"  url: ...        a Streamable HTTP server (transport: sse for the legacy HTTP+SSE one),\n"+
			"  file: ...       a tool file standing in for a server.\n"+
			"${VAR} is read from the environment when mcp-contract runs, and masked in every output.")
	add("snapshots", scalar(snapshots), "Where `mcp-contract snapshot` writes each server's tool list. Commit it: it is the contract\nthat `drift` and `check` compare the live servers with.")
	add("profiles", flow("portable"), "The LLM providers the tools must work with: portable is every non-strict profile; add\nopenai-strict, anthropic-strict, gemini-jsonschema, ... (`mcp-contract rules` lists every rule).")
	add("fail-on", scalar("error"), "Exit 1 when a finding is at or above this severity: error, warning, info or never.")
	root.FootComment = "Per-rule severity, or off:\n" +
		"rules: {docs/prose-only-constraint: warning}\n" +
		"Reasoned exceptions; an ignore that no longer matches anything is reported itself:\n" +
		"ignore:\n" +
		"  - {rule: gemini/anyof-with-siblings, server: NAME, tool: TOOL, reason: \"why it is safe\"}\n" +
		"What one client session may carry (all servers of a run together):\n" +
		"budget: {max-tools: 40, max-catalog-tokens: 20000}\n" +
		"Which servers one client loads together (tool names clash only within a group; default: all):\n" +
		"collisions: {groups: {desk: [NAME, OTHER]}}"
	var sb strings.Builder
	if opts.SchemaURL != "" {
		fmt.Fprintf(&sb, "# yaml-language-server: $schema=%s\n", opts.SchemaURL)
	}
	sb.WriteString("# mcp-contract's config, written by `mcp-contract init`. Every key is in docs/config.md;\n# unknown keys are an error.\n")
	enc := yaml.NewEncoder(&sb)
	enc.SetIndent(2)
	if err := enc.Encode(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}}); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	vars := make([]string, 0, len(b.vars))
	for v := range b.vars {
		vars = append(vars, v)
	}
	sort.Strings(vars)
	return &Config{YAML: []byte(sb.String()), Variables: vars, Notes: b.notes, values: b.values}, nil
}

type builder struct {
	vars  map[string]bool
	notes []string
	// values are the literals each credential variable replaced, and
	// byValue the variable of each literal.
	values, byValue map[string]string
}

func (b *builder) note(format string, args ...any) {
	b.notes = append(b.notes, fmt.Sprintf(format, args...))
}

func (b *builder) server(name string, s Server) *yaml.Node {
	sc := s.Config
	m := &yaml.Node{Kind: yaml.MappingNode}
	add := func(k string, v *yaml.Node) { m.Content = append(m.Content, scalar(k), v) }
	switch {
	case len(sc.Command) > 0:
		argv := append(append([]string{}, sc.Command...), sc.Args...)
		argv = b.args(name, s.From, argv)
		add("command", flow(argv...))
		if sc.Cwd != "" {
			add("cwd", scalar(b.value(name, s.From, "cwd", sc.Cwd)))
		}
		if len(sc.Env) > 0 {
			add("env", b.strMap(name, s.From, "env", sc.Env, true))
		}
		if len(sc.InheritEnv) > 0 {
			add("inherit-env", flow(sc.InheritEnv...))
		}
	case sc.URL != "":
		add("url", scalar(b.url(name, s.From, sc.URL)))
		if len(sc.Headers) > 0 {
			add("headers", b.strMap(name, s.From, "headers", sc.Headers, false))
		}
		if sc.Transport == "sse" {
			add("transport", scalar("sse"))
		}
		if sc.Auth != nil && sc.Auth.ClientCredentials != nil {
			add("auth", b.auth(name, s.From, sc.Auth.ClientCredentials))
		}
	default:
		add("file", scalar(sc.File))
	}
	return m
}

// auth writes a client's OAuth settings as auth: client-credentials. The
// secret is always a ${VAR}: a literal one is replaced, and a missing one
// (Claude Code keeps it in the keychain) is a variable to export.
func (b *builder) auth(server, from string, cc *source.ClientCredentials) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode}
	add := func(k, v string) {
		m.Content = append(m.Content, scalar(k), scalar(b.value(server, from, "oauth."+k, v)))
	}
	add("client-id", cc.ClientID)
	secret := cc.ClientSecret
	switch name := varName(server, "client_secret"); {
	case secret == "":
		b.note("server %q in %s keeps its OAuth client secret outside the file: it is ${%s} here; export %s (a repository secret in CI)", server, from, name, name)
		secret = "${" + name + "}"
	case !ref.MatchString(secret):
		secret = b.whole(server, from, "oauth.clientSecret", secret, name)
	}
	add("client-secret", secret)
	if len(cc.Scopes) > 0 {
		add("scope", strings.Join(cc.Scopes, " "))
	}
	if cc.TokenURL != "" {
		add("token-url", cc.TokenURL)
	}
	if cc.Audience != "" {
		add("audience", cc.Audience)
	}
	out := &yaml.Node{Kind: yaml.MappingNode}
	out.Content = append(out.Content, scalar("client-credentials"), m)
	return out
}

// strMap writes env or headers, each value through value.
func (b *builder) strMap(server, from, what string, m map[string]string, isEnv bool) *yaml.Node {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := &yaml.Node{Kind: yaml.MappingNode}
	for _, k := range keys {
		v := m[k]
		if secretName.MatchString(k) || isEnv && secretEnvName.MatchString(k) && k != "PWD" {
			name := varName(server, k)
			if strings.EqualFold(k, "Authorization") {
				name = varName(server, "token")
			}
			if isEnv && envVar.MatchString(k) {
				name = k
			}
			v = b.whole(server, from, what+"."+k, v, name)
		}
		v = b.scrub(server, from, what+"."+k, v, k)
		out.Content = append(out.Content, scalar(k), scalar(b.value(server, from, what+"."+k, v)))
	}
	return out
}

// args replaces the value of a credential flag (--api-key X, --token=X), a
// header argument's value (--header "Authorization: Bearer X"), a
// credential NAME=value pair (docker -e TOKEN=X), and then whatever scrub
// finds in any argument.
func (b *builder) args(server, from string, argv []string) []string {
	out := make([]string, len(argv))
	for i, a := range argv {
		prev := ""
		if i > 0 {
			prev = argv[i-1]
		}
		flag, v, hasValue := strings.Cut(a, "=")
		switch {
		case isHeaderFlag(prev) || hasValue && isHeaderFlag(flag):
			h, lead := a, ""
			if !isHeaderFlag(prev) {
				h, lead = v, flag+"="
			}
			if name, sep, value, ok := headerArg(h); ok {
				if secretName.MatchString(name) {
					setting := name
					if strings.EqualFold(name, "Authorization") {
						setting = "token"
					}
					value = b.whole(server, from, "header argument "+name, value, varName(server, setting))
				}
				a = lead + name + sep + b.scrub(server, from, "header argument "+name, value, name)
			}
		case hasValue && strings.HasPrefix(flag, "-") && secretName.MatchString(flag):
			a = flag + "=" + b.whole(server, from, "argument "+flag, v, varName(server, flag))
		case strings.HasPrefix(prev, "-") && !strings.Contains(prev, "=") && secretName.MatchString(prev) && !strings.HasPrefix(a, "-"):
			a = b.whole(server, from, "argument "+prev, a, varName(server, prev))
		case hasValue && envVar.MatchString(flag) && (secretName.MatchString(flag) || secretEnvName.MatchString(flag)):
			a = flag + "=" + b.whole(server, from, "argument "+flag, v, flag)
		}
		a = b.scrub(server, from, "argument "+strings.TrimLeft(prev, "-"), a, "")
		out[i] = b.value(server, from, "command", a)
	}
	return out
}

// url replaces the credentials scrub finds in a server's URL: a password,
// credential query parameters (?api_key=X, sig=X) and token-like path
// segments.
func (b *builder) url(server, from, raw string) string {
	return b.value(server, from, "url", b.scrub(server, from, "url", raw, ""))
}

var envVar = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// value rewrites a client config's references into the config's: ${env:X}
// and ${X} become ${X}, ${workspaceFolder} the project folder (.), and a VS
// Code prompt ${input:id} a variable to export.
func (b *builder) value(server, from, where, v string) string {
	return ref.ReplaceAllStringFunc(v, func(m string) string {
		inner := m[2 : len(m)-1]
		switch {
		case inner == "workspaceFolder":
			return "."
		case strings.HasPrefix(inner, "input:"):
			name := varName("", strings.TrimPrefix(inner, "input:"))
			b.note("%s of server %q in %s is the VS Code prompt ${%s}: it is ${%s} here; export %s", where, server, from, inner, name, name)
			b.vars[name] = true
			return "${" + name + "}"
		}
		name := strings.TrimPrefix(inner, "env:")
		if !envVar.MatchString(name) {
			return m
		}
		b.vars[name] = true
		return "${" + name + "}"
	})
}

// varName makes an environment variable name: SERVER_SETTING in capitals.
func varName(server, setting string) string {
	s := strings.Trim(strings.ToUpper(invalidNameChars.ReplaceAllString(strings.TrimLeft(setting, "-"), "_")), "_")
	s = strings.NewReplacer("-", "_", ".", "_").Replace(s)
	if server != "" {
		s = strings.NewReplacer("-", "_", ".", "_").Replace(strings.ToUpper(server)) + "_" + s
	}
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		s = "MCP_" + s
	}
	return s
}

// serverName makes a server name of a word; the caller checks the result.
func serverName(name string) string {
	s := strings.Trim(invalidNameChars.ReplaceAllString(name, "-"), "-.")
	if len(s) > 64 {
		s = s[:64]
	}
	return s
}

func scalar(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }

func flow(items ...string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, it := range items {
		n.Content = append(n.Content, scalar(it))
	}
	return n
}

// launchers are commands that run the program named after them.
var launchers = map[string]bool{"npx": true, "uvx": true, "uv": true, "node": true, "python": true, "python3": true,
	"deno": true, "bun": true, "bunx": true, "pnpm": true, "yarn": true, "go": true, "docker": true, "pipx": true}

// SuggestName names an ad hoc server after what it runs: the package or
// program of a stdio command, the host of a URL ("stdio" or "http" when
// nothing fits).
func SuggestName(sc *source.ServerConfig) string {
	if sc.URL != "" {
		u, err := url.Parse(sc.URL)
		if err != nil {
			return "http"
		}
		for _, label := range strings.Split(u.Hostname(), ".") {
			switch label {
			case "", "www", "api", "mcp", "localhost", "127", "0", "1":
				continue
			}
			if name := serverName(label); contract.CheckServerName(name) == nil {
				return name
			}
		}
		return "http"
	}
	argv := append(append([]string{}, sc.Command...), sc.Args...)
	for i, a := range argv {
		base := a[strings.LastIndexAny(a, `/\`)+1:]
		switch {
		case i == 0 && launchers[base], strings.HasPrefix(a, "-"), a == "run", a == "exec", a == "x", a == "tool", a == "dlx":
			continue
		}
		if at := strings.LastIndex(base, "@"); at > 0 {
			base = base[:at] // a version: pkg@1.2.3
		}
		base = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(base, ".js"), ".py"), ".exe")
		if name := serverName(base); contract.CheckServerName(name) == nil && name != "index" && name != "main" {
			return name
		}
	}
	return "stdio"
}
