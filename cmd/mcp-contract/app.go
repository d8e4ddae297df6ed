package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/collisions"
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/drift"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/openapi"
	"github.com/mcp-contract/mcp-contract/policy"
	"github.com/mcp-contract/mcp-contract/report"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3".
var version = ""

// readBuildInfo is debug.ReadBuildInfo; tests give the answers of builds
// they cannot make here (`go install …@v1.2.3` needs the published module).
var readBuildInfo = debug.ReadBuildInfo

// programVersion is the stamped version of a release binary, else the module
// version the Go toolchain recorded (`go install …@v1.2.3` records v1.2.3; a
// build in a git checkout, a pseudo-version), else "dev".
func programVersion() string {
	if version != "" {
		return version
	}
	if info, ok := readBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "dev"
}

// app holds the shared flags and what the run learned (config, secrets).
type app struct {
	stdout, stderr io.Writer

	configPath string
	format     string
	output     string
	failOn     string
	stdio      string
	url        string
	adHocName  string
	headers    []string
	timeout    time.Duration
	// startTimeout bounds a server's start and handshake (--start-timeout).
	startTimeout time.Duration
	profiles     []string
	mcpVersion   string
	expand       bool
	statistics   autoBool
	// sections: the text report shows lint and drift apart, as check does.
	sections bool
	// noCache turns off the lint cache of check --against.
	noCache bool
	// refLoaded memoises againstRef, which check calls for the cache and
	// again for drift.
	refLoaded *refCatalogs
	// folderLoaded is the snapshot folder as loadCatalogs read it, so that
	// check --against compares it with the ref without parsing it again.
	folderLoaded *folderCatalogs
	// collisionsRan: check ran the collisions step (two or more servers).
	collisionsRan bool
	// offline (--offline) starts no server: a stdio or url server is its
	// work-tree snapshot (offlineSnapshot), or skipped (offlineSkipped).
	offline         bool
	offlineSnapshot map[string]bool
	offlineSkipped  []contract.DriftServer
	// base holds what New is decided against (design §5): the findings
	// of the same checks on the --against ref's contract, when compared.
	base *baseRun
	// failOnExisting (--fail-on-existing) lets findings the base already
	// had fail the run, as they did before there was a base.
	failOnExisting bool
	// allowBreaking: breaking changes do not fail the run (the Action's
	// allow-breaking-label is on the pull request).
	allowBreaking bool
	// useBaseline: the command's findings are compared with the committed
	// baseline when there is one (lint and check).
	useBaseline bool

	cfg *source.Config
	// masker hides every secret the run learned (config, client config and
	// flag values), in every output.
	masker *safetext.Masker
	// keepGoing (--keep-going) reports a server that cannot be reached in
	// the result and checks the others; unreachable is then the first such
	// failure, the run's exit 3 once the report is written.
	keepGoing   bool
	unreachable error

	// result and ran are what the last command produced and which rules it
	// ran, for the action to render from the same run.
	result *contract.Result
	ran    func(rule string) bool
	// baseCatalogs are snapshot folders read through the API, by the
	// --against label they stand for (the action on a shallow clone).
	baseCatalogs map[string][]*contract.Catalog
}

func newApp(stdout, stderr io.Writer) *app {
	return &app{stdout: stdout, stderr: stderr, masker: safetext.NewMasker(source.NetworkSecrets(os.LookupEnv)...)}
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:           "mcp-contract",
		Short:         "Lint, snapshot and diff the tool contracts of MCP servers",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       programVersion(),
	}
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usagef("%v (see --help)", err) })
	root.SetVersionTemplate("mcp-contract {{.Version}}\n")
	root.AddCommand(
		a.lintCommand(),
		a.snapshotCommand(),
		a.driftCommand(),
		a.collisionsCommand(),
		a.checkCommand(),
		a.sanitizeCommand(),
		a.validateCommand(),
		a.rulesCommand(),
		a.explainCommand(),
		a.reportCommand(),
		a.initCommand(),
		a.actionCommand(),
		a.commentCommand(),
		a.issuesCommand(),
		a.baselineCommand(),
		a.openapiCommand(),
		a.versionCommand(),
	)
	// The shared flags go on the commands that read them, so `explain --help`
	// does not offer a --stdio it would ignore. A new command gets them all.
	for _, c := range root.Commands() {
		switch c.Name() {
		case "explain", "version", "openapi":
			// openapi's subcommands read a spec, not servers: they carry
			// their own flags.
		case "rules":
			c.Flags().StringVar(&a.format, "format", "text", "text or json")
		case "issues":
			// It posts a saved report: only the config's secrets matter.
			c.Flags().StringVar(&a.configPath, "config", "", "config whose ${VAR} values are masked too (default .mcp-contract.yaml when present)")
		case "snapshot", "init", "comment", "baseline":
			// They write snapshot files, a config or a PR comment, never a
			// report: an -o or --format they took would be ignored silently.
			a.addSharedFlags(c, false)
		default:
			a.addSharedFlags(c, true)
		}
	}
	return root
}

