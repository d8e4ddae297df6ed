package lint

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// The checks below are shared by rules of several provider profiles: a
// construct that breaks two providers gives one finding per profile, so the
// same check backs one rule in each profile.

// providerWalk visits the tool's inputSchema and every subschema below it:
// what a provider receives as the function's parameters.
func providerWalk(p *Pass, fn func(s schemawalk.Schema)) { p.eachInputSchema(fn) }

// providerFix is the fix line of rules whose repair `sanitize` automates.
func providerFix(profile Profile, manual string) string {
	if profile == ProfileOpenAIAgents {
		// The Agents SDK leaves a schema that is strict already as it is, so
		// openai-strict's repair is the one that serves it.
		profile = ProfileOpenAIStrict
	}
	return manual + ", or run `mcp-contract sanitize --profile " + string(profile) + "`"
}

// providerNamePolicy is one provider's rule for function names.
type providerNamePolicy struct {
	// maxLen counts characters, as the providers' validators (Python str) do.
	maxLen int
	// allowed and allowedText describe every character of the name.
	allowed     func(r rune) bool
	allowedText string
	// first, when set, further restricts the first character.
	first     func(r rune) bool
	firstText string
}

func providerAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// problems explains every way name breaks the policy, or returns nil.
func (np providerNamePolicy) problems(name string) []string {
	var out []string
	n := utf8.RuneCountInString(name)
	switch {
	case n == 0:
		out = append(out, "it is empty")
	case n > np.maxLen:
		out = append(out, fmt.Sprintf("it is %d characters long (at most %d)", n, np.maxLen))
	}
	var bad []string
	seen := map[rune]bool{}
	for _, r := range name {
		if !np.allowed(r) && !seen[r] {
			seen[r] = true
			bad = append(bad, fmt.Sprintf("%q", r))
		}
	}
	if len(bad) > 0 {
		out = append(out, fmt.Sprintf("it uses %s (allowed: %s)", providerList(bad), np.allowedText))
	}
	if r, _ := utf8.DecodeRuneInString(name); np.first != nil && n > 0 && !np.first(r) && np.allowed(r) {
		out = append(out, fmt.Sprintf("it starts with %q (must start with %s)", r, np.firstText))
	}
	return out
}

// providerCheckName reports a tool name the provider refuses. A missing or
// non-string name is the mcp profile's finding, not a provider's.
func providerCheckName(p *Pass, np providerNamePolicy) {
	name := p.Tool.Node.Get("name")
	if !name.Is(jsontree.String) {
		return
	}
	if probs := np.problems(name.Text); len(probs) > 0 {
		p.Report(name, "/name", providerFix(p.Rule.Profile, "rename the tool"),
			"tool name %s is refused: %s", providerQuote(name.Text, 80), strings.Join(probs, "; "))
	}
}

// openAINames is OpenAI's function-name pattern ^[a-zA-Z0-9_-]{1,64}$.
var openAINames = providerNamePolicy{
	maxLen:      64,
	allowed:     func(r rune) bool { return providerAlnum(r) || r == '_' || r == '-' },
	allowedText: "a-z A-Z 0-9 _ -",
}

// anthropicNames is Anthropic's ^[a-zA-Z0-9_-]{1,128}$.
var anthropicNames = providerNamePolicy{
	maxLen:      128,
	allowed:     openAINames.allowed,
	allowedText: openAINames.allowedText,
}

// geminiNames is Gemini's ^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$: 64 characters is
// the documented limit, but FunctionResponse.name allows 63 and gemini-cli
// truncates to 63, so 63 is what is safe.
var geminiNames = providerNamePolicy{
	maxLen: 63,
	allowed: func(r rune) bool {
		return providerAlnum(r) || r == '_' || r == '.' || r == ':' || r == '-'
	},
	allowedText: "a-z A-Z 0-9 _ . : -",
	first: func(r rune) bool {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_'
	},
	firstText: "a letter or _",
}

// providerCheckArrayItems reports array schemas without items, which OpenAI's and
// Gemini's validators refuse outright.
func providerCheckArrayItems(p *Pass) {
	providerWalk(p, func(s schemawalk.Schema) {
		if schemawalk.HasType(s.Node, "array") && !s.Node.Has("items") {
			p.Report(s.Node, s.Pointer(), providerFix(p.Rule.Profile, `add "items" (e.g. {"type":"string"})`),
				"array schema has no \"items\"")
		}
	})
}

// providerCheckRootCombinator reports anyOf/oneOf/allOf at the root of inputSchema.
func providerCheckRootCombinator(p *Pass) {
	root := p.Tool.Input()
	for _, key := range []string{"anyOf", "oneOf", "allOf"} {
		if v := root.Get(key); v != nil {
			p.Report(v, "/inputSchema/"+key, providerFix(p.Rule.Profile,
				"use a root {\"type\":\"object\"} with every parameter in properties and state the alternatives in the description"),
				"inputSchema uses %s at the top level", key)
		}
	}
}

