package collisions

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Provider is one LLM provider's rule for function names, which applies to
// the name a client builds, prefix included (drift-and-anchors.md §2.4).
type Provider struct {
	// Name is how messages call the provider.
	Name string
	// Pattern is the provider's rule as its error messages state it.
	Pattern string
	MaxLen  int
	// Profiles are the lint profiles (--profile) that select this provider.
	Profiles []string

	allowed     func(r rune) bool
	allowedText string
	// first, when set, restricts the first character.
	first     func(r rune) bool
	firstText string
}

func alnum(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' }

func openAIChar(r rune) bool { return alnum(r) || r == '_' || r == '-' }

// The three providers whose name rules the issue tracker shows clients
// breaking after prefixing. OpenAI and Anthropic reject '.', Gemini accepts
// '.' and ':' but wants a leading letter or '_'.
var (
	OpenAI = Provider{
		Name: "OpenAI", Pattern: "^[a-zA-Z0-9_-]{1,64}$", MaxLen: 64, Profiles: []string{"openai", "openai-strict"},
		allowed: openAIChar, allowedText: "a-z A-Z 0-9 _ -",
	}
	// Gemini's MaxLen is 63, not the 64 its pattern allows, to agree with
	// gemini/tool-name-invalid: FunctionResponse.name is documented as at
	// most 63 characters (schema-rules.md §Gemini names, GEM-NAME).
	Gemini = Provider{
		Name: "Gemini", Pattern: "^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$", MaxLen: 63, Profiles: []string{"gemini", "gemini-jsonschema"},
		allowed:     func(r rune) bool { return alnum(r) || r == '_' || r == '.' || r == ':' || r == '-' },
		allowedText: "a-z A-Z 0-9 _ . : -",
		first:       func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_' },
		firstText:   "a letter or _",
	}
	Anthropic = Provider{
		Name: "Anthropic", Pattern: "^[a-zA-Z0-9_-]{1,128}$", MaxLen: 128, Profiles: []string{"anthropic", "anthropic-strict"},
		allowed: openAIChar, allowedText: "a-z A-Z 0-9 _ -",
	}
	// Providers lists every provider whose name rule is checked.
	Providers = []Provider{OpenAI, Gemini, Anthropic}
)

// ProvidersFor returns the providers the given lint profiles select.
func ProvidersFor(profiles []string) []Provider {
	var out []Provider
	for _, p := range Providers {
		for _, name := range p.Profiles {
			if containsString(profiles, name) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func runeLen(s string) int { return utf8.RuneCountInString(s) }

// invalid says why name breaks the provider's character rules ("" when it does not).
func (p Provider) invalid(name string) string {
	if name == "" {
		return "the name is empty"
	}
	first, _ := utf8.DecodeRuneInString(name)
	if p.first != nil && !p.first(first) {
		return fmt.Sprintf("it must start with %s, not %q", p.firstText, first)
	}
	var bad []string
	for _, r := range name {
		if !p.allowed(r) && !containsString(bad, string(r)) {
			bad = append(bad, string(r))
		}
	}
	if len(bad) > 0 {
		return fmt.Sprintf("%q is outside %s", strings.Join(bad, ""), p.allowedText)
	}
	return ""
}

// Style is how a client builds the name the model sees from a server and a
// tool name, such as mcp__{server}__{tool}.
type Style struct {
	// Name is what collisions.prefix-styles accepts (or the template itself).
	Name     string
	Template string
	// Clients names who builds names this way, for messages.
	Clients string

	before, between, after string
	serverFirst            bool
}

// The documented styles (drift-and-anchors.md §2.4).
var (
	ClaudeCode   = mustStyle("claude-code", "mcp__{server}__{tool}", "Claude Code")
	GeminiCLI    = mustStyle("gemini-cli", "{server}__{tool}", "gemini-cli and the OpenAI Agents SDK")
	AgentGateway = mustStyle("agentgateway", "{server}_{tool}", "agentgateway")
	// DefaultStyles is every documented style.
	DefaultStyles = []Style{ClaudeCode, GeminiCLI, AgentGateway}
)

func mustStyle(name, template, clients string) Style {
	s, err := newStyle(name, template, clients)
	if err != nil {
		panic(err)
	}
	return s
}

func newStyle(name, template, clients string) (Style, error) {
	if strings.Count(template, "{server}") != 1 || strings.Count(template, "{tool}") != 1 {
		return Style{}, fmt.Errorf("prefix style %q: want claude-code, gemini-cli, agentgateway, or a template with {server} and {tool} once each, such as mcp__{server}__{tool}", template)
	}
	s := Style{Name: name, Template: template, Clients: clients}
	si, ti := strings.Index(template, "{server}"), strings.Index(template, "{tool}")
	s.serverFirst = si < ti
	if s.serverFirst {
		s.before, s.between, s.after = template[:si], template[si+len("{server}"):ti], template[ti+len("{tool}"):]
	} else {
		s.before, s.between, s.after = template[:ti], template[ti+len("{tool}"):si], template[si+len("{server}"):]
	}
	return s, nil
}

// ParseStyle reads one collisions.prefix-styles entry: a documented style's
// name or a template.
func ParseStyle(s string) (Style, error) {
	for _, st := range DefaultStyles {
		if s == st.Name || s == st.Template {
			return st, nil
		}
	}
	return newStyle(s, s, "a client using "+s)
}

// ParseStyles reads a list of prefix styles; an empty list stays a set list
// (no style at all), which nil (the default styles) is not.
func ParseStyles(names []string) ([]Style, error) {
	styles := make([]Style, 0, len(names))
	for _, name := range names {
		st, err := ParseStyle(name)
		if err != nil {
			return nil, err
		}
		styles = append(styles, st)
	}
	return styles, nil
}

// builds is "Claude Code builds", "gemini-cli and the OpenAI Agents SDK build".
func (s Style) builds() string {
	if strings.Contains(s.Clients, " and ") {
		return s.Clients + " build"
	}
	return s.Clients + " builds"
}

// Build returns the name a client of this style shows the model.
func (s Style) Build(server, tool string) string {
	if s.serverFirst {
		return s.before + server + s.between + tool + s.after
	}
	return s.before + tool + s.between + server + s.after
}

// overhead is how many characters the style adds to a tool name of server.
func (s Style) overhead(server string) int {
	return runeLen(s.before) + runeLen(server) + runeLen(s.between) + runeLen(s.after)
}

// rewrite is one client's documented rewriting of the names it builds.
type rewrite struct {
	clients string
	// what says what the rewriting does, for messages.
	what  string
	apply func(string) string
	// bareOnly: the client rewrites the bare tool name but sends the names
	// it prefixes as built.
	bareOnly bool
}

var rewrites = []rewrite{
	{
		clients: "gemini-cli",
		what:    "characters outside a-z A-Z 0-9 _ . - become _, and names over 63 characters keep their first 28 and last 32 around ___",
		apply: func(s string) string {
			s = replaceOutside(s, func(r rune) bool { return alnum(r) || r == '_' || r == '.' || r == '-' })
			if len(s) > 63 {
				s = s[:28] + "___" + s[len(s)-32:]
			}
			return s
		},
		// asFullyQualifiedTool passes server__tool as a name override,
		// which skips generateValidName.
		bareOnly: true,
	},
	{
		clients: "OpenAI-compatible clients",
		what:    "characters outside a-z A-Z 0-9 _ - become _, and names are cut at 64 characters",
		apply: func(s string) string {
			s = replaceOutside(s, openAIChar)
			if len(s) > 64 {
				s = s[:64]
			}
			return s
		},
	},
}

// replaceOutside turns every rune that keep rejects into '_'. The result is
// ASCII, so the rewrites may cut it by bytes.
func replaceOutside(s string, keep func(rune) bool) string {
	clean := true
	for _, r := range s {
		if !keep(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if keep(r) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// normalise folds case and drops _ - . : so names a model (or a rewriting
// client) would mix up map to one key.
func normalise(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	for _, r := range name {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ':':
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}