// addSharedFlags adds the config and server flags of design.md §3, and the
// report flags (--format, -o) to a command that writes a report.
func (a *app) addSharedFlags(cmd *cobra.Command, reports bool) {
	f := cmd.Flags()
	f.StringVar(&a.configPath, "config", "", "config file (default .mcp-contract.yaml when present)")
	if reports {
		f.StringVar(&a.format, "format", "text", "report format: "+strings.Join(formats, ", "))
		f.StringVarP(&a.output, "output", "o", "", "write the report to this file instead of stdout (- is stdout)")
	}
	f.StringVar(&a.failOn, "fail-on", "", "exit 1 when a finding is at or above: error, warning, info or never (default error)")
	f.StringVar(&a.stdio, "stdio", "", `a stdio server to run, e.g. --stdio "npx -y @modelcontextprotocol/server-everything"`)
	f.StringVar(&a.url, "url", "", "a Streamable HTTP server URL")
	f.StringVar(&a.adHocName, "name", "", "server name for --stdio/--url, as in reports and snapshot files (default stdio or http)")
	f.StringArrayVar(&a.headers, "header", nil, `HTTP header for --url, "Name: value" (repeatable; ${ENV} expanded)`)
	f.DurationVar(&a.timeout, "timeout", 30*time.Second, fmt.Sprintf("time limit for each request to a live server; a server's whole fetch stops after --start-timeout plus %d times this", source.FetchTimeouts))
	f.DurationVar(&a.startTimeout, "start-timeout", 2*time.Minute, "time limit for a live server to start and answer the handshake (a first npx or uvx install counts)")
}

// addBaseFlags adds the flags of lint and check that decide what is new.
func (a *app) addBaseFlags(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&a.offline, "offline", false, "start no server and open no connection: a stdio or url server is read from its snapshot in the work tree (pre-commit)")
	cmd.Flags().BoolVar(&a.failOnExisting, "fail-on-existing", false, "with --against or a "+policy.BaselineFile+": findings the base already had count for --fail-on too")
}

// addTextReportFlags adds the layout flags of the text report to the
// commands that write one.
func (a *app) addTextReportFlags(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&a.expand, "expand", false, "text: list every place a finding applies instead of the first few tools")
	f := cmd.Flags().VarPF(&a.statistics, "statistics", "", fmt.Sprintf("text: end with a count of findings per rule (default: on past %d findings)", report.StatisticsThreshold))
	f.NoOptDefVal = "true"
}

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

func (a *app) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintf(a.stdout, "mcp-contract %s\n", programVersion())
			return err
		},
	}
}

// addProfileFlags adds the lint selection flags to a command.
func (a *app) addProfileFlags(cmd *cobra.Command) {
	cmd.Flags().StringSliceVar(&a.profiles, "profile", nil, "provider profiles to check: "+strings.Join(lint.ProfileNames(), ", ")+" (default portable)")
	cmd.Flags().StringVar(&a.mcpVersion, "mcp-version", "", "oldest MCP spec the tools must satisfy: "+strings.Join(lint.KnownMCPVersions, ", ")+" (default "+lint.DefaultMCPVersion+")")
}

// loadConfig reads --config, or .mcp-contract.yaml when it exists. It is
// called once per run; no config is not an error.
func (a *app) loadConfig() error {
	path := a.configPath
	if path == "" {
		if _, err := os.Stat(source.ConfigFile); err != nil {
			return nil
		}
		path = source.ConfigFile
	}
	cfg, err := source.LoadConfig(path, nil)
	if err != nil {
		return err
	}
	a.cfg = cfg
	a.masker.Add(cfg.Secrets...)
	return nil
}

// line is text from a server, file or config made fit for one line of text
// output or stderr: secrets masked first, then neutralised.
func (a *app) line(s string) string { return safetext.Line(a.masker.Mask(s)) }

// lintOptions resolves profiles, spec version and budget from flags and config.
func (a *app) lintOptions() (lint.Options, error) {
	names := a.profiles
	if len(names) == 0 && a.cfg != nil {
		names = a.cfg.Profiles
	}
	if len(names) == 0 {
		names = []string{"portable"}
	}
	profiles, err := lint.ExpandProfiles(names)
	if err != nil {
		return lint.Options{}, &usageError{err.Error()}
	}
	version := a.mcpVersion
	if version == "" && a.cfg != nil {
		version = a.cfg.MCPVersion
	}
	if version == "" {
		version = lint.DefaultMCPVersion
	}
	known := false
	for _, v := range lint.KnownMCPVersions {
		known = known || v == version
	}
	if !known {
		return lint.Options{}, usagef("unknown MCP version %q (want %s)", version, strings.Join(lint.KnownMCPVersions, ", "))
	}
	opts := lint.Options{Profiles: profiles, MCPVersion: version}
	if a.cfg != nil {
		opts.MaxTools = a.cfg.Budget.MaxTools
		opts.MaxCatalogTokens = a.cfg.Budget.MaxCatalogTokens
		opts.Disabled = map[string]bool{}
		for id, sev := range a.cfg.Rules {
			if strings.EqualFold(sev, "off") {
				opts.Disabled[id] = true
			}
		}
	}
	return opts, nil
}

