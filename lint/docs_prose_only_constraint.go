package lint

import (
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var docsProseOnlyConstraint = register(&Rule{
	ID:       "docs/prose-only-constraint",
	Profile:  ProfileDocs,
	Severity: contract.Warning,
	Summary:  "a description states a rule the schema does not enforce",
	Help: "\"Required when amount is over 10000\", \"must be one of\", \"at most 140 characters\", " +
		"\"defaults to 30\", \"format: YYYY-MM-DD\": when a rule lives only in prose, nothing checks it. " +
		"The model may or may not follow it, the server has to re-validate by hand, and a change to it " +
		"is invisible to drift detection. JSON Schema has a keyword for each: if/then, dependentRequired " +
		"or oneOf for conditional requirements, required, enum/const, minimum/maximum, " +
		"minLength/maxLength, minItems/maxItems, default, format/pattern. The banking example " +
		"(examples/banking, after the article \"Improving tool-call reliability with JSON Schema " +
		"2020-12\") shows the same tool with its rules in prose (legacy.json) and in the schema " +
		"(strict.json). This rule reads each subschema's description and reports each stated rule whose " +
		"keyword is absent, naming the phrase and the keyword. Fix: add the keyword (keep the prose if " +
		"it helps the model), or run `sanitize` for providers that reject the keyword.",
	CheckTool: func(p *Pass) {
		for _, root := range []struct {
			node    *jsontree.Node
			pointer string
		}{{p.Tool.Input(), "/inputSchema"}, {p.Tool.Output(), "/outputSchema"}} {
			if !root.node.Is(jsontree.Object) {
				continue
			}
			each := p.eachInputSchema // walked once for this and the provider rules
			if root.pointer != "/inputSchema" {
				node, pointer := root.node, root.pointer
				each = func(fn func(schemawalk.Schema)) {
					schemawalk.Walk(node, pointer, func(s schemawalk.Schema) bool { fn(s); return true })
				}
			}
			// Two passes: the conditionals must all be known before any
			// description is judged.
			idx := indexConditionals(each)
			each(func(s schemawalk.Schema) {
				for _, c := range proseClaims(root.node, s, idx) {
					p.Report(s.Node, s.Pointer(), c.fix, "description states %q but the schema has no %s", c.phrase, c.missing)
				}
			})
		}
	},
})

// conditionals records which property names some conditional construct of a
// schema mentions, so prose such as "required when ..." can be checked
// against it wherever the construct sits (root if/then, oneOf branches in
// $defs, dependentRequired).
type conditionals struct {
	// required: names in a required array other than their own parent's.
	required map[string]bool
	// tested: names that an if schema constrains.
	tested map[string]bool
}

func indexConditionals(each func(func(schemawalk.Schema))) conditionals {
	idx := conditionals{required: map[string]bool{}, tested: map[string]bool{}}
	each(func(s schemawalk.Schema) {
		n := s.Node
		if !n.Is(jsontree.Object) {
			return
		}
		// A required array beside its own properties states unconditional
		// requirements, except inside a branch or an if/then/else.
		if s.Depth > 0 && (s.Via != "properties" && s.Via != "patternProperties" && s.Via != "additionalProperties" && s.Via != "items") {
			for _, name := range n.Get("required").Strings() {
				idx.required[name] = true
			}
		}
		if s.Via == "if" {
			for _, k := range n.Get("properties").Keys() {
				idx.tested[k] = true
			}
			for _, name := range n.Get("required").Strings() {
				idx.tested[name] = true
			}
		}
		for _, kw := range []string{"dependentRequired", "dependencies"} {
			for _, m := range objectMembers(n.Get(kw)) {
				if m.Value.Is(jsontree.Array) {
					idx.required[m.Key] = true
					for _, name := range m.Value.Strings() {
						idx.required[name] = true
					}
				}
			}
		}
		for _, m := range objectMembers(n.Get("dependentSchemas")) {
			idx.required[m.Key] = true
		}
	})
	return idx
}

func objectMembers(n *jsontree.Node) []jsontree.Member {
	if !n.Is(jsontree.Object) {
		return nil
	}
	return n.Members()
}

type proseClaim struct {
	phrase  string
	missing string
	fix     string
}

var (
	reConditionalRequired = newGuardedPattern(`(required|mandatory|needed|must be (provided|set|specified|given|supplied)) (when|if|unless|for|only if|only when|in case)\b[^.;\n]*`, "required", "mandatory", "needed", "must be").
				startingWith("required", "mandatory", "needed", "must")
	reThreshold = newGuardedPattern(`\b(over|above|greater than|more than|exceeding|larger than|under|below|less than) \$?[0-9][0-9,.]*( [a-z]+)? (need|needs|require|requires|must)\b[^.;\n]*`, "need", "require", "must").
		// The comparison and its number are rarer than the verb: without
		// them the regexp ran on thousands of texts of a catalog and matched none.
		alsoNeeding("over", "above", "greater", "more", "exceed", "larger", "under", "below", "less").
		alsoNeeding("0", "1", "2", "3", "4", "5", "6", "7", "8", "9").
		startingWith("over", "above", "greater", "more", "exceeding", "larger", "under", "below", "less")
	reRequired = rawGuardedPattern(`(^\s*\(?required\)?([.:,]|\s*$)|\(required\)|\bthis (field|parameter|argument) is required\b)`, "required")
	reOneOf    = newGuardedPattern(`(\b(must|should|can) be one of\b|\b(possible|allowed|valid|accepted|supported) values( are| is)?\s*:)[^.;\n]*`, "one of", "values").
			startingWith("must", "should", "can", "possible", "allowed", "valid", "accepted", "supported")
	reEither  = rawGuardedPattern(`^\s*either\s+['"`+"`"+`]?[\w-]+['"`+"`"+`]?\s+or\s+['"`+"`"+`]?[\w-]+['"`+"`"+`]?\s*\.?\s*$`, "either")
	reDefault = rawGuardedPattern(`(\bdefaults?\s+(to|is)\s+|\bdefault\s*[:=]\s*|\(default:?\s+)(`+"`[^`]{1,40}`"+`|'[^']{1,40}'|"[^"]{1,40}"|[^\s,;)]+)(.?)|\b(-?[0-9][0-9.]*|true|false|null)\s+\(default\)`, "default")
	reBetween = newGuardedPattern(`\bbetween (-?[0-9][0-9,]*(\.[0-9]+)?) and (-?[0-9][0-9,]*(\.[0-9]+)?)( [a-z]+)?`, "between").startingWith("between")
	reUpper   = newGuardedPattern(`(\b(at most|max(imum)?( of)?|up to|no more than|not (to )?exceed(ing)?|limited to)|<=|≤)\s*:?\s*(-?[0-9][0-9,]*(\.[0-9]+)?)( [a-z]+)?`, "at most", "max", "up to", "no more", "exceed", "limited", "<=", "≤").
			startingWith("at", "max", "up", "no", "not", "limited", "<=")
	reLower = newGuardedPattern(`(\b(at least|min(imum)?( of)?|no fewer than|no less than)|>=|≥)\s*:?\s*(-?[0-9][0-9,]*(\.[0-9]+)?)( [a-z]+)?`, "at least", "min", "no fewer", "no less", ">=", "≥").
		startingWith("at", "min", "no", ">=")
	// A date format counts when it is the value's format ("in YYYY-MM-DD
	// format", "(ISO 8601 timestamp)"), not one option among several ("text,
	// number, or YYYY-MM-DD date") or a qualifier inside a search query.
	reDateFormat = rawGuardedPattern(`(\b(in|format:?|formatted as|the format)\s+(YYYY-MM-DD(THH:MM(:SS)?Z?)?|ISO[ -]?8601|RFC[ -]?3339)\b|\((ISO[ -]?8601|RFC[ -]?3339)\b|\b(ISO[ -]?8601|RFC[ -]?3339|YYYY-MM-DD)\s+(format|timestamp|date|date-time|datetime|string)\b)`, "yyyy", "iso", "rfc").
			startingWith("in", "format", "the", "(", "iso", "rfc", "yyyy")
)

// defaultClaim returns the phrase stating a default value, if the value is a
// literal: a number, a boolean, a quoted string, or one bare word that ends
// the clause ("Defaults to open", "(default: page.pdf)"). "Defaults to the
// repository's default branch", "Default: Now" and "Defaults to 'owner'" (the
// value of another parameter) describe behaviour the keyword cannot hold.
func defaultClaim(text string, lower *folded, siblings *jsontree.Node) string {
	if !reDefault.mayMatch(lower) {
		return ""
	}
	for _, m := range reDefault.re().FindAllStringSubmatch(text, 4) {
		if m[5] != "" {
			return m[0]
		}
		value, after := m[3], m[4]
		switch {
		case strings.ContainsAny(value[:1], "'\"`"):
			if !siblings.Has(strings.Trim(value, "'\"`")) {
				return m[0]
			}
		case isLiteralWord(value):
			return m[0]
		default:
			// A bare word counts only when the clause ends with it.
			word := strings.TrimSuffix(value, ".")
			endsClause := after == "" || after == ")" || after == "," || after == ";" || word != value
			if endsClause && word != "" && !vagueDefaults[strings.ToLower(word)] {
				return m[0]
			}
		}
	}
	return ""
}

func isLiteralWord(v string) bool {
	v = strings.TrimSuffix(v, ".")
	switch strings.ToLower(v) {
	case "true", "false", "null":
		return true
	}
	_, err := strconv.ParseFloat(v, 64)
	return err == nil
}

var vagueDefaults = map[string]bool{"the": true, "a": true, "an": true, "your": true, "its": true, "this": true, "now": true,
	"latest": true, "current": true, "none": true, "empty": true, "all": true, "unset": true, "best": true, "off": true, "on": true, "used": true, "applied": true}

var lengthUnits = map[string]bool{"characters": true, "character": true, "chars": true, "letters": true, "bytes": true}

var itemUnits = map[string]bool{"items": true, "item": true, "entries": true, "elements": true, "values": true, "ids": true, "labels": true, "tags": true}

func proseClaims(root *jsontree.Node, s schemawalk.Schema, idx conditionals) []proseClaim {
	own := s.Node
	if !own.Is(jsontree.Object) {
		return nil
	}
	def := proseRefTarget(root, own)
	has := func(keys ...string) bool {
		for _, k := range keys {
			if own.Has(k) || def.Has(k) {
				return true
			}
		}
		return false
	}
	var claims []proseClaim
	add := func(phrase, missing, fix string) {
		phrase = strings.TrimLeft(strings.TrimRight(strings.Join(strings.Fields(phrase), " "), " ,;"), "(")
		claims = append(claims, proseClaim{phrase: phrase, missing: missing, fix: fix})
	}

	name, isProperty := "", s.Via == "properties" && s.Name != ""
	if isProperty {
		name = s.Name
	}
	// Requirements are about the property's name, so a description that came
	// with a $ref'd definition is read here too; value rules of a definition
	// are checked where the walk meets the definition itself.
	desc := own.Get("description")
	nameDesc := desc
	if !nameDesc.Is(jsontree.String) && isProperty {
		nameDesc = def.Get("description")
	}
	parentRequired := false
	if required := s.Parent.Get("required"); required.Is(jsontree.Array) {
		for _, r := range required.Items() {
			parentRequired = parentRequired || r.IsString(name)
		}
	}

	if isProperty && nameDesc.Is(jsontree.String) {
		text := nameDesc.Text
		foldedText := fold(text)
		lower := &foldedText
		switch m := reConditionalRequired.find(text, lower); {
		case m != "" && !parentRequired && !idx.required[name]:
			add(m, "if/then, dependentRequired or oneOf branch that requires "+name,
				"express the condition: if/then with required, dependentRequired, or oneOf branches")
		case m == "" && reRequired.find(text, lower) != "" && !parentRequired && !idx.required[name]:
			add(reRequired.find(text, lower), "\"required\" entry for "+name, "add the property to its object's required array")
		}
		if m := reThreshold.find(text, lower); m != "" && !idx.tested[name] {
			add(m, "if/then testing "+name, "add an if schema on this property's value with then: required")
		}
	}

	if !desc.Is(jsontree.String) {
		return claims
	}
	text := desc.Text
	foldedText := fold(text)
	lower := &foldedText
	typ := proseSchemaType(own, def)

	if typ != "boolean" && !has("enum", "const") && !constBranches(own) && !(typ == "array" && itemsPinValues(own.Get("items"))) {
		if m := reOneOf.find(text, lower); m != "" {
			add(m, "enum or const", "list the values in enum (or const for a single value)")
		} else if reEither.find(text, lower) != "" {
			add(text, "enum or const", "list the values in enum")
		}
	}
	if m := defaultClaim(text, lower, s.Parent.Get("properties")); m != "" && !has("default") {
		add(m, "default", "declare the value in default")
	}
	if m := reDateFormat.find(text, lower); m != "" && (typ == "string" || typ == "") && !has("format", "pattern") {
		add(m, "format or pattern", "add format (date, date-time) or a pattern")
	}
	boundClaims(text, lower, typ, has, add)
	return claims
}

// boundClaims maps "at most N", "min N", "between N and M" to the keyword the
// schema's type needs: maxLength for strings counted in characters, maxItems
// for arrays, maximum for numbers.
func boundClaims(text string, lower *folded, typ string, has func(...string) bool, add func(phrase, missing, fix string)) {
	keyword := func(upper bool, unit string) string {
		switch {
		case typ == "string" && lengthUnits[unit]:
			return upperOrLower(upper, "maxLength", "minLength")
		case typ == "array" && (unit == "" || itemUnits[unit]):
			return upperOrLower(upper, "maxItems", "minItems")
		case (typ == "number" || typ == "integer") && !lengthUnits[unit]:
			return upperOrLower(upper, "maximum", "minimum")
		}
		return ""
	}
	check := func(phrase, kw string) {
		if kw != "" && !has(kw) && (exclusiveBound[kw] == "" || !has(exclusiveBound[kw])) {
			add(phrase, kw, "add "+kw)
		}
	}
	if m := reBetween.submatch(text, lower); m != nil {
		unit := strings.ToLower(strings.TrimSpace(m[5]))
		check(m[0], keyword(false, unit))
		check(m[0], keyword(true, unit))
	}
	if m := reUpper.submatch(text, lower); m != nil {
		check(m[0], keyword(true, strings.ToLower(strings.TrimSpace(m[len(m)-1]))))
	}
	if m := reLower.submatch(text, lower); m != nil {
		check(m[0], keyword(false, strings.ToLower(strings.TrimSpace(m[len(m)-1]))))
	}
}

var exclusiveBound = map[string]string{"maximum": "exclusiveMaximum", "minimum": "exclusiveMinimum"}

func upperOrLower(upper bool, a, b string) string {
	if upper {
		return a
	}
	return b
}

// proseSchemaType is the single non-null type of a schema (looking through a
// local $ref), or "" when absent or ambiguous.
func proseSchemaType(own, def *jsontree.Node) string {
	types := schemawalk.Types(own)
	if types == nil {
		types = schemawalk.Types(def)
	}
	kind := ""
	for _, t := range types {
		if t == "null" {
			continue
		}
		if kind != "" {
			return ""
		}
		kind = t
	}
	return kind
}

// constBranches accepts anyOf/oneOf whose branches each pin values with
// const or enum, the 2020-12 way of documenting each value.
func constBranches(n *jsontree.Node) bool {
	for _, kw := range []string{"oneOf", "anyOf"} {
		items := n.Get(kw)
		if !items.Is(jsontree.Array) || len(items.Items()) == 0 {
			continue
		}
		all := true
		for _, b := range items.Items() {
			if !b.Has("const") && !b.Has("enum") && !schemawalk.HasType(b, "null") {
				all = false
			}
		}
		if all {
			return true
		}
	}
	return false
}

func itemsPinValues(items *jsontree.Node) bool {
	return items.Has("enum") || items.Has("const") || constBranches(items)
}

// proseRefTarget follows a "#/..." $ref within the same schema document a
// few hops, enough for definitions that point at definitions, bounded so a
// cycle cannot loop.
func proseRefTarget(root, n *jsontree.Node) *jsontree.Node {
	var target *jsontree.Node
	for hop := 0; hop < 8; hop++ {
		ref := n.Get("$ref")
		if !ref.Is(jsontree.String) || !strings.HasPrefix(ref.Text, "#") {
			break
		}
		next, ok := root.Lookup(strings.TrimPrefix(ref.Text, "#"))
		if !ok || !next.Is(jsontree.Object) {
			break
		}
		target, n = next, next
	}
	return target
}
