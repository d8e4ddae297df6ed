package sanitize

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// geminiKeywords is the Schema proto's field list (Gemini API v1beta
// ISchema, @google-ai/generativelanguage 3.7.0); the API answers any other
// key with `Unknown name "X" ... Cannot find field` (router-for-me/CLIProxyAPI#97).
var geminiKeywords = []string{
	"anyOf", "default", "description", "enum", "example", "format", "items", "maximum", "maxItems",
	"maxLength", "maxProperties", "minimum", "minItems", "minLength", "minProperties", "nullable",
	"pattern", "properties", "propertyOrdering", "required", "title", "type",
}

// geminiBooleans replaces boolean subschemas, which have no proto form
// (the Vercel AI SDK maps them to {type:"boolean"}, which changes the
// meaning; we use {} and report what false meant).
func geminiBooleans(s *session, root *jsontree.Node) *jsontree.Node {
	return rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		if props := n.Get("properties"); props.Is(jsontree.Object) {
			kept := props.Members()[:0]
			for _, m := range props.Members() {
				if m.Value.Is(jsontree.Bool) && !m.Value.Bool {
					s.note(jsontree.Append(jsontree.Append(at.ptr(), "properties"), m.Key), "drop-property", true, "removed property schema false: Gemini cannot forbid one property")
					continue
				}
				kept = append(kept, m)
			}
			props.SetMembers(kept)
		}
		// The allowlist step drops these two keywords, saying what is lost.
		if !n.Is(jsontree.Bool) || at.via == "additionalProperties" || at.via == "unevaluatedProperties" {
			return n
		}
		if n.Bool {
			s.note(at.ptr(), "boolean-schema", false, "true became {}")
		} else {
			s.note(at.ptr(), "boolean-schema", true, "false (nothing valid) became {} (anything valid): Gemini has no schema that rejects every value")
		}
		return obj()
	}, nil)
}

// geminiOpenAPI rewrites every subschema into the OpenAPI 3.0 subset of
// Gemini's `parameters` field. allOf is merged and oneOf becomes anyOf
// before the children are visited (the proto has neither, mapbox/
// mcp-server#68; google-genai and the Vercel AI SDK keep anyOf only), so the
// merged node is rewritten as a whole; the rest runs children first so a
// node's rewrite sees finished subschemas.
func geminiOpenAPI(s *session, root *jsontree.Node) *jsontree.Node {
	pre := func(n *jsontree.Node, at place) *jsontree.Node {
		if n.Is(jsontree.Object) {
			mergeCombinators(s, n, at)
			geminiAllowlist(s, n, at, []string{"const"})
		}
		return n
	}
	return rewrite(root, rootPlace(), pre, func(n *jsontree.Node, at place) *jsontree.Node {
		if !n.Is(jsontree.Object) {
			return n
		}
		geminiConst(s, n, at)
		geminiTypeArray(s, n, at)
		n = geminiNullBranches(s, n, at)
		geminiEnum(s, n, at)
		geminiObjectKeywords(s, n, at)
		addMissingItems(s, n, at)
		geminiAllowlist(s, n, at, nil)
		return geminiAnyOfSiblings(s, n, at)
	})
}

// geminiConst turns const into a one-value enum, as the Vercel AI SDK's
// convert-json-schema-to-openapi-schema.ts does.
func geminiConst(s *session, n *jsontree.Node, at place) {
	c := n.Get("const")
	if c == nil {
		return
	}
	n.Delete("const")
	if !n.Has("enum") {
		n.Set("enum", arr(c))
	}
	s.note(jsontree.Append(at.ptr(), "const"), "const-to-enum", false, "const %s became a one-value enum", compact(c))
}

// geminiTypeArray: the proto's type is one value (`Proto field is not
// repeating, cannot start list`, prism-php/prism#974). [T,"null"] becomes
// T with nullable:true (Vercel AI SDK); several types become anyOf.
func geminiTypeArray(s *session, n *jsontree.Node, at place) {
	t := n.Get("type")
	if !t.Is(jsontree.Array) {
		return
	}
	all := t.Strings()
	var rest []string
	null := false
	for _, x := range all {
		if x == "null" {
			null = true
		} else if !contains(rest, x) {
			rest = append(rest, x)
		}
	}
	switch {
	case len(rest) == 0:
		n.Set("type", str("null"))
	case len(rest) == 1:
		n.Set("type", str(rest[0]))
	default:
		n.Delete("type")
		branches := arr()
		for _, x := range rest {
			branches.SetItems(append(branches.Items(), typed(x)))
		}
		n.Set("anyOf", branches)
	}
	if null && len(rest) > 0 {
		n.Set("nullable", boolean(true))
	}
	s.note(jsontree.Append(at.ptr(), "type"), "type-array", false, "type %s became %s", compact(t), describeType(n))
}

