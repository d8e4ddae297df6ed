package schemacheck

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Meta-validation through the general validator is the most expensive step of
// lint (about 180 µs per schema of github-mcp-server). Nearly all real schemas
// use a handful of keywords in the plain way, so quickValid checks those
// keywords directly, the way the 2020-12 and draft-07 meta-schemas constrain
// them, and answers "certainly valid" or "not sure". Only "not sure" pays for
// the full meta-schema. FuzzQuickValid holds it to the official meta-schemas.

var simpleTypes = setOf("array", "boolean", "integer", "null", "number", "object", "string")

// quickValid reports whether schema is certainly valid under d's
// meta-schema; false means not sure.
func quickValid(schema *jsontree.Node, d Dialect) bool {
	if d != Draft2020 && d != Draft07 {
		return false
	}
	is2020 := d == Draft2020
	stack := []*jsontree.Node{schema}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Is(jsontree.Bool) {
			continue
		}
		if !n.Is(jsontree.Object) {
			return false
		}
		for _, m := range n.Members() {
			v := m.Value
			ok := true
			switch m.Key {
			case "type":
				ok = validType(v)
			case "properties", "definitions":
				ok, stack = pushSchemaMap(v, stack)
			case "$defs", "dependentSchemas", "patternProperties":
				// patternProperties keys are asserted regexes in draft-07.
				if is2020 {
					ok, stack = pushSchemaMap(v, stack)
				} else {
					ok = m.Key == "$defs" || m.Key == "dependentSchemas"
				}
			case "additionalProperties", "not", "if", "then", "else", "propertyNames", "contains":
				ok, stack = pushSchema(v, stack)
			case "unevaluatedProperties", "unevaluatedItems", "contentSchema":
				if is2020 {
					ok, stack = pushSchema(v, stack)
				}
			case "additionalItems":
				if !is2020 {
					ok, stack = pushSchema(v, stack)
				}
			case "items":
				if is2020 || !v.Is(jsontree.Array) {
					ok, stack = pushSchema(v, stack)
				} else {
					ok, stack = pushSchemaArray(v, stack)
				}
			case "allOf", "anyOf", "oneOf":
				ok, stack = pushSchemaArray(v, stack)
			case "prefixItems":
				if is2020 {
					ok, stack = pushSchemaArray(v, stack)
				}
			case "required":
				ok = uniqueStrings(v, 0)
			case "enum":
				if is2020 {
					ok = v.Is(jsontree.Array)
				} else {
					ok = uniqueStrings(v, 1) // draft-07 wants unique items; strings compare simply
				}
			case "examples":
				ok = v.Is(jsontree.Array)
			case "title", "description", "$comment", "format", "contentMediaType", "contentEncoding":
				ok = v.Is(jsontree.String)
			case "pattern":
				ok = is2020 && v.Is(jsontree.String) // draft-07 asserts format "regex"
			case "$schema":
				// draft-07 asserts format "uri"; a recognised dialect URI is one.
				_, err := dialectOfURI(v)
				ok = v.Is(jsontree.String) && (is2020 || err == nil)
			case "$ref":
				ok = v.Is(jsontree.String) && (is2020 || plainFragmentRef(v.Text))
			case "multipleOf":
				f, isNum := v.Float()
				ok = isNum && f > 0
			case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
				ok = v.Is(jsontree.Number)
			case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
				ok = digitsOnly(v)
			case "minContains", "maxContains":
				ok = !is2020 || digitsOnly(v)
			case "uniqueItems", "readOnly", "writeOnly":
				ok = v.Is(jsontree.Bool)
			case "deprecated":
				ok = !is2020 || v.Is(jsontree.Bool)
			case "$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$recursiveRef", "$recursiveAnchor",
				"dependencies", "dependentRequired":
				ok = false // rare, and constrained in ways not worth repeating here
			}
			if !ok {
				return false
			}
		}
	}
	return true
}

func isSchemaNode(n *jsontree.Node) bool { return n.Is(jsontree.Object) || n.Is(jsontree.Bool) }

func pushSchema(v *jsontree.Node, stack []*jsontree.Node) (bool, []*jsontree.Node) {
	if !isSchemaNode(v) {
		return false, stack
	}
	return true, append(stack, v)
}

func pushSchemaMap(v *jsontree.Node, stack []*jsontree.Node) (bool, []*jsontree.Node) {
	if !v.Is(jsontree.Object) {
		return false, stack
	}
	for _, m := range v.Members() {
		if !isSchemaNode(m.Value) {
			return false, stack
		}
		stack = append(stack, m.Value)
	}
	return true, stack
}

// pushSchemaArray accepts a non-empty array of schemas.
func pushSchemaArray(v *jsontree.Node, stack []*jsontree.Node) (bool, []*jsontree.Node) {
	if !v.Is(jsontree.Array) || len(v.Items()) == 0 {
		return false, stack
	}
	for _, it := range v.Items() {
		if !isSchemaNode(it) {
			return false, stack
		}
		stack = append(stack, it)
	}
	return true, stack
}

func validType(v *jsontree.Node) bool {
	if v.Is(jsontree.String) {
		return simpleTypes[v.Text]
	}
	if !uniqueStrings(v, 1) {
		return false
	}
	for _, it := range v.Items() {
		if !simpleTypes[it.Text] {
			return false
		}
	}
	return true
}

// uniqueStrings accepts an array of at least min distinct strings.
func uniqueStrings(v *jsontree.Node, min int) bool {
	if !v.Is(jsontree.Array) || len(v.Items()) < min {
		return false
	}
	seen := map[string]bool{}
	for _, it := range v.Items() {
		if !it.Is(jsontree.String) || seen[it.Text] {
			return false
		}
		seen[it.Text] = true
	}
	return true
}

// digitsOnly accepts a number literal that is certainly a non-negative integer.
func digitsOnly(v *jsontree.Node) bool {
	if !v.Is(jsontree.Number) || v.Text == "" {
		return false
	}
	for _, c := range v.Text {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// plainFragmentRef accepts "#" and "#/a/b" references made of characters
// that are certainly a valid uri-reference (draft-07 asserts the format).
func plainFragmentRef(ref string) bool {
	if !strings.HasPrefix(ref, "#") {
		return false
	}
	for _, c := range ref[1:] {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.ContainsRune("/_-.~$", c):
		default:
			return false
		}
	}
	return true
}
