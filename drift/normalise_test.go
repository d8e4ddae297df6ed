package drift

import "testing"

// Rewrites real releases make without changing what a schema accepts are no
// change (issue 28); each pair is a shape seen in a real generator's output.
func TestEquivalentRewritesAreNoChange(t *testing.T) {
	const d7 = `"$schema":"http://json-schema.org/draft-07/schema#",`
	const d2020 = `"$schema":"https://json-schema.org/draft/2020-12/schema",`
	cases := []struct{ name, old, new string }{
		// zod 3 (zod-to-json-schema) writes a string enum as enum; other
		// generators (pydantic for Literal unions, TypeBox) as anyOf/oneOf of consts.
		{"enum to anyOf of consts", `{"type":"object","properties":{"mode":{"type":"string","enum":["fast","slow"]}}}`,
			`{"type":"object","properties":{"mode":{"type":"string","anyOf":[{"const":"fast"},{"const":"slow"}]}}}`},
		{"oneOf of consts to enum", `{"type":"object","properties":{"mode":{"oneOf":[{"const":"fast","description":"quick"},{"const":"slow"}]}}}`,
			`{"type":"object","properties":{"mode":{"enum":["slow","fast"]}}}`},
		// zod 4's z.toJSONSchema emits 2020-12 where zod-to-json-schema emitted draft-07.
		{"draft-07 tuple to prefixItems", `{` + d7 + `"type":"object","properties":{"pt":{"type":"array","items":[{"type":"number"},{"type":"number"}],"additionalItems":false}}}`,
			`{` + d2020 + `"type":"object","properties":{"pt":{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}],"items":false}}}`},
		{"draft-07 definitions to $defs", `{` + d7 + `"type":"object","properties":{"a":{"$ref":"#/definitions/A"}},"definitions":{"A":{"type":"string"}}}`,
			`{` + d2020 + `"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string"}}}`},
		{"draft-07 dependencies split", `{` + d7 + `"type":"object","properties":{"a":{},"b":{}},"dependencies":{"a":["b"],"b":{"required":["a"]}}}`,
			`{` + d2020 + `"type":"object","properties":{"a":{},"b":{}},"dependentRequired":{"a":["b"]},"dependentSchemas":{"b":{"required":["a"]}}}`},
		// Open-object spellings.
		{"additionalProperties {} is open", `{"type":"object","properties":{"a":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{}}`},
		{"additionalProperties true is open", `{"type":"object","additionalProperties":true,"properties":{"a":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"}}}`},
		// Vacuous keywords added.
		{"vacuous keywords", `{"type":"object","properties":{"a":{"type":"string"},"xs":{"type":"array"}}}`,
			`{"type":"object","required":[],"propertyNames":{"type":"string"},"properties":{"a":{"type":"string","minLength":0,"pattern":""},"xs":{"type":"array","items":{},"minItems":0}}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectDrift(t, tool(c.old), tool(c.new))
			expectDrift(t, tool(c.new), tool(c.old))
			expectDrift(t, outTool(c.old), outTool(c.new))
		})
	}
}

// An equivalent spelling does not hide a real change beside it.
func TestEquivalentSpellingKeepsTheChange(t *testing.T) {
	expectDrift(t, tool(`{"type":"object","properties":{"mode":{"enum":["fast","slow"]}}}`),
		tool(`{"type":"object","properties":{"mode":{"anyOf":[{"const":"fast"}]}}}`),
		"drift/input-enum-value-removed /inputSchema/properties/mode/anyOf")
	expectDrift(t, tool(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"pt":{"type":"array","items":[{"type":"number"}]}}}`),
		tool(`{"type":"object","properties":{"pt":{"type":"array","prefixItems":[{"type":"integer"}]}}}`),
		"drift/input-type-narrowed /inputSchema/properties/pt/prefixItems/0/type")
}

// Union absorption: a tightened branch whose values a sibling still accepts.
func TestUnionAbsorption(t *testing.T) {
	// A GitHub token argument: the prefixed-token branch gains a pattern
	// while a plain string branch beside it still takes any token.
	old := `{"type":"object","properties":{"token":{"anyOf":[{"type":"string","minLength":1},{"type":"null"},{"type":"string"}]}}}`
	new := `{"type":"object","properties":{"token":{"anyOf":[{"type":"string","minLength":1,"pattern":"^gh[pousr]_"},{"type":"null"},{"type":"string"}]}}}`
	expectDrift(t, tool(old), tool(new))
	// Without the sibling, the tightening breaks.
	expectDrift(t, tool(`{"type":"object","properties":{"token":{"anyOf":[{"type":"string","minLength":1},{"type":"null"}]}}}`),
		tool(`{"type":"object","properties":{"token":{"anyOf":[{"type":"string","minLength":1,"pattern":"^gh[pousr]_"},{"type":"null"}]}}}`),
		"drift/input-constraint-tightened /inputSchema/properties/token/anyOf/0/pattern")
	// An object branch removed whose every value another branch accepts.
	expectDrift(t, tool(`{"type":"object","properties":{"p":{"anyOf":[{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]},{"type":"object"},{"type":"string"}]}}}`),
		tool(`{"type":"object","properties":{"p":{"anyOf":[{"type":"object"},{"type":"string"}]}}}`))
	// An output branch widened into what a sibling already returned.
	expectDrift(t, outTool(`{"type":"object","properties":{"v":{"anyOf":[{"type":"string","maxLength":8},{"type":"string"}]}}}`),
		outTool(`{"type":"object","properties":{"v":{"anyOf":[{"type":"string","maxLength":16},{"type":"string"}]}}}`))
}
