package sanitize

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// clauses writes the keywords a provider drops as short English sentences
// for the description ("Must be greater than 0.", "If `mode` is `wire`,
// `iban` is required."), because the description is the only place the
// model still reads them and a model reads English better than a fragment of
// JSON Schema. The --explain lines keep the exact JSON of what was lost.
// A keyword with no sentence of its own (rare ones, or a schema too complex
// to say briefly) is written as "`key`: `json`." so nothing is hidden.
func clauses(n *jsontree.Node, keys []string) string {
	var out []string
	done := map[string]bool{}
	// if, then and else make one sentence, written where the first of them is.
	cond, condOK := "", false
	if contains(keys, "if") {
		cond, condOK = conditional(n, keys)
	}
	for _, k := range keys {
		if done[k] {
			continue
		}
		done[k] = true
		if condOK && isOneOf(k, []string{"if", "then", "else"}) {
			done["if"], done["then"], done["else"] = true, true, true
			if cond != "" {
				out = append(out, cond)
			}
			continue
		}
		s, ok := clause(n, k)
		if !ok {
			s = fmt.Sprintf("%s: %s.", code(k), code(compact(n.Get(k))))
		}
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}

// clause is one keyword's sentence; "" when the keyword constrains nothing
// (exclusiveMinimum: false); ok is false when there is no sentence for it.
func clause(n *jsontree.Node, k string) (string, bool) {
	v := n.Get(k)
	switch k {
	case "required":
		if names := v.Strings(); len(names) > 0 {
			return capitalise(requiredPhrase(names)) + ".", true
		}
		return "", v.Is(jsontree.Array)
	case "dependentRequired":
		if !v.Is(jsontree.Object) {
			return "", false
		}
		var out []string
		for _, m := range v.Members() {
			if names := m.Value.Strings(); len(names) > 0 {
				out = append(out, fmt.Sprintf("If %s is given, %s.", code(m.Key), requiredPhrase(names)))
			}
		}
		return strings.Join(out, " "), true
	case "additionalProperties", "unevaluatedProperties":
		if v.Is(jsontree.Bool) && !v.Bool {
			if n.Has("properties") {
				return "No properties other than those listed are allowed.", true
			}
			return "No properties are allowed.", true
		}
		parts, ok := predicates(v)
		if !ok || len(parts) == 0 {
			return "", ok
		}
		return "Other properties " + must(parts) + ".", true
	case "items", "contains", "propertyNames":
		parts, ok := predicates(v)
		switch {
		case !ok:
			return "", false
		case k == "contains" && len(parts) == 0:
			return "Must not be empty.", true
		case len(parts) == 0:
			return "", true
		case k == "items":
			return "Each item " + must(parts) + ".", true
		case k == "contains":
			return "Must contain an item that " + is(parts) + ".", true
		}
		return "Property names " + must(parts) + ".", true
	case "not":
		parts, ok := predicates(v)
		if !ok || len(parts) != 1 || strings.HasPrefix(parts[0], "not ") {
			return "", false
		}
		return "Must not " + strings.TrimPrefix(must(parts), "must ") + ".", true
	case "anyOf", "oneOf":
		if !v.Is(jsontree.Array) {
			return "", false
		}
		var alts []string
		for _, b := range v.Items() {
			parts, ok := predicates(b)
			if !ok || len(parts) == 0 {
				return "", false
			}
			alts = append(alts, strings.Join(parts, " and "))
		}
		lead := "Must be "
		if k == "oneOf" && len(alts) > 1 {
			lead = "Must be exactly one of: "
		}
		return lead + strings.Join(alts, "; or ") + ".", true
	case "default":
		return "Defaults to " + value(v) + ".", true
	case "examples":
		if v.Is(jsontree.Array) && len(v.Items()) > 0 {
			return "For example: " + values(v.Items()) + ".", true
		}
		return "", false
	case "example":
		return "For example: " + value(v) + ".", true
	case "uniqueItems":
		if v.Is(jsontree.Bool) {
			if v.Bool {
				return "Items must be unique.", true
			}
			return "", true
		}
		return "", false
	}
	p, ok := predicate(n, k)
	if !ok {
		return "", false
	}
	if p == "" {
		return "", true
	}
	return capitalise(must([]string{p})) + ".", true
}

// predicate is what one keyword says a value is, as words that follow "is"
// or "must be": "greater than 0", "one of `a`, `b`". "" with ok means the
// keyword says nothing about the value (an annotation, exclusiveMinimum:
// false); ok is false for keywords with no such words.
func predicate(n *jsontree.Node, k string) (string, bool) {
	v := n.Get(k)
	num := func() (string, bool) { return v.Text, v.Is(jsontree.Number) }
	switch k {
	case "type":
		ts := schemawalk.Types(n)
		if len(ts) == 0 {
			return "", false
		}
		var words []string
		for _, t := range ts {
			words = append(words, typeWord(t))
		}
		return english.List(words, "or"), true
	case "const":
		return value(v), true
	case "enum":
		if !v.Is(jsontree.Array) || len(v.Items()) == 0 {
			return "", false
		}
		if len(v.Items()) == 1 {
			return value(v.Items()[0]), true
		}
		return "one of " + values(v.Items()), true
	case "minimum":
		x, ok := num()
		return "at least " + x, ok
	case "maximum":
		x, ok := num()
		return "at most " + x, ok
	case "exclusiveMinimum", "exclusiveMaximum":
		word, bound := "greater than ", "minimum"
		if k == "exclusiveMaximum" {
			word, bound = "less than ", "maximum"
		}
		if v.Is(jsontree.Number) {
			return word + v.Text, true
		}
		// Draft 4: a boolean that makes the sibling bound exclusive.
		if v.Is(jsontree.Bool) && !v.Bool {
			return "", true
		}
		if b := n.Get(bound); v.Is(jsontree.Bool) && b.Is(jsontree.Number) {
			return word + b.Text, true
		}
		return "", false
	case "multipleOf":
		x, ok := num()
		return "a multiple of " + x, ok
	case "minLength":
		if v.Is(jsontree.Number) && v.Text == "1" {
			return "not empty", true
		}
		x, ok := num()
		return "at least " + x + " characters long", ok
	case "maxLength":
		x, ok := num()
		return "at most " + x + " characters long", ok
	case "pattern":
		return "matching the pattern " + code(v.Text), v.Is(jsontree.String)
	case "format":
		return "formatted as " + code(v.Text), v.Is(jsontree.String)
	case "minItems":
		return countPhrase("at least", v, "item")
	case "maxItems":
		return countPhrase("at most", v, "item")
	case "minProperties":
		return countPhrase("at least", v, "property")
	case "maxProperties":
		return countPhrase("at most", v, "property")
	}
	if isOneOf(k, annotationKeys) {
		return "", true
	}
	return "", false
}

// predicates says what a whole schema accepts, as predicate phrases, when
// every keyword of it has words: {"type":"number","exclusiveMinimum":10000}
// is ["greater than 10000"]. A type is left out when another keyword
// implies it. None, with ok, means the schema accepts anything.
func predicates(s *jsontree.Node) ([]string, bool) {
	if s.Is(jsontree.Bool) {
		return nil, s.Bool
	}
	if !s.Is(jsontree.Object) {
		return nil, false
	}
	var parts []string
	typ := ""
	for _, k := range s.Keys() {
		p, ok := predicate(s, k)
		if !ok {
			return nil, false
		}
		switch {
		case p == "":
		case k == "type":
			typ = p
		default:
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 && typ != "" {
		return []string{typ}, true
	}
	return parts, true
}

// must turns predicate phrases into what follows a subject and "must":
// "be greater than 0", "have at least 2 items", "match the pattern `x`",
// "not be empty".
func must(parts []string) string {
	return "must " + english.List(inflect(parts, "have ", "match ", "be ", "not be "), "and")
}

// is turns predicate phrases into what follows a subject in a condition:
// "is greater than 0", "has at least 2 items", "matches the pattern `x`".
func is(parts []string) string {
	return english.List(inflect(parts, "has ", "matches ", "is ", "is not "), "and")
}

// inflect gives each predicate phrase ("with …", "matching …", "not …", or a
// plain adjective phrase) the verb a sentence form needs.
func inflect(parts []string, have, match, be, notBe string) []string {
	forms := make([]string, len(parts))
	for i, p := range parts {
		switch {
		case strings.HasPrefix(p, "with "):
			forms[i] = have + p[len("with "):]
		case strings.HasPrefix(p, "matching "):
			forms[i] = match + p[len("matching "):]
		case strings.HasPrefix(p, "not "):
			forms[i] = notBe + p[len("not "):]
		default:
			forms[i] = be + p
		}
	}
	return forms
}

// conditional writes if/then/else as one sentence when the condition and
// both outcomes have words: "If `amount` is greater than 10000,
// `compliance_approval_code` is required."
func conditional(n *jsontree.Node, keys []string) (string, bool) {
	cond, ok := condition(n.Get("if"))
	if !ok {
		return "", false
	}
	var out []string
	if contains(keys, "then") {
		then, ok := outcome(n.Get("then"))
		if !ok {
			return "", false
		}
		if then != "" {
			out = append(out, "If "+cond+", "+then+".")
		}
	}
	if contains(keys, "else") {
		els, ok := outcome(n.Get("else"))
		if !ok {
			return "", false
		}
		if els != "" {
			out = append(out, "If not, "+els+".")
		}
	}
	return strings.Join(out, " "), true
}

// condition is an if schema in words: each property it tests, and each
// property it requires without testing.
func condition(s *jsontree.Node) (string, bool) {
	if !s.Is(jsontree.Object) {
		return "", false
	}
	var parts []string
	tested := map[string]bool{}
	for _, k := range s.Keys() {
		switch k {
		case "type", "required":
		case "properties":
			for _, m := range s.Get(k).Members() {
				p, ok := predicates(m.Value)
				if !ok {
					return "", false
				}
				if len(p) > 0 {
					parts = append(parts, code(m.Key)+" "+is(p))
					tested[m.Key] = true
				}
			}
		default:
			if !isOneOf(k, annotationKeys) {
				return "", false
			}
		}
	}
	for _, r := range s.Get("required").Strings() {
		if !tested[r] {
			parts = append(parts, code(r)+" is given")
		}
	}
	if len(parts) == 0 {
		return "", false
	}
	return english.List(parts, "and"), true
}

// outcome is a then or else schema in words: what becomes required, and
// what properties must then be.
func outcome(s *jsontree.Node) (string, bool) {
	if s.Is(jsontree.Bool) && s.Bool {
		return "", true
	}
	if !s.Is(jsontree.Object) {
		return "", false
	}
	var parts []string
	for _, k := range s.Keys() {
		switch k {
		case "type":
		case "required":
			if names := s.Get(k).Strings(); len(names) > 0 {
				parts = append(parts, requiredPhrase(names))
			}
		case "properties":
			for _, m := range s.Get(k).Members() {
				p, ok := predicates(m.Value)
				if !ok {
					return "", false
				}
				if len(p) > 0 {
					parts = append(parts, code(m.Key)+" "+must(p))
				}
			}
		default:
			if !isOneOf(k, annotationKeys) {
				return "", false
			}
		}
	}
	return english.List(parts, "and"), true
}

// requiredPhrase: "`a` is required", "`a` and `b` are required".
func requiredPhrase(names []string) string {
	coded := make([]string, len(names))
	for i, n := range names {
		coded[i] = code(n)
	}
	if len(coded) == 1 {
		return coded[0] + " is required"
	}
	return english.List(coded, "and") + " are required"
}

func countPhrase(bound string, v *jsontree.Node, noun string) (string, bool) {
	if !v.Is(jsontree.Number) {
		return "", false
	}
	plural := noun + "s"
	if noun == "property" {
		plural = "properties"
	}
	if v.Text == "1" {
		plural = noun
	}
	return "with " + bound + " " + v.Text + " " + plural, true
}

func typeWord(t string) string {
	switch t {
	case "null":
		return "null"
	case "integer", "object", "array":
		return "an " + t
	}
	return "a " + t
}

// value writes one JSON value for prose: a string as its text, anything else
// as JSON, in backticks.
func value(v *jsontree.Node) string {
	if v.Is(jsontree.String) && v.Text == "" {
		return "an empty string"
	}
	if v.Is(jsontree.String) {
		return code(v.Text)
	}
	return code(compact(v))
}

func values(items []*jsontree.Node) string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = value(it)
	}
	return strings.Join(out, ", ")
}

// code puts text in backticks, with enough of them that a backtick inside
// does not end the span (CommonMark code spans).
func code(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

func capitalise(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
