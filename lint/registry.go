// Package lint holds the rule registry and every lint rule. Rules are values;
// each lives in its own small file and registers itself. Rules never print and
// never fetch: they report through a Pass.
package lint

import (
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// Profile names a group of rules a user turns on with --profile.
type Profile string

const (
	// Always on.
	ProfileMCP      Profile = "mcp"
	ProfileSchema   Profile = "schema"
	ProfileSecurity Profile = "security"
	ProfileDocs     Profile = "docs"
	ProfileBudget   Profile = "budget"
	// Chosen with --profile.
	ProfileOpenAI           Profile = "openai"
	ProfileOpenAIStrict     Profile = "openai-strict"
	ProfileOpenAIAgents     Profile = "openai-agents"
	ProfileGemini           Profile = "gemini"
	ProfileGeminiJSONSchema Profile = "gemini-jsonschema"
	ProfileAnthropic        Profile = "anthropic"
	ProfileAnthropicStrict  Profile = "anthropic-strict"
	ProfileBedrock          Profile = "bedrock"
	ProfileFireworks        Profile = "fireworks"
)

// AlwaysOn profiles run whatever --profile says.
var AlwaysOn = []Profile{ProfileMCP, ProfileSchema, ProfileSecurity, ProfileDocs, ProfileBudget}

// Portable is every non-strict provider profile.
var Portable = []Profile{ProfileOpenAI, ProfileGemini, ProfileGeminiJSONSchema, ProfileAnthropic, ProfileBedrock, ProfileFireworks}

// Providers is every provider profile, strict ones included.
var Providers = []Profile{ProfileOpenAI, ProfileOpenAIStrict, ProfileOpenAIAgents, ProfileGemini, ProfileGeminiJSONSchema, ProfileAnthropic, ProfileAnthropicStrict, ProfileBedrock, ProfileFireworks}

// ExpandProfiles turns user names ("portable", "all", "gemini", ...) into the
// set of enabled profiles, always-on ones included.
func ExpandProfiles(names []string) (map[Profile]bool, error) {
	set := map[Profile]bool{}
	for _, p := range AlwaysOn {
		set[p] = true
	}
	for _, raw := range names {
		for _, name := range strings.Split(raw, ",") {
			name = strings.TrimSpace(name)
			switch name {
			case "":
			case "portable":
				for _, p := range Portable {
					set[p] = true
				}
			case "all":
				for _, p := range Providers {
					set[p] = true
				}
			default:
				p := Profile(name)
				if !isKnownProfile(p) {
					return nil, fmt.Errorf("unknown profile %q (want %s)", name, strings.Join(ProfileNames(), ", "))
				}
				set[p] = true
			}
		}
	}
	return set, nil
}

// ProfileNames lists every name --profile accepts.
func ProfileNames() []string {
	names := []string{"portable", "all"}
	for _, p := range append(append([]Profile(nil), AlwaysOn...), Providers...) {
		names = append(names, string(p))
	}
	return names
}

func isKnownProfile(p Profile) bool {
	for _, q := range append(append([]Profile(nil), AlwaysOn...), Providers...) {
		if p == q {
			return true
		}
	}
	return false
}

// Rule is one lint check. Exactly one of CheckTool and CheckCatalog is set.
type Rule struct {
	ID       string
	Profile  Profile
	Severity contract.Severity
	Summary  string
	// Help says why the rule matters, the evidence, and how to fix.
	Help         string
	CheckTool    func(p *Pass)
	CheckCatalog func(p *CatalogPass)
}

// Info returns the rule's metadata.
func (r *Rule) Info() contract.RuleInfo {
	return contract.RuleInfo{ID: r.ID, Group: string(r.Profile), Severity: r.Severity, Summary: r.Summary, Help: r.Help}
}

var registry = map[string]*Rule{}

// register adds a rule at package initialisation; a duplicate id is a
// programming error caught by any test run.
func register(r *Rule) *Rule {
	if _, dup := registry[r.ID]; dup {
		panic("lint: duplicate rule id " + r.ID)
	}
	if (r.CheckTool == nil) == (r.CheckCatalog == nil) {
		panic("lint: rule " + r.ID + " needs exactly one check function")
	}
	registry[r.ID] = r
	return r
}

// Rules returns every registered rule, sorted by id.
func Rules() []*Rule {
	out := make([]*Rule, 0, len(registry))
	for _, r := range registry {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Lookup returns the rule with id, or nil.
func Lookup(id string) *Rule { return registry[id] }

// Options configure one lint run.
type Options struct {
	// Profiles enabled (always-on ones included); see ExpandProfiles.
	Profiles map[Profile]bool
	// MCPVersion is the oldest spec version the tools must satisfy.
	MCPVersion string
	// Disabled rules are not run at all (a config's `rules: {id: off}`), so
	// turning off an expensive rule saves its time too.
	Disabled map[string]bool
	// MaxTools and MaxCatalogTokens bound a client session's catalog (0: default).
	MaxTools         int
	MaxCatalogTokens int
	// Tokens, when the caller has already counted the catalogs (to report
	// tokens per server), spares the budget rule counting them again.
	Tokens *TokenCount

	// Cache, when set, serves the findings of the tool rules for the tools
	// it remembers, and remembers those of every tool linted.
	Cache ToolCache
}

// scratch is what one lint worker remembers while it goes through its tools:
// catalogs repeat the same descriptions and property texts across tools and
// servers, and some forty provider rules look at every subschema of the tool
// at hand. Each worker has its own, so rules share it without locks.
type scratch struct {
	// findings gathers the tool at hand's findings; its array is reused
	// from tool to tool.
	findings []contract.Finding
	emit     func(contract.Finding)
	// keep and max are RunCapped's; omitted counts the tool's findings
	// past max, and rule and ruleCount how many of the rule at hand (a
	// tool's findings come rule by rule) were kept.
	keep      func(*contract.Finding) bool
	max       int
	omitted   []contract.Omitted
	rule      string
	ruleCount int

	instructions *textMemo
	// schemas are the subschemas of tool's inputSchema, parents first.
	tool    *contract.Tool
	schemas []schemawalk.Schema
	// bigTool is the tool whose subschemas were too many to keep.
	bigTool *contract.Tool
	strings stringWalk
}

func newScratch() *scratch {
	s := &scratch{instructions: newTextMemo()}
	s.emit = s.add
	return s
}

// add keeps f when the policy does and the tool has not yet kept max of
// its rule, and counts it when only the cap stops it. f is judged in its
// place in the array: its address handed to keep made every finding an
// allocation of its own.
func (s *scratch) add(f contract.Finding) {
	s.findings = append(s.findings, f)
	last := &s.findings[len(s.findings)-1]
	if s.keep != nil && !s.keep(last) {
		s.drop()
		return
	}
	if s.max <= 0 {
		return
	}
	if last.Rule != s.rule {
		s.rule, s.ruleCount = last.Rule, 0
	}
	if s.ruleCount < s.max {
		s.ruleCount++
		return
	}
	if n := len(s.omitted); n > 0 && s.omitted[n-1].Rule == last.Rule && s.omitted[n-1].Severity == last.Severity {
		s.omitted[n-1].Count++
	} else {
		s.omitted = append(s.omitted, contract.Omitted{Rule: last.Rule, Server: last.Server, Severity: last.Severity, Count: 1})
	}
	s.drop()
}

// full says whether the tool has kept max findings of rule, the rule at
// hand, so that the next can only be counted.
func (s *scratch) full(rule string) bool {
	return s.max > 0 && s.rule == rule && s.ruleCount >= s.max
}

// drop forgets the last finding, clearing it so its strings can go.
func (s *scratch) drop() {
	s.findings[len(s.findings)-1] = contract.Finding{}
	s.findings = s.findings[:len(s.findings)-1]
}

// result is a copy of the tool at hand's findings, whose arrays the next
// tool reuses.
func (s *scratch) result() toolFindings {
	var out toolFindings
	if len(s.findings) > 0 {
		out.findings = slices.Clone(s.findings)
	}
	if len(s.omitted) > 0 {
		out.omitted = slices.Clone(s.omitted)
	}
	return out
}

// MCP spec versions, oldest first.
const (
	MCP20250618 = "2025-06-18"
	MCP20251125 = "2025-11-25"
	MCP20260728 = "2026-07-28"
)

// DefaultMCPVersion is used when no --mcp-version is given.
const DefaultMCPVersion = MCP20251125

// KnownMCPVersions lists what --mcp-version accepts.
var KnownMCPVersions = []string{MCP20250618, MCP20251125, MCP20260728}

// Pass is what a tool rule sees: one tool and a way to report.
type Pass struct {
	Rule    *Rule
	Tool    *contract.Tool
	Catalog *contract.Catalog
	Options *Options
	emit    func(contract.Finding)
	// remember, when set, also keeps each finding with where its node is
	// for Options.Cache.
	remember func(contract.Finding, *jsontree.Node)
	scratch  *scratch
}

// eachInputSchema calls fn for every subschema of the tool's inputSchema,
// parents first. The list is walked once per tool and kept, pointers built,
// for all the rules that ask, unless it is longer than maxKeptSchemas: then
// each rule walks it again and builds only the pointers it reports, so a
// tool of millions of subschemas (an anyOf of {}) costs the memory of one
// walk rather than 110 bytes a subschema (issue 32).
func (p *Pass) eachInputSchema(fn func(schemawalk.Schema)) {
	sc := p.scratch
	if sc != nil && sc.tool == p.Tool {
		for _, s := range sc.schemas {
			fn(s)
		}
		return
	}
	keep := sc != nil && sc.bigTool != p.Tool
	var list []schemawalk.Schema
	if keep {
		// The array is reused from tool to tool: rules hold the list
		// only while they check the tool it belongs to.
		sc.tool, list = nil, sc.schemas[:0]
	}
	schemawalk.Walk(p.Tool.Input(), "/inputSchema", func(s schemawalk.Schema) bool {
		fn(s)
		if keep {
			if len(list) == maxKeptSchemas {
				keep, list = false, list[:0]
				sc.bigTool = p.Tool
			} else {
				list = append(list, s.Built())
			}
		}
		return true
	})
	switch {
	case keep:
		sc.tool, sc.schemas = p.Tool, list
	case list != nil:
		sc.schemas = list[:0]
	}
}

// maxKeptSchemas is how many subschemas of a tool are kept for the rules:
// far more than any real tool has (the largest in the corpus has hundreds),
// few enough to be 7 MB.
const maxKeptSchemas = 1 << 16

// Report records a finding at node (pointer relative to the tool object).
func (p *Pass) Report(node *jsontree.Node, pointer, fix, format string, args ...any) {
	if p.remember == nil && p.scratch != nil && p.scratch.full(p.Rule.ID) {
		// Past the cap a finding is only counted, or dropped by the
		// policy, which reads none of what it says or where: placing
		// millions of them (an enum of "" for gemini/enum-empty-string)
		// was a fifth of a lint's time (issue 32).
		p.emit(contract.Finding{Rule: p.Rule.ID, Severity: p.Rule.Severity, Category: contract.CategoryLint, Server: p.Catalog.Server, Tool: p.Tool.Name})
		return
	}
	f := contract.Finding{
		Rule:     p.Rule.ID,
		Severity: p.Rule.Severity,
		Category: contract.CategoryLint,
		Server:   p.Catalog.Server,
		Tool:     p.Tool.Name,
		Pointer:  pointer,
		Message:  fmt.Sprintf(format, args...),
		Fix:      fix,
	}
	f.Locate(p.Tool, node)
	p.emit(f)
	if p.remember != nil {
		p.remember(f, node)
	}
}

// CatalogPass is what a catalog rule sees: every catalog of the run.
type CatalogPass struct {
	Rule     *Rule
	Catalogs []*contract.Catalog
	Options  *Options
	emit     func(contract.Finding)
}

// Report records a finding on one tool of a catalog (tool may be nil for a
// finding about the whole catalog).
func (p *CatalogPass) Report(c *contract.Catalog, t *contract.Tool, node *jsontree.Node, pointer, fix, format string, args ...any) {
	f := contract.Finding{
		Rule:     p.Rule.ID,
		Severity: p.Rule.Severity,
		Category: contract.CategoryLint,
		Server:   c.Server,
		Pointer:  pointer,
		Message:  fmt.Sprintf(format, args...),
		Fix:      fix,
	}
	if t != nil {
		f.Tool = t.Name
		f.Locate(t, node)
	}
	p.emit(f)
}

// Run applies every enabled rule to every tool and returns the findings in a
// stable order: tool by tool as the catalogs list them, each tool's in rule
// registration order, then the catalog rules'. Tools are linted on every
// core; the order does not depend on which worker took which tool.
func Run(catalogs []*contract.Catalog, opts Options) []contract.Finding {
	findings, _ := RunCapped(catalogs, opts, nil, 0)
	return findings
}

// RunCapped is Run with the policy and the cap applied as findings are
// made, so memory follows what is listed, not what is found (issue 32):
// keep (nil keeps all) applies the config's overrides and ignores and says
// whether a finding remains; of those, the first max of each rule on each
// server (0: all) are returned and the rest are only counted.
func RunCapped(catalogs []*contract.Catalog, opts Options, keep func(*contract.Finding) bool, max int) ([]contract.Finding, []contract.Omitted) {
	if opts.Profiles == nil {
		opts.Profiles, _ = ExpandProfiles([]string{"portable"})
	}
	if opts.MCPVersion == "" {
		opts.MCPVersion = DefaultMCPVersion
	}
	rules := Rules()
	var toolRules []*Rule
	for _, r := range rules {
		if r.CheckTool != nil && opts.Profiles[r.Profile] && !opts.Disabled[r.ID] {
			toolRules = append(toolRules, r)
		}
	}
	var jobs []toolJob
	tokens := toolTokens(catalogs, opts.Tokens)
	for _, c := range catalogs {
		for _, t := range c.Tools {
			jobs = append(jobs, toolJob{catalog: c, tool: t, tokens: tokens(len(jobs))})
		}
	}
	capper := contract.NewCapper(max)
	var findings []contract.Finding
	// Without a cap every finding is kept anyway, and one window is the
	// fastest; with one, a window's findings are capped before the next
	// window is linted, so they never all sit in memory.
	window := len(jobs)
	if max > 0 {
		window = min(window, capWindow)
	}
	perTool := make([]toolFindings, window)
	for start := 0; start < len(jobs); start += window {
		part := jobs[start:min(start+window, len(jobs))]
		inParallel(len(part), func() func(i int) {
			memo := newScratch()
			return func(i int) { perTool[i] = checkTool(part[i], toolRules, &opts, memo, keep, max) }
		})
		if max <= 0 {
			total := len(findings)
			for _, tf := range perTool[:len(part)] {
				total += len(tf.findings)
			}
			findings = slices.Grow(findings, total-len(findings))
		}
		for i := range part {
			tf := &perTool[i]
			for j := range tf.findings {
				if capper.Keep(&tf.findings[j]) {
					findings = append(findings, tf.findings[j])
				}
			}
			for _, o := range tf.omitted {
				capper.Count(o.Rule, o.Server, o.Severity, o.Count, false)
			}
			*tf = toolFindings{}
		}
	}
	emit := func(f contract.Finding) {
		if (keep == nil || keep(&f)) && capper.Keep(&f) {
			findings = append(findings, f)
		}
	}
	for _, r := range rules {
		if r.CheckCatalog == nil || !opts.Profiles[r.Profile] || opts.Disabled[r.ID] {
			continue
		}
		r.CheckCatalog(&CatalogPass{Rule: r, Catalogs: catalogs, Options: &opts, emit: emit})
	}
	return findings, capper.Omitted()
}

// capWindow is how many tools are linted before their findings are capped:
// enough that the pause between windows costs nothing, few enough that a
// window's findings are small next to the tools.
const capWindow = 4096

// toolFindings are one tool's findings that remain, and the count per rule
// of those past the cap within the tool.
type toolFindings struct {
	findings []contract.Finding
	omitted  []contract.Omitted
}

// inParallel calls work(i) for every i below n, on every core. Each worker
// calls newWorker once and keeps what it returns, so a worker's buffers
// need no locks.
func inParallel(n int, newWorker func() func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), (n+jobBatch-1)/jobBatch) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work := newWorker()
			for {
				start := int(next.Add(jobBatch)) - jobBatch
				if start >= n {
					return
				}
				for i := start; i < min(start+jobBatch, n); i++ {
					work(i)
				}
			}
		}()
	}
	wg.Wait()
}

