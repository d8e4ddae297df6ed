package source

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"go.yaml.in/yaml/v3"
)

// ConfigFile is the project config's default name.
const ConfigFile = ".mcp-contract.yaml"

// LoadConfig reads and checks a config file. getenv resolves ${VAR}
// references (os.Getenv when nil).
func LoadConfig(path string, getenv func(string) (string, bool)) (*Config, error) {
	data, err := fileio.ReadFile(path, fileio.MaxConfigFile)
	if err != nil {
		return nil, contract.FileInput(err)
	}
	return ParseConfig(data, path, getenv)
}

// ParseConfig parses config bytes; file names them in errors.
func ParseConfig(data []byte, file string, getenv func(string) (string, bool)) (*Config, error) {
	if getenv == nil {
		getenv = os.LookupEnv
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlSyntaxError(file, data, err)
	}
	p := &configParser{file: file, getenv: getenv, cfg: &Config{File: file, Rules: map[string]string{}}}
	if len(doc.Content) == 0 {
		return nil, &contract.InputError{File: file, Msg: "the config is empty; it needs at least `version: 1`"}
	}
	if err := p.root(doc.Content[0]); err != nil {
		return nil, err
	}
	return p.cfg, nil
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// yamlParserProblems are the problems go.yaml.in/yaml/v3 raises in its
// parser (parserc.go) rather than its scanner. For these it reports the
// 0-based line of where the construct began, and nothing at all when that
// is the first line, while scanner errors carry a 1-based line: so
// "servers: {a: 1" left open on line 4 reads "line 3" unless corrected.
var yamlParserProblems = map[string]bool{
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected '-' indicator":    true,
	"did not find expected <document start>": true,
	"did not find expected <stream-start>":   true,
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

// yamlSyntaxError places a YAML syntax error at file:line:col. The parser
// names only the line ("yaml: line 3: ..."); the column is where that line's
// content starts, which is where a reader's eye goes to find the mistake.
func yamlSyntaxError(file string, data []byte, err error) error {
	msg := err.Error()
	e := &contract.InputError{File: file, Msg: "malformed YAML: " + strings.TrimPrefix(msg, "yaml: ")}
	m := yamlLine.FindStringSubmatch(msg)
	var line int
	switch {
	case m != nil:
		var convErr error
		if line, convErr = strconv.Atoi(m[1]); convErr != nil {
			return e
		}
		msg = msg[len(m[0]):]
		if yamlParserProblems[msg] {
			line++
		}
	case yamlParserProblems[strings.TrimPrefix(msg, "yaml: ")]:
		line = 1
	default:
		return e
	}
	e.Msg = "malformed YAML: " + strings.TrimPrefix(msg, "yaml: ")
	e.Line, e.Column = line, 1
	lines := strings.Split(string(data), "\n")
	if line >= 1 && line <= len(lines) {
		text := lines[line-1]
		e.Column = len(text) - len(strings.TrimLeft(text, " \t")) + 1
	}
	return e
}

type configParser struct {
	file   string
	getenv func(string) (string, bool)
	cfg    *Config
	// groupAt locates each member of each collisions group, in order, so an
	// unknown member's error points at the member itself.
	groupAt [][]*yaml.Node
}

func (p *configParser) errAt(n *yaml.Node, format string, args ...any) error {
	return &contract.InputError{File: p.file, Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)}
}

// fields walks a mapping, rejecting keys not in handlers.
func (p *configParser) fields(n *yaml.Node, where string, handlers map[string]func(*yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		return p.errAt(n, "%s must be a mapping", where)
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		h, ok := handlers[k.Value]
		if !ok {
			return p.errAt(k, "unknown key %q in %s (known: %s)", k.Value, where, strings.Join(sortedKeys(handlers), ", "))
		}
		if seen[k.Value] {
			return p.errAt(k, "key %q appears twice in %s", k.Value, where)
		}
		seen[k.Value] = true
		if err := h(v); err != nil {
			return err
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (p *configParser) str(n *yaml.Node, where string, dst *string) error {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return p.errAt(n, "%s must be a string", where)
	}
	*dst = n.Value
	return nil
}

func (p *configParser) integer(n *yaml.Node, where string, dst *int) error {
	var v int
	if n.Kind != yaml.ScalarNode || n.Decode(&v) != nil || v < 0 {
		return p.errAt(n, "%s must be a whole number, found %q", where, n.Value)
	}
	*dst = v
	return nil
}

func (p *configParser) strList(n *yaml.Node, where string, dst *[]string) error {
	if n.Kind == yaml.ScalarNode && n.Tag != "!!null" {
		*dst = []string{n.Value}
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		return p.errAt(n, "%s must be a list of strings", where)
	}
	for _, it := range n.Content {
		if it.Kind != yaml.ScalarNode {
			return p.errAt(it, "%s must be a list of strings", where)
		}
		*dst = append(*dst, it.Value)
	}
	return nil
}

func (p *configParser) strMap(n *yaml.Node, where string, dst *map[string]string) error {
	if n.Kind != yaml.MappingNode {
		return p.errAt(n, "%s must be a mapping of names to strings", where)
	}
	m := map[string]string{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if _, dup := m[k.Value]; dup {
			return p.errAt(k, "key %q appears twice in %s", k.Value, where)
		}
		if v.Kind != yaml.ScalarNode {
			return p.errAt(v, "%s.%s must be a string", where, k.Value)
		}
		m[k.Value] = v.Value
	}
	*dst = m
	return nil
}

func (p *configParser) root(n *yaml.Node) error {
	cfg := p.cfg
	err := p.fields(n, "the config", map[string]func(*yaml.Node) error{
		"version": func(v *yaml.Node) error {
			if err := p.integer(v, "version", &cfg.Version); err != nil {
				return err
			}
			if cfg.Version != 1 {
				return p.errAt(v, "unsupported config version %d (this mcp-contract reads version 1)", cfg.Version)
			}
			return nil
		},
		"servers":     func(v *yaml.Node) error { return p.servers(v) },
		"snapshots":   func(v *yaml.Node) error { return p.str(v, "snapshots", &cfg.Snapshots) },
		"profiles":    func(v *yaml.Node) error { return p.strList(v, "profiles", &cfg.Profiles) },
		"fail-on":     func(v *yaml.Node) error { return p.str(v, "fail-on", &cfg.FailOn) },
		"mcp-version": func(v *yaml.Node) error { return p.str(v, "mcp-version", &cfg.MCPVersion) },
		"calls":       func(v *yaml.Node) error { return p.str(v, "calls", &cfg.Calls) },
		"rules": func(v *yaml.Node) error {
			if err := p.strMap(v, "rules", &cfg.Rules); err != nil {
				return err
			}
			for i := 0; i+1 < len(v.Content); i += 2 {
				if _, err := contract.ParseSeverity(v.Content[i+1].Value); err != nil || v.Content[i+1].Value == "never" {
					return p.errAt(v.Content[i+1], "rules.%s: unknown severity %q (want error, warning, info or off)", v.Content[i].Value, v.Content[i+1].Value)
				}
			}
			return nil
		},
		"ignore":     func(v *yaml.Node) error { return p.ignores(v) },
		"collisions": func(v *yaml.Node) error { return p.collisions(v) },
		"budget": func(v *yaml.Node) error {
			return p.fields(v, "budget", map[string]func(*yaml.Node) error{
				"max-tools": func(x *yaml.Node) error { return p.integer(x, "budget.max-tools", &cfg.Budget.MaxTools) },
				"max-catalog-tokens": func(x *yaml.Node) error {
					return p.integer(x, "budget.max-catalog-tokens", &cfg.Budget.MaxCatalogTokens)
				},
			})
		},
	})
	if err != nil {
		return err
	}
	if cfg.Version == 0 {
		return p.errAt(n, "missing `version: 1`")
	}
	if err := p.checkGroups(); err != nil {
		return err
	}
	if cfg.FailOn != "" {
		if _, err := contract.ParseSeverity(cfg.FailOn); err != nil || cfg.FailOn == "off" {
			return &contract.InputError{File: p.file, Msg: fmt.Sprintf("fail-on: %q is not one of error, warning, info, never", cfg.FailOn)}
		}
	}
	return nil
}

// collisions reads `collisions: {groups: {NAME: [SERVER...]}, prefix-styles: [...]}`.
func (p *configParser) collisions(n *yaml.Node) error {
	c := &p.cfg.Collisions
	return p.fields(n, "collisions", map[string]func(*yaml.Node) error{
		"groups": func(v *yaml.Node) error {
			if v.Kind != yaml.MappingNode {
				return p.errAt(v, "collisions.groups must be a mapping of group names to lists of servers")
			}
			c.Groups = []CollisionGroup{}
			for i := 0; i+1 < len(v.Content); i += 2 {
				k, list := v.Content[i], v.Content[i+1]
				g := CollisionGroup{Name: k.Value, Line: k.Line}
				if err := p.strList(list, "collisions.groups."+k.Value, &g.Servers); err != nil {
					return err
				}
				if list.Kind == yaml.SequenceNode {
					p.groupAt = append(p.groupAt, list.Content)
				} else {
					p.groupAt = append(p.groupAt, []*yaml.Node{list})
				}
				c.Groups = append(c.Groups, g)
			}
			return nil
		},
		"prefix-styles": func(v *yaml.Node) error {
			c.Line = v.Line
			c.PrefixStyles = []string{}
			return p.strList(v, "collisions.prefix-styles", &c.PrefixStyles)
		},
	})
}

// checkGroups rejects a group member that is not a configured server (when
// the config lists servers), which is most likely a typo.
func (p *configParser) checkGroups() error {
	if len(p.cfg.Servers) == 0 {
		return nil
	}
	known := map[string]bool{}
	var names []string
	for _, s := range p.cfg.Servers {
		known[s.Name] = true
		names = append(names, s.Name)
	}
	for gi, g := range p.cfg.Collisions.Groups {
		for i, s := range g.Servers {
			if !known[s] {
				return p.errAt(p.groupAt[gi][i], "collisions.groups.%s: %q is not a configured server (known: %s)", g.Name, s, strings.Join(names, ", "))
			}
		}
	}
	return nil
}

func (p *configParser) ignores(n *yaml.Node) error {
	if n.Kind != yaml.SequenceNode {
		return p.errAt(n, "ignore must be a list of {rule, server, tool, reason}")
	}
	for _, it := range n.Content {
		ig := Ignore{Line: it.Line}
		err := p.fields(it, "an ignore entry", map[string]func(*yaml.Node) error{
			"rule":   func(v *yaml.Node) error { return p.str(v, "ignore.rule", &ig.Rule) },
			"server": func(v *yaml.Node) error { return p.str(v, "ignore.server", &ig.Server) },
			"tool":   func(v *yaml.Node) error { return p.str(v, "ignore.tool", &ig.Tool) },
			"reason": func(v *yaml.Node) error { return p.str(v, "ignore.reason", &ig.Reason) },
		})
		if err != nil {
			return err
		}
		if ig.Rule == "" {
			return p.errAt(it, "an ignore entry needs a rule")
		}
		if strings.TrimSpace(ig.Reason) == "" {
			return p.errAt(it, "the ignore entry for %s needs a reason, so the next reader knows why it is safe", ig.Rule)
		}
		p.cfg.Ignore = append(p.cfg.Ignore, ig)
	}
	return nil
}

func (p *configParser) servers(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return p.errAt(n, "servers must be a mapping of server names to settings")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if err := contract.CheckServerName(k.Value); err != nil {
			return p.errAt(k, "servers: %v", err)
		}
		for _, prev := range p.cfg.Servers {
			if contract.SameFileName(prev.Name, k.Value) {
				return p.errAt(k, "servers: %q and %q (line %d) would share one snapshot file; rename one", k.Value, prev.Name, prev.Line)
			}
		}
		s, err := p.server(k.Value, v)
		if err != nil {
			return err
		}
		s.Line = k.Line
		p.cfg.Servers = append(p.cfg.Servers, s)
	}
	return nil
}

func (p *configParser) server(name string, n *yaml.Node) (*ServerConfig, error) {
	s := &ServerConfig{Name: name}
	where := "servers." + name
	var timeout string
	err := p.fields(n, where, map[string]func(*yaml.Node) error{
		"command": func(v *yaml.Node) error { return p.strList(v, where+".command", &s.Command) },
		"args":    func(v *yaml.Node) error { return p.strList(v, where+".args", &s.Args) },
		"env":     func(v *yaml.Node) error { return p.strMap(v, where+".env", &s.Env) },
		"cwd":     func(v *yaml.Node) error { return p.str(v, where+".cwd", &s.Cwd) },
		"inherit-env": func(v *yaml.Node) error {
			if err := p.strList(v, where+".inherit-env", &s.InheritEnv); err != nil {
				return err
			}
			for _, name := range s.InheritEnv {
				if !envName.MatchString(name) {
					return p.errAt(v, "%s.inherit-env: %q is not an environment variable name", where, name)
				}
			}
			return nil
		},
		"url":       func(v *yaml.Node) error { return p.str(v, where+".url", &s.URL) },
		"headers":   func(v *yaml.Node) error { return p.strMap(v, where+".headers", &s.Headers) },
		"transport": func(v *yaml.Node) error { return p.str(v, where+".transport", &s.Transport) },
		"auth": func(v *yaml.Node) error {
			a, err := p.auth(v, where+".auth")
			s.Auth = a
			return err
		},
		"file":    func(v *yaml.Node) error { return p.str(v, where+".file", &s.File) },
		"timeout": func(v *yaml.Node) error { return p.str(v, where+".timeout", &timeout) },
		"openapi": func(v *yaml.Node) error {
			b, err := p.openAPIBinding(v, where+".openapi")
			s.OpenAPI = b
			return err
		},
		"capabilities": func(v *yaml.Node) error {
			caps := &Capabilities{}
			s.Capabilities = caps
			var list []string
			if err := p.strList(v, where+".capabilities", &list); err != nil {
				return err
			}
			for _, c := range list {
				switch c {
				case "roots":
					caps.Roots = true
				case "sampling":
					caps.Sampling = true
				case "elicitation":
					caps.Elicitation = true
				default:
					return p.errAt(v, "%s.capabilities: unknown capability %q (want roots, sampling, elicitation)", where, c)
				}
			}
			return nil
		},
	})
	if err != nil {
		return nil, err
	}
	kinds := 0
	for _, set := range []bool{len(s.Command) > 0, s.URL != "", s.File != ""} {
		if set {
			kinds++
		}
	}
	if kinds != 1 {
		return nil, p.errAt(n, "%s needs exactly one of command, url or file", where)
	}
	switch s.Transport {
	case "", "stdio", "http", "sse":
	default:
		return nil, p.errAt(n, "%s.transport: %q is not stdio, http or sse", where, s.Transport)
	}
	if s.Auth != nil && s.URL == "" {
		return nil, p.errAt(n, "%s.auth needs url: only an HTTP server takes a token (give a stdio server its token in env)", where)
	}
	if timeout != "" {
		d, err := time.ParseDuration(timeout)
		if err != nil || d <= 0 {
			return nil, p.errAt(n, "%s.timeout: %q is not a duration such as 30s", where, timeout)
		}
		s.Timeout = d
	}
	p.expandServer(s)
	return s, nil
}

// openAPIBinding reads {spec: FILE, operations: auto | {tool: operationId}}.
func (p *configParser) openAPIBinding(n *yaml.Node, where string) (*OpenAPIBinding, error) {
	b := &OpenAPIBinding{Line: n.Line}
	var ops *yaml.Node
	b.HeadersAuto = true
	err := p.fields(n, where, map[string]func(*yaml.Node) error{
		"spec":       func(v *yaml.Node) error { return p.str(v, where+".spec", &b.Spec) },
		"operations": func(v *yaml.Node) error { ops = v; return nil },
		"headers": func(v *yaml.Node) error {
			if v.Kind == yaml.ScalarNode && v.Value == "auto" {
				return nil
			}
			b.HeadersAuto = false
			if v.Kind != yaml.SequenceNode {
				return p.errAt(v, "%s.headers must be auto or a list of header names", where)
			}
			return p.strList(v, where+".headers", &b.Headers)
		},
	})
	if err != nil {
		return nil, err
	}
	if b.Spec == "" {
		return nil, p.errAt(n, "%s needs spec: the OpenAPI document the tools call", where)
	}
	switch {
	case ops == nil || ops.Kind == yaml.ScalarNode && ops.Value == "auto":
		b.Auto = true
	case ops.Kind == yaml.MappingNode:
		if err := p.strMap(ops, where+".operations", &b.Operations); err != nil {
			return nil, err
		}
	default:
		return nil, p.errAt(ops, "%s.operations must be auto or a mapping of tool names to operationIds", where)
	}
	return b, nil
}

// envName is a name a variable can have in a POSIX environment and in the
// inputs GitHub Actions passes (INPUT_GITHUB-TOKEN keeps its hyphen).
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)

var envRef = regexp.MustCompile(`\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}`)

// expandServer resolves ${VAR} everywhere in a server's settings. Every value
// taken from the environment is a secret from then on, wherever it is used
// (a token can as well sit in args or a url as in env), and so are the values
// of the inherit-env variables and the literalSecrets of the expanded
// settings.
func (p *configParser) expandServer(s *ServerConfig) {
	expand := func(in string) string {
		return envRef.ReplaceAllStringFunc(in, func(ref string) string {
			name := envRef.FindStringSubmatch(ref)[1]
			v, ok := p.getenv(name)
			if !ok {
				s.Unresolved = appendUnique(s.Unresolved, name)
				return ""
			}
			if v != "" {
				p.cfg.Secrets = appendUnique(p.cfg.Secrets, v)
			}
			return v
		})
	}
	for i := range s.Command {
		s.Command[i] = expand(s.Command[i])
	}
	for i := range s.Args {
		s.Args[i] = expand(s.Args[i])
	}
	for k, v := range s.Env {
		s.Env[k] = expand(v)
	}
	for k, v := range s.Headers {
		s.Headers[k] = expand(v)
	}
	s.URL = expand(s.URL)
	if cc := s.clientCredentials(); cc != nil {
		cc.ClientID = expand(cc.ClientID)
		cc.ClientSecret = expand(cc.ClientSecret)
		cc.PrivateKey = expand(cc.PrivateKey)
		cc.KeyID = expand(cc.KeyID)
		cc.TokenURL = expand(cc.TokenURL)
		cc.Resource = expand(cc.Resource)
		cc.Audience = expand(cc.Audience)
		for i := range cc.Scopes {
			cc.Scopes[i] = expand(cc.Scopes[i])
		}
	}
	s.Cwd = expand(s.Cwd)
	s.File = expand(s.File)
	// A variable passed through inherit-env reaches the server as surely
	// as a ${VAR} in env does.
	for _, name := range s.InheritEnv {
		if v, ok := p.getenv(name); ok && v != "" {
			p.cfg.Secrets = appendUnique(p.cfg.Secrets, v)
		}
	}
	for _, v := range literalSecrets(s) {
		if v != "" {
			p.cfg.Secrets = appendUnique(p.cfg.Secrets, v)
		}
	}
}

func appendUnique(list []string, v string) []string {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

// CheckResolved returns an input error when a server's settings refer to
// unset environment variables.
func (s *ServerConfig) CheckResolved(configFile string) error {
	if len(s.Unresolved) == 0 {
		return nil
	}
	return &contract.InputError{File: configFile, Line: s.Line, Column: 3, Msg: fmt.Sprintf(
		"server %q needs environment variable %s, which is not set", s.Name, strings.Join(s.Unresolved, ", "))}
}