// providerCheckObjectProperties reports object schemas without "properties"; onlyRoot
// limits it to the inputSchema root.
func providerCheckObjectProperties(p *Pass, onlyRoot bool) {
	providerWalk(p, func(s schemawalk.Schema) {
		if onlyRoot && s.Depth > 0 {
			return
		}
		if schemawalk.HasType(s.Node, "object") && !s.Node.Has("properties") {
			p.Report(s.Node, s.Pointer(), providerFix(p.Rule.Profile, `add "properties": {}`),
				"object schema has no \"properties\"")
		}
	})
}

// providerCheckFormats reports string formats outside the provider's list.
func providerCheckFormats(p *Pass, supported map[string]bool) {
	providerWalk(p, func(s schemawalk.Schema) {
		f := s.Node.Get("format")
		if f.Is(jsontree.String) && !supported[f.Text] {
			p.Report(f, jsontree.Append(s.Pointer(), "format"),
				providerFix(p.Rule.Profile, "drop the format and say it in the description"),
				"format %q is not supported (supported: %s)", f.Text, strings.Join(providerSortedKeys(supported), ", "))
		}
	})
}

// providerCheckKeywords reports every keyword of every subschema for which
// unsupported returns true; manual is the fix a user applies by hand.
func providerCheckKeywords(p *Pass, unsupported func(s schemawalk.Schema, key string) bool, manual string) {
	providerWalk(p, func(s schemawalk.Schema) {
		for _, m := range s.Node.Members() {
			if unsupported(s, m.Key) {
				p.Report(m.Value, jsontree.Append(s.Pointer(), m.Key), providerFix(p.Rule.Profile, manual), "keyword %q is not supported", m.Key)
			}
		}
	})
}

func providerSet(keys ...string) map[string]bool {
	set := make(map[string]bool, len(keys))
	for _, k := range keys {
		set[k] = true
	}
	return set
}

func providerSortedKeys(set map[string]bool) []string {
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// providerShort renders a value for a message, cut so a large schema does not
// flood the report. It stops rendering once past the limit, so a huge or
// deeply nested value costs no more than a small one.
func providerShort(n *jsontree.Node) string {
	const limit = 60
	var b strings.Builder
	providerRender(&b, n, limit)
	return providerCut(b.String(), limit)
}

// providerRender writes n as compact JSON until b holds more than limit
// bytes. Each level writes at least one byte, so recursion stays within limit.
func providerRender(b *strings.Builder, n *jsontree.Node, limit int) {
	if b.Len() > limit {
		return
	}
	switch n.Kind {
	case jsontree.Object:
		b.WriteByte('{')
		for i, m := range n.Members() {
			if b.Len() > limit {
				return
			}
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(providerQuote(m.Key, limit))
			b.WriteByte(':')
			providerRender(b, m.Value, limit)
		}
		b.WriteByte('}')
	case jsontree.Array:
		b.WriteByte('[')
		for i, it := range n.Items() {
			if b.Len() > limit {
				return
			}
			if i > 0 {
				b.WriteByte(',')
			}
			providerRender(b, it, limit)
		}
		b.WriteByte(']')
	case jsontree.String:
		b.WriteString(providerQuote(n.Text, limit))
	case jsontree.Bool:
		b.WriteString(strconv.FormatBool(n.Bool))
	case jsontree.Null:
		b.WriteString("null")
	default:
		b.WriteString(n.Text)
	}
}

// providerQuote quotes s, cut to limit characters.
func providerQuote(s string, limit int) string {
	return strconv.Quote(providerCut(s, limit))
}

// providerCut shortens s to limit characters, marking the cut with "…".
func providerCut(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	return string([]rune(s)[:limit]) + "…"
}

// providerList joins names for a message, naming at most ten and cutting
// each to 40 characters.
func providerList(names []string) string { return providerListOf(names, len(names)) }

// providerListMost is how many names providerList shows.
const providerListMost = 10

// providerListOf is providerList of total names, of which first holds the
// first providerListMost (or all): a rule with a million names need not
// keep them.
func providerListOf(first []string, total int) string {
	const width = 40
	var cut []string
	for i, name := range first {
		if i == providerListMost {
			break
		}
		cut = append(cut, providerCut(name, width))
	}
	s := strings.Join(cut, ", ")
	if total > len(cut) {
		s += fmt.Sprintf(" and %d more", total-len(cut))
	}
	return s
}

// providerCheckPropertySchemas reports "properties" members that are not
// schemas at all (a string such as "number", a number, null): validators that
// meta-check the schema refuse the whole tool. One finding per properties
// object, naming the members: a generator that writes shorthand writes it for
// every property, and one line per property would bury everything else.
func providerCheckPropertySchemas(p *Pass) {
	providerWalk(p, func(s schemawalk.Schema) {
		props := s.Node.Get("properties")
		if !props.Is(jsontree.Object) {
			return
		}
		var bad []string
		for _, m := range props.Members() {
			if !m.Value.Is(jsontree.Object) && !m.Value.Is(jsontree.Bool) {
				bad = append(bad, providerQuote(m.Key, 40)+" is "+providerShort(m.Value))
			}
		}
		if len(bad) > 0 {
			p.Report(props, jsontree.Append(s.Pointer(), "properties"),
				providerFix(p.Rule.Profile, `write each property as a schema, e.g. {"type":"number"}`),
				"properties that are not schemas: %s", providerList(bad))
		}
	})
}