// jobBatch is how many tools a worker takes at once: enough that handing
// out work costs nothing next to linting it, few enough that the cores
// finish together.
const jobBatch = 16

type toolJob struct {
	catalog *contract.Catalog
	tool    *contract.Tool
	tokens  int // -1 when not counted
}

// checkTool runs the tool rules on one tool, or takes their findings from
// the cache, and applies keep and the cap within the tool: a tool's findings
// of one rule past max can never be listed.
func checkTool(job toolJob, toolRules []*Rule, opts *Options, memo *scratch, keep func(*contract.Finding) bool, max int) toolFindings {
	c, t := job.catalog, job.tool
	memo.findings, memo.omitted = memo.findings[:0], memo.omitted[:0]
	memo.keep, memo.max, memo.rule, memo.ruleCount = keep, max, "", 0
	if opts.Cache != nil {
		if cached, ok := opts.Cache.Get(t); ok {
			for _, f := range cached.findings(c, t) {
				memo.emit(f)
			}
			return memo.result()
		}
	}
	var remember func(contract.Finding, *jsontree.Node)
	var kept *CachedTool
	if opts.Cache != nil && job.tokens >= 0 {
		kept = &CachedTool{Tokens: job.tokens, Findings: []CachedFinding{}}
		remember = func(f contract.Finding, node *jsontree.Node) {
			kept.Findings = append(kept.Findings, cachedFinding(t, f, node))
		}
	}
	var pass Pass
	for _, r := range toolRules {
		// One Pass per tool and rule was a seventh of a lint's
		// allocations; rules use it only during CheckTool.
		pass = Pass{Rule: r, Tool: t, Catalog: c, Options: opts, emit: memo.emit, remember: remember, scratch: memo}
		r.CheckTool(&pass)
	}
	if kept != nil {
		opts.Cache.Put(t, *kept)
	}
	return memo.result()
}
