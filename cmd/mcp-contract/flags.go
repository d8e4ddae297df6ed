package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/gctune"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/spf13/pflag"
)

// Each command registers the groups of flags it reads, into a struct of its
// own: `explain --help` offers no --stdio it would ignore, and no type holds
// every flag of every command.

// serverFlags are the config and server flags of design.md §3.
type serverFlags struct {
	config, failOn   string
	stdio, url, name string
	headers          []string
	timeout          time.Duration
	// startTimeout bounds a server's start and handshake (--start-timeout).
	startTimeout time.Duration
}

func (f *serverFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.config, "config", "", "config file (default .mcp-contract.yaml when present)")
	fs.StringVar(&f.failOn, "fail-on", "", "exit 1 when a finding is at or above: error, warning, info or never (default error)")
	fs.StringVar(&f.stdio, "stdio", "", `a stdio server to run, e.g. --stdio "npx -y @modelcontextprotocol/server-everything"`)
	fs.StringVar(&f.url, "url", "", "a Streamable HTTP server URL")
	fs.StringVar(&f.name, "name", "", "server name for --stdio/--url, as in reports and snapshot files (default stdio or http)")
	fs.StringArrayVar(&f.headers, "header", nil, `HTTP header for --url, "Name: value" (repeatable; ${ENV} expanded)`)
	fs.DurationVar(&f.timeout, "timeout", 30*time.Second, fmt.Sprintf("time limit for each request to a live server; a server's whole fetch stops after --start-timeout plus %d times this", source.FetchTimeouts))
	fs.DurationVar(&f.startTimeout, "start-timeout", 2*time.Minute, "time limit for a live server to start and answer the handshake (a first npx or uvx install counts)")
}

// options loads the config the flags name (its secrets join the masker)
// and returns the pipeline options they give.
func (f *serverFlags) options(c *cli) (*pipeline.Options, error) {
	cfg, err := pipeline.LoadConfig(f.config)
	if err != nil {
		return nil, err
	}
	if cfg != nil {
		c.masker.Add(cfg.Secrets...)
	}
	return &pipeline.Options{
		Config: cfg, ConfigPath: f.config, FailOn: f.failOn,
		Stdio: f.stdio, URL: f.url, Name: f.name, Headers: f.headers,
		Timeout: f.timeout, StartTimeout: f.startTimeout,
		Masker: c.masker, Note: c.note, Progress: c.progress, Loaded: gctune.SoonerWhenLarge,
	}, nil
}

// reportFlags choose the report's format and file.
type reportFlags struct{ format, output string }

func (f *reportFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.format, "format", "text", "report format: "+strings.Join(formats, ", "))
	fs.StringVarP(&f.output, "output", "o", "", "write the report to this file instead of stdout (- is stdout)")
}

// textFlags are the layout flags of the text report.
type textFlags struct {
	expand     bool
	statistics autoBool
}

func (f *textFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&f.expand, "expand", false, "text: list every place a finding applies instead of the first few tools")
	flag := fs.VarPF(&f.statistics, "statistics", "", fmt.Sprintf("text: end with a count of findings per rule (default: on past %d findings)", report.StatisticsThreshold))
	flag.NoOptDefVal = "true"
}

// lintFlags select the lint rules.
type lintFlags struct {
	profiles   []string
	mcpVersion string
}

func (f *lintFlags) register(fs *pflag.FlagSet) {
	fs.StringSliceVar(&f.profiles, "profile", nil, "provider profiles to check: "+strings.Join(lint.ProfileNames(), ", ")+" (default portable)")
	fs.StringVar(&f.mcpVersion, "mcp-version", "", "oldest MCP spec the tools must satisfy: "+strings.Join(lint.KnownMCPVersions, ", ")+" (default "+lint.DefaultMCPVersion+")")
}

// baseFlags are the flags of lint and check that decide what is new.
type baseFlags struct{ offline, failOnExisting bool }

func (f *baseFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&f.offline, "offline", false, "start no server and open no connection: a stdio or url server is read from its snapshot in the work tree (pre-commit)")
	fs.BoolVar(&f.failOnExisting, "fail-on-existing", false, "with --against or a "+policy.BaselineFile+": findings the base already had count for --fail-on too")
}

const keepGoingHelp = "a server that cannot be reached is reported (servers[].error) and the others still checked; exit 3 after the report (for issues --from)"

// autoBool is a boolean flag that remembers whether it was given, so a
// default can depend on the run (the statistics table on big reports).
type autoBool struct{ set, on bool }

func (b *autoBool) String() string {
	if !b.set {
		return "auto"
	}
	return strconv.FormatBool(b.on)
}

func (b *autoBool) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false, got %q", s)
	}
	b.set, b.on = true, v
	return nil
}

func (b *autoBool) Type() string { return "bool" }

// or returns the flag's value, or def when it was not given.
func (b *autoBool) or(def bool) bool {
	if b.set {
		return b.on
	}
	return def
}