// failLevel resolves --fail-on (flag, then config, then error).
func (a *app) failLevel() (contract.Severity, error) {
	name := a.failOn
	if name == "" && a.cfg != nil {
		name = a.cfg.FailOn
	}
	if name == "" {
		name = "error"
	}
	sev, err := contract.ParseSeverity(name)
	if err != nil || sev == contract.Off {
		return 0, usagef("--fail-on %q: want error, warning, info or never", name)
	}
	return sev, nil
}

// knownRules maps every rule id of every step to its metadata.
func knownRules() map[string]contract.RuleInfo {
	out := map[string]contract.RuleInfo{policy.StaleIgnoreRule: policy.StaleIgnoreInfo, policy.StaleBaselineRule: policy.StaleBaselineInfo}
	for _, r := range lint.Rules() {
		out[r.ID] = r.Info()
	}
	for _, info := range drift.Rules() {
		out[info.ID] = info
	}
	for _, info := range collisions.Rules() {
		out[info.ID] = info
	}
	for _, info := range openapi.Rules() {
		out[info.ID] = info
	}
	return out
}

// policy builds the config's overrides and ignores, checking rule ids.
func (a *app) policy(ran func(string) bool) (policy.Policy, error) {
	p := policy.Policy{Overrides: map[string]contract.Severity{}, Ran: ran}
	if a.cfg == nil {
		return p, nil
	}
	known := knownRules()
	for id, sev := range a.cfg.Rules {
		if _, ok := known[id]; !ok {
			return p, &contract.InputError{File: a.cfg.File, Msg: fmt.Sprintf("rules: unknown rule id %q (see `mcp-contract rules`)", id)}
		}
		s, err := contract.ParseSeverity(sev)
		if err != nil {
			return p, &contract.InputError{File: a.cfg.File, Msg: fmt.Sprintf("rules.%s: %v", id, err)}
		}
		p.Overrides[id] = s
	}
	for _, ig := range a.cfg.Ignore {
		if _, ok := known[ig.Rule]; !ok {
			return p, &contract.InputError{File: a.cfg.File, Line: ig.Line, Column: 5, Msg: fmt.Sprintf("ignore: unknown rule id %q (see `mcp-contract rules`)", ig.Rule)}
		}
		p.Ignores = append(p.Ignores, policy.Ignore{Rule: ig.Rule, Server: ig.Server, Tool: ig.Tool, Reason: ig.Reason, File: a.cfg.File, Line: ig.Line})
	}
	return p, nil
}

// emit applies the policy, renders the report and decides the exit status.
func (a *app) emit(result *contract.Result, pol policy.Policy) error {
	failOn, err := a.failLevel()
	if err != nil {
		return err
	}
	if !knownFormat(a.format) {
		return usagef("--format %q: want %s", a.format, strings.Join(formats, ", "))
	}
	result.Findings = policy.Apply(result.Findings, pol)
	if err := a.markNew(result, pol); err != nil {
		return err
	}
	contract.SortFindings(result.Findings, result.Servers)
	if len(a.masker.Secrets()) > 0 {
		result.MapText(a.masker.Mask)
	}
	a.result, a.ran = result, pol.Ran
	render := func(w io.Writer) error {
		return a.render(w, a.format, result, failOn)
	}
	if a.output != "" {
		err = a.writeOutput(render)
	} else {
		err = render(a.stdout)
	}
	if err != nil {
		return err
	}
	if a.unreachable != nil {
		return a.unreachable
	}
	if a.fails(result, failOn) {
		return errFindings
	}
	return nil
}

// fails decides the exit status: a finding at or above failOn fails the
// run, unless the base already had it (and --fail-on-existing is off) or it
// is a breaking change the pull request's label allows.
func (a *app) fails(result *contract.Result, failOn contract.Severity) bool {
	for i := range result.Findings {
		f := &result.Findings[i]
		switch {
		case f.Severity < failOn:
		case f.Existing() && !a.failOnExisting:
		case f.Change == contract.ChangeBreaking && a.allowBreaking:
		default:
			return true
		}
	}
	return false
}

func colorTerminal(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// writeOutput writes what write produces to -o: "-" is standard output,
// anything else goes through fileio.WriteOutput (atomic for a regular file,
// in place for /dev/null or a pipe, never renamed over a device).
func (a *app) writeOutput(write func(io.Writer) error) error {
	if a.output == "-" {
		return write(a.stdout)
	}
	return contract.FileInput(fileio.WriteOutput(a.output, write))
}
