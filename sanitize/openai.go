package sanitize

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// openAIShapes adds what OpenAI's meta-validation demands even without
// strict mode: `array schema missing items` (mark3labs/mcphost#35,
// sigoden/aichat#1049) and `object schema missing properties`
// (github/github-mcp-server#1548, where the fix was `"properties": {}`).
func openAIShapes(s *session, root *jsontree.Node) *jsontree.Node {
	return rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		addMissingItems(s, n, at)
		if n.Is(jsontree.Object) && schemawalk.HasType(n, "object") && !n.Has("properties") {
			n.Set("properties", obj())
			s.note(at.ptr(), "add-properties", false, "added \"properties\": {} to an object schema")
		}
		return n
	}, nil)
}

// addMissingItems gives an array schema without items an `items: {}`, as
// opencode's sanitizeGemini does for Gemini (`items: missing field`,
// cline/cline#7339); {} accepts every item the missing keyword did.
func addMissingItems(s *session, n *jsontree.Node, at place) {
	if n.Is(jsontree.Object) && schemawalk.HasType(n, "array") && !n.Has("items") && !n.Has("prefixItems") {
		n.Set("items", obj())
		s.note(at.ptr(), "add-items", false, "added \"items\": {} to an array schema")
	}
}

// openAIStrictKeywords is the Structured Outputs subset (OpenAI guide
// §Supported schemas): everything else is rejected in strict mode.
var openAIStrictKeywords = []string{
	"type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf",
	"$defs", "definitions", "$ref", "description", "title", "default",
	"pattern", "format", "minLength", "maxLength",
	"multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "minItems", "maxItems",
}

// openAIStrictFormats are the string formats strict mode supports.
var openAIStrictFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}

// openAIStrict applies openai-python `_ensure_strict_json_schema` and
// openai-agents-python `ensure_strict_json_schema` to every subschema,
// $defs included.
func openAIStrict(s *session, root *jsontree.Node) *jsontree.Node {
	pre := func(n *jsontree.Node, at place) *jsontree.Node {
		if n.Is(jsontree.Object) {
			mergeCombinators(s, n, at)
			dropOutside(s, n, at, openAIStrictKeywords, nil, "strict mode does not support it")
			// An object node closed beside object branches would reject
			// every branch's properties; the branches carry them instead.
			if schemawalk.IsObjectSchema(n) && n.Has("anyOf") {
				n = distributeIntoAnyOf(s, n, at, annotationKeys)
			}
			addMissingItems(s, n, at)
		}
		return n
	}
	post := func(n *jsontree.Node, at place) *jsontree.Node {
		if at.via == "additionalProperties" && n.Is(jsontree.Bool) {
			return n
		}
		if n.Is(jsontree.Bool) {
			if !n.Bool {
				return n
			}
			s.note(at.ptr(), "strict-empty-object", true, "true accepted any value; strict mode has no schema for that, so it became an empty object (openai-agents ensure_strict_json_schema)")
			return strictEmptyObject(nil)
		}
		if d := n.Get("default"); d.Is(jsontree.Null) {
			n.Delete("default")
			s.note(jsontree.Append(at.ptr(), "default"), "drop-default-null", false, "removed default: null (openai-python _ensure_strict_json_schema)")
		}
		if f := n.Get("format"); f != nil && !(f.Is(jsontree.String) && isOneOf(f.Text, openAIStrictFormats)) {
			moveToDescription(s, n, at, []string{"format"}, "strict mode does not support this format")
		}
		dropOutside(s, n, at, openAIStrictKeywords, nil, "strict mode does not support it")
		if isAnySchema(n) && at.via != "additionalProperties" {
			s.note(at.ptr(), "strict-empty-object", true, "a schema accepting any value became an empty object: strict mode needs a type (openai-agents ensure_strict_json_schema)")
			return strictEmptyObject(n)
		}
		if schemawalk.IsObjectSchema(n) {
			strictObject(s, n, at)
		}
		return n
	}
	return rewrite(root, rootPlace(), pre, post)
}

// mergeCombinators rewrites oneOf as anyOf ("oneOf is not supported by
// OpenAI's structured outputs in nested contexts", openai-agents
// strict_schema.py) and merges allOf into its node (openai-python merges a
// single-element allOf; several are merged the same way when they agree).
func mergeCombinators(s *session, n *jsontree.Node, at place) {
	if one := n.Get("oneOf"); one.Is(jsontree.Array) {
		if n.Has("anyOf") {
			moveToDescription(s, n, at, []string{"oneOf"}, "the provider has no oneOf, and anyOf is already taken")
		} else {
			n.Delete("oneOf")
			n.Set("anyOf", one)
			s.note(jsontree.Append(at.ptr(), "oneOf"), "oneof-to-anyof", true, "oneOf became anyOf: a value matching several branches is no longer rejected")
		}
	}
	all := n.Get("allOf")
	if !all.Is(jsontree.Array) {
		return
	}
	n.Delete("allOf")
	for i, b := range all.Items() {
		if !b.Is(jsontree.Object) {
			continue
		}
		if conflicts := merge(n, b); len(conflicts) > 0 {
			s.note(jsontree.AppendIndex(jsontree.Append(at.ptr(), "allOf"), i), "merge-allof", true, "merged allOf branch %d; conflicting keywords dropped: %s", i, strings.Join(conflicts, ", "))
			continue
		}
		s.note(jsontree.AppendIndex(jsontree.Append(at.ptr(), "allOf"), i), "merge-allof", false, "merged allOf branch %d into its schema", i)
	}
}