func describeType(n *jsontree.Node) string {
	var parts []string
	if t := n.Get("type"); t != nil {
		parts = append(parts, "type "+compact(t))
	}
	if a := n.Get("anyOf"); a != nil {
		parts = append(parts, "anyOf "+compact(a))
	}
	if n.Has("nullable") {
		parts = append(parts, "nullable: true")
	}
	return strings.Join(parts, " with ")
}

// geminiNullBranches removes {"type":"null"} branches of anyOf and sets
// nullable instead (google-genai process_schema, litellm
// convert_anyof_null_to_nullable); one remaining branch is merged into the
// node as the Vercel AI SDK does.
func geminiNullBranches(s *session, n *jsontree.Node, at place) *jsontree.Node {
	any := n.Get("anyOf")
	if !any.Is(jsontree.Array) {
		return n
	}
	kept := any.Items()[:0]
	null := false
	for _, b := range any.Items() {
		if schemawalk.HasType(b, "null") && len(schemawalk.Types(b)) == 1 && !b.Has("enum") {
			null = true
			continue
		}
		kept = append(kept, b)
	}
	if !null {
		return n
	}
	if len(kept) == 0 {
		n.Delete("anyOf")
		n.Set("type", str("null"))
		s.note(jsontree.Append(at.ptr(), "anyOf"), "null-branch", false, "an anyOf of only null became type null")
		return n
	}
	any.SetItems(kept)
	s.note(jsontree.Append(at.ptr(), "anyOf"), "null-branch", false, "the null branch of anyOf became nullable: true")
	n.Set("nullable", boolean(true))
	if len(kept) == 1 && kept[0].Is(jsontree.Object) {
		merged := n.Clone()
		merged.Delete("anyOf")
		if len(merge(merged, kept[0])) == 0 {
			return merged
		}
	}
	return n
}

// geminiEnum: the proto's enum is string[] (`Invalid value at '...enum[0]'
// (TYPE_STRING), true`, anomalyco/opencode#2687) and rejects "" (`enum[0]:
// cannot be empty`, weave-os/router#1091; litellm _fix_enum_empty_strings).
// opencode stringifies the values and retypes integer properties as string;
// that makes the model send "1" to a server that validates 1, so for a
// non-string type we move the values into the description instead.
func geminiEnum(s *session, n *jsontree.Node, at place) {
	e := n.Get("enum")
	if !e.Is(jsontree.Array) {
		return
	}
	ptr := jsontree.Append(at.ptr(), "enum")
	if t := schemawalk.Types(n); (len(t) > 0 && !contains(t, "string")) || (len(t) == 0 && hasNonString(e)) {
		moveToDescription(s, n, at, []string{"enum"}, "Gemini enums hold non-empty strings only, and these values are not all strings")
		return
	}
	out := arr()
	for _, v := range e.Items() {
		switch {
		case v.Is(jsontree.String) && v.Text == "":
			s.note(ptr, "drop-enum-value", true, "removed the empty string from enum: Gemini rejects it")
		case v.Is(jsontree.String):
			out.SetItems(append(out.Items(), v))
		case v.Is(jsontree.Null):
			n.Set("nullable", boolean(true))
			s.note(ptr, "enum-null", false, "null in enum became nullable: true")
		default:
			text := compact(v)
			if v.Is(jsontree.Number) || v.Is(jsontree.Bool) {
				text = strings.Trim(text, `"`)
			}
			out.SetItems(append(out.Items(), str(text)))
			s.note(ptr, "stringify-enum-value", false, "enum value %s became the string %q", compact(v), text)
		}
	}
	if len(out.Items()) == 0 {
		n.Delete("enum")
		s.note(ptr, "drop-keyword", true, "removed an enum left empty")
		return
	}
	n.Set("enum", out)
	if !n.Has("type") {
		n.Set("type", str("string"))
	}
}

// geminiObjectKeywords: properties and required are "only allowed for OBJECT
// type" (anomalyco/opencode#11889), required names must be defined
// (`property is not defined`, anomalyco/opencode#3140). litellm
// add_object_type types a node with properties as object; opencode strips
// properties/required from non-objects and filters required.
func geminiObjectKeywords(s *session, n *jsontree.Node, at place) {
	if !n.Has("properties") && !n.Has("required") {
		return
	}
	if !n.Has("type") && !n.Has("anyOf") {
		n.Set("type", str("object"))
		s.note(at.ptr(), "add-object-type", false, "added type object to a schema with properties")
	}
	if !schemawalk.HasType(n, "object") {
		for _, k := range []string{"properties", "required"} {
			if n.Has(k) {
				s.note(jsontree.Append(at.ptr(), k), "drop-keyword", true, "removed %s: Gemini allows it only on type object", k)
				n.Delete(k)
			}
		}
		return
	}
	req := n.Get("required")
	if req == nil {
		return
	}
	props := n.Get("properties")
	var kept []string
	for _, name := range req.Strings() {
		if props.Has(name) {
			if !contains(kept, name) {
				kept = append(kept, name)
			}
			continue
		}
		s.note(jsontree.Append(at.ptr(), "required"), "drop-required", true, "removed %q from required: it is not among the properties", name)
	}
	if len(kept) == 0 {
		n.Delete("required")
		return
	}
	n.Set("required", strs(kept))
}

// geminiAllowlist drops every key outside the proto (LangChain's old
// _function_utils logs "Key 'X' is not supported in schema, ignoring"); a
// constraint is written into the description so the model still reads it.
// exclusiveMinimum/Maximum also become minimum/maximum when those are free,
// which keeps every valid value valid (zed PR #29400 hit this keyword).
func geminiAllowlist(s *session, n *jsontree.Node, at place, later []string) {
	if !n.Is(jsontree.Object) {
		return
	}
	for _, pair := range [][2]string{{"exclusiveMinimum", "minimum"}, {"exclusiveMaximum", "maximum"}} {
		if v := n.Get(pair[0]); v.Is(jsontree.Number) && !n.Has(pair[1]) {
			n.Set(pair[1], v)
		}
	}
	dropOutside(s, n, at, geminiKeywords, later, "Gemini's parameters schema has no such field")
}

// geminiAnyOfSiblings: "Gemini API requires anyOf/oneOf to be the only field
// in a schema object" (anomalyco/opencode#14509; PR #14659 strips the
// siblings). We distribute them into every branch instead, which keeps
// their meaning; see distributeIntoAnyOf.
func geminiAnyOfSiblings(s *session, n *jsontree.Node, at place) *jsontree.Node {
	return distributeIntoAnyOf(s, n, at, nil)
}

// distributeIntoAnyOf moves the keywords beside anyOf (except those in keep)
// into every branch: A and (B or C) = (A and B) or (A and C). A default only
// goes to the branches whose type it fits; a keyword that contradicts a
// branch is lost for that branch and reported.
func distributeIntoAnyOf(s *session, n *jsontree.Node, at place, keep []string) *jsontree.Node {
	any := n.Get("anyOf")
	if !any.Is(jsontree.Array) {
		return n
	}
	out := obj()
	siblings := obj()
	for _, m := range n.Members() {
		switch {
		case m.Key == "anyOf", isOneOf(m.Key, keep):
			out.SetMembers(append(out.Members(), m))
		default:
			siblings.SetMembers(append(siblings.Members(), m))
		}
	}
	if len(siblings.Members()) == 0 {
		return n
	}
	for i, b := range any.Items() {
		if !b.Is(jsontree.Object) {
			continue
		}
		own := siblings.Clone()
		if d := own.Get("default"); d != nil && !valueFitsTypes(d, schemawalk.Types(b)) {
			own.Delete("default")
		}
		if conflicts := merge(b, own); len(conflicts) > 0 {
			s.note(jsontree.AppendIndex(jsontree.Append(at.ptr(), "anyOf"), i), "anyof-siblings", true, "these keywords beside anyOf contradict branch %d and were dropped from it: %s", i, strings.Join(conflicts, ", "))
		}
	}
	s.note(at.ptr(), "anyof-siblings", false, "moved %s into each anyOf branch", strings.Join(siblings.Keys(), ", "))
	return out
}

// geminiJSONSchemaKeywords is the documented parametersJsonSchema subset
// (Gemini structured-output docs as recorded by UnitVectorY-Labs/
// jsonschemaprofiles docs/GEMINI.md, plus anyOf/$ref/prefixItems from the
// Nov 2025 announcement).
var geminiJSONSchemaKeywords = []string{
	"type", "title", "description", "enum", "format", "minimum", "maximum", "items", "minItems", "maxItems",
	"prefixItems", "properties", "required", "propertyOrdering", "additionalProperties", "anyOf", "$ref", "$defs",
}

// geminiJSONSchemaReport keeps the schema: Gemini ignores keywords outside
// its subset ("Unsupported schema properties can be ignored"), so they are
// reported, not removed; the provider will not enforce them.
func geminiJSONSchemaReport(s *session, root *jsontree.Node) *jsontree.Node {
	return rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		for _, k := range n.Keys() {
			if !isOneOf(k, geminiJSONSchemaKeywords) && !isOneOf(k, annotationKeys) {
				s.note(jsontree.Append(at.ptr(), k), "unsupported-keyword", true, "kept %s, but Gemini ignores it: it will not be enforced", k)
			}
		}
		return n
	}, nil)
}

func hasNonString(e *jsontree.Node) bool {
	for _, v := range e.Items() {
		if !v.Is(jsontree.String) && !v.Is(jsontree.Null) {
			return true
		}
	}
	return false
}

// valueFitsTypes reports whether v is of one of the types (none: any type),
// so a default is only copied into the anyOf branches it belongs to.
func valueFitsTypes(v *jsontree.Node, ts []string) bool {
	if len(ts) == 0 {
		return true
	}
	kind := v.Kind.String()
	if v.Is(jsontree.Number) {
		if contains(ts, "number") {
			return true
		}
		f, _ := v.Float()
		return contains(ts, "integer") && f == float64(int64(f))
	}
	return contains(ts, kind)
}