// strictObject closes an object and requires every property; a property
// that was optional becomes nullable, the form OpenAI documents for optional
// fields (`type: [T, "null"]`), so the model sends null instead of omitting it.
func strictObject(s *session, n *jsontree.Node, at place) {
	if !n.Has("type") {
		n.Set("type", str("object"))
	}
	props := n.Get("properties")
	if !props.Is(jsontree.Object) {
		props = obj()
		n.Set("properties", props)
		s.note(at.ptr(), "add-properties", false, "added \"properties\": {} (openai-agents-python PR #454)")
	}
	switch ap := n.Get("additionalProperties"); {
	case ap == nil:
		s.note(at.ptr(), "close-object", false, "added additionalProperties: false")
	case ap.Is(jsontree.Bool) && !ap.Bool:
	default:
		s.note(jsontree.Append(at.ptr(), "additionalProperties"), "close-object", true, "additionalProperties %s became false: strict mode forbids extra properties", compact(ap))
	}
	n.Set("additionalProperties", boolean(false))
	kept := props.Members()[:0]
	for _, m := range props.Members() {
		if m.Value.Is(jsontree.Bool) && !m.Value.Bool {
			s.note(jsontree.Append(jsontree.Append(at.ptr(), "properties"), m.Key), "drop-property", false, "removed a property that could never be present; additionalProperties: false forbids it")
			continue
		}
		kept = append(kept, m)
	}
	props.SetMembers(kept)
	required := n.Get("required").Strings()
	for i := range props.Members() {
		m := &props.Members()[i]
		if contains(required, m.Key) {
			continue
		}
		if !isNullable(m.Value) {
			m.Value = nullable(m.Value)
		}
		s.note(jsontree.Append(jsontree.Append(at.ptr(), "properties"), m.Key), "require-nullable", false, "optional property is now required and accepts null: the model sends null where it would omit it")
	}
	n.Set("required", strs(props.Keys()))
}

// strictEmptyObject is openai-agents' replacement for {}: the only schema
// strict mode accepts that has no properties. from keeps its description.
func strictEmptyObject(from *jsontree.Node) *jsontree.Node {
	n := obj()
	if d := from.Get("description"); d != nil {
		n.Set("description", d)
	}
	n.Set("additionalProperties", boolean(false))
	n.Set("type", str("object"))
	n.Set("properties", obj())
	n.Set("required", arr())
	return n
}

// isAnySchema reports a schema that says nothing about the value's shape.
func isAnySchema(n *jsontree.Node) bool {
	for _, k := range n.Keys() {
		if !isOneOf(k, annotationKeys) {
			return false
		}
	}
	return true
}

func isNullable(n *jsontree.Node) bool {
	if !n.Is(jsontree.Object) {
		return false
	}
	if e := n.Get("enum"); e.Is(jsontree.Array) {
		for _, it := range e.Items() {
			if it.Is(jsontree.Null) {
				return true
			}
		}
		return false
	}
	if n.Has("const") {
		return n.Get("const").Is(jsontree.Null)
	}
	if n.Has("type") {
		return schemawalk.HasType(n, "null")
	}
	if any := n.Get("anyOf"); any.Is(jsontree.Array) {
		for _, b := range any.Items() {
			if isNullable(b) {
				return true
			}
		}
	}
	return false
}

// nullable returns n accepting null too: "null" added to its type, or n
// wrapped in anyOf with {"type":"null"} when it has no plain type to extend.
func nullable(n *jsontree.Node) *jsontree.Node {
	if n.Is(jsontree.Object) && n.Has("type") && !n.Has("enum") && !n.Has("const") && !n.Has("anyOf") {
		n.Set("type", strs(append(schemawalk.Types(n), "null")))
		return n
	}
	if n.Is(jsontree.Object) && n.Get("anyOf").Is(jsontree.Array) && len(n.Members()) == 1 {
		any := n.Get("anyOf")
		any.SetItems(append(any.Items(), typed("null")))
		return n
	}
	w := obj()
	w.Set("anyOf", arr(n, typed("null")))
	return w
}

// moveToDescription drops keys from n and writes them into its description,
// as the Anthropic SDK's transform_schema does, but as English sentences
// (clauses) rather than its "{key: value}", so the model still reads them.
func moveToDescription(s *session, n *jsontree.Node, at place, keys []string, why string) {
	if len(keys) == 0 {
		return
	}
	var constraints []string
	for _, k := range keys {
		if !isOneOf(k, []string{"$schema", "$id", "$comment", "description"}) {
			constraints = append(constraints, k)
		}
	}
	note := clauses(n, constraints)
	for _, k := range keys {
		lost := !isOneOf(k, []string{"$schema", "$id", "$comment"})
		s.note(jsontree.Append(at.ptr(), k), "drop-keyword", lost, "removed %s %s: %s", k, compact(n.Get(k)), why)
		n.Delete(k)
	}
	if note != "" {
		appendNote(n, note)
	}
}

// dropOutside moves every keyword of n outside allowed (and not in later,
// which a later step converts) into the description. Run before a node's
// children are visited, it spares rewriting subschemas that are dropped.
func dropOutside(s *session, n *jsontree.Node, at place, allowed, later []string, why string) {
	var drop []string
	for _, k := range n.Keys() {
		if !isOneOf(k, allowed) && !isOneOf(k, later) && !contains(drop, k) {
			drop = append(drop, k)
		}
	}
	moveToDescription(s, n, at, drop, why)
}
