package drift

import (
	"strings"
	"testing"
)

func TestPropertiesCheck(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"input property removed", tool(`{"type":"object","properties":{"a":{"type":"string"},"b":{}}}`), tool(`{"type":"object","properties":{"a":{"type":"string"}}}`),
			[]string{"drift/input-property-removed /inputSchema/properties/b"}},
		{"optional input property added", tool(`{"type":"object","properties":{}}`), tool(`{"type":"object","properties":{"a":{"type":"string"}}}`),
			[]string{"drift/input-property-added /inputSchema/properties/a"}},
		{"nested in items", tool(`{"type":"object","properties":{"xs":{"type":"array","items":{"type":"object","properties":{"k":{}}}}}}`),
			tool(`{"type":"object","properties":{"xs":{"type":"array","items":{"type":"object","properties":{}}}}}`),
			[]string{"drift/input-property-removed /inputSchema/properties/xs/items/properties/k"}},
		{"output property removed", outTool(`{"type":"object","properties":{"id":{"type":"string"}}}`), outTool(`{"type":"object","properties":{}}`),
			[]string{"drift/output-property-removed /outputSchema/properties/id"}},
		{"output property added", outTool(`{"type":"object","properties":{}}`), outTool(`{"type":"object","properties":{"id":{"type":"string"}}}`),
			[]string{"drift/output-property-added /outputSchema/properties/id"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}

func TestRemovalPointsAtTheOldFile(t *testing.T) {
	fs := expectDrift(t, tool(`{"type":"object",
"properties":{"gone":{}}}`), tool(`{"type":"object","properties":{}}`), "drift/input-property-removed /inputSchema/properties/gone")
	if len(fs) == 1 && (fs[0].File != "old.json" || fs[0].Line != 2) {
		t.Errorf("removal located at %s:%d, want old.json:2", fs[0].File, fs[0].Line)
	}
}

// A dropped declaration is judged by what the new schema does to its key
// (issue 19): an input breaks when a value callers sent for it is rejected,
// an output when the key may now hold what it could not, or is no longer
// required. Dropped as the object opens up (closed to open), an input's
// declaration goes with the closed model; dropped from an object that stays
// open, the argument still passes and nothing reads it, which breaks by design.
func TestDroppedDeclarations(t *testing.T) {
	const props = `"properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a"]`
	closed := `{"type":"object",` + props + `,"additionalProperties":false}`
	open := `{"type":"object","additionalProperties":true}`
	onlyA := `"properties":{"a":{"type":"string"}},"required":["a"]`
	// The same shapes outside the decision's fragment (draft-06, which it
	// does not read, and a minLength declaration) go through the key-local
	// reading.
	const d7 = `"$schema":"http://json-schema.org/draft-06/schema#",`
	d7closed := `{` + d7 + `"type":"object","properties":{"a":{"type":"string","minLength":1},"b":{"type":"integer"}},"required":["a"],"additionalProperties":false}`
	d7open := `{` + d7 + `"type":"object","additionalProperties":true}`
	cases := []struct {
		name     string
		old, new string
		want     []string
		says     string // a message must contain it
	}{
		{"input opened up", tool(closed), tool(open),
			[]string{"drift/input-constraint-relaxed /inputSchema/additionalProperties"},
			`no longer declares "a" and "b", and still accepts every value they accepted`},
		{"input opened up, draft-06", tool(d7closed), tool(d7open),
			[]string{"drift/input-constraint-relaxed /inputSchema/additionalProperties"},
			`no longer declares "a" and "b"`},
		{"input closed down again", tool(open), tool(closed),
			[]string{"drift/input-additional-properties-closed /inputSchema/additionalProperties",
				"drift/input-property-added /inputSchema/properties/b", "drift/input-required-property-added /inputSchema/required/0"}, ""},
		{"output opened up", outTool(closed), outTool(open),
			[]string{"drift/output-constraint-relaxed /outputSchema/additionalProperties",
				"drift/output-property-removed /outputSchema/properties/a", "drift/output-property-removed /outputSchema/properties/b"},
			`"b" was removed and may now hold what the old schema ruled out (for example {"a":"s","b":"s"} now matches and did not before)`},
		{"output opened up, draft-06", outTool(d7closed), outTool(d7open),
			[]string{"drift/output-constraint-relaxed /outputSchema/additionalProperties",
				"drift/output-property-removed /outputSchema/properties/a", "drift/output-property-removed /outputSchema/properties/b"},
			`for example {"b":"s"} is accepted for it and was not before`},
		{"output closed up", outTool(open), outTool(closed),
			[]string{"drift/output-constraint-tightened /outputSchema/additionalProperties",
				"drift/output-property-added /outputSchema/properties/a", "drift/output-property-added /outputSchema/properties/b",
				"drift/output-required-property-added /outputSchema/required/0"}, ""},
		{"input dropped from a closed object", tool(closed), tool(`{"type":"object",` + onlyA + `,"additionalProperties":false}`),
			[]string{"drift/input-property-removed /inputSchema/properties/b"},
			`rejects what callers sent for it (for example {"a":"s","b":1} matched the old schema and no longer does)`},
		{"input dropped from a closed object, draft-06", tool(d7closed),
			tool(`{` + d7 + `"type":"object","properties":{"a":{"type":"string","minLength":1}},"required":["a"],"additionalProperties":false}`),
			[]string{"drift/input-property-removed /inputSchema/properties/b"}, `for example {"b":1} was accepted for it and no longer is`},
		{"input dropped under a stricter additionalProperties", tool(closed), tool(`{"type":"object",` + onlyA + `,"additionalProperties":{"type":"string"}}`),
			[]string{"drift/input-constraint-relaxed /inputSchema/additionalProperties", "drift/input-property-removed /inputSchema/properties/b"},
			`for example {"a":"s","b":1} matched the old schema and no longer does`},
		{"input dropped under an additionalProperties that takes its values", tool(closed),
			tool(`{"type":"object","properties":{"b":{"type":"integer"}},"required":["a"],"additionalProperties":{"type":"string"}}`),
			[]string{"drift/input-constraint-relaxed /inputSchema/additionalProperties"}, `no longer declares "a"`},
		{"input dropped under a patternProperties that rejects it", tool(`{"type":"object",` + props + `}`),
			tool(`{"type":"object",` + onlyA + `,"patternProperties":{"^b":{"type":"string"}}}`),
			[]string{"drift/input-constraint-tightened /inputSchema/patternProperties", "drift/input-property-removed /inputSchema/properties/b"},
			`for example {"b":1} was accepted for it and no longer is`},
		{"input dropped under a propertyNames that rejects it", tool(`{"type":"object",` + props + `}`),
			tool(`{"type":"object",` + onlyA + `,"propertyNames":{"enum":["a"]}}`),
			[]string{"drift/input-constraint-tightened /inputSchema/propertyNames", "drift/input-property-removed /inputSchema/properties/b"},
			`may reject what callers send for it`},
		{"input dropped from an open object breaks by design", tool(`{"type":"object",` + props + `}`), tool(`{"type":"object",` + onlyA + `}`),
			[]string{"drift/input-property-removed /inputSchema/properties/b"}, `calls that send it still pass, but nothing says the tool reads it any more`},
		// Still required but no longer declared, in a closed object: nothing
		// passes, and it is the required key's absence, not b's value, that is rejected.
		{"input dropped while still required", tool(closed), tool(`{"type":"object","properties":{"b":{"type":"integer"}},"required":["a"],"additionalProperties":false}`),
			[]string{"drift/input-constraint-tightened /inputSchema"}, `accepts less than before: {"a":"s"} matched the old schema and no longer does`},
		{"output dropped from a closed object", outTool(closed), outTool(`{"type":"object",` + onlyA + `,"additionalProperties":false}`), nil, ""},
		{"output dropped from an open object", outTool(`{"type":"object",` + props + `}`), outTool(`{"type":"object",` + onlyA + `}`),
			[]string{"drift/output-property-removed /outputSchema/properties/b"}, `for example {"a":"s","b":"s"} now matches and did not before`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := expectDrift(t, c.old, c.new, c.want...)
			if c.says == "" {
				return
			}
			for _, f := range fs {
				if strings.Contains(f.Message, c.says) {
					return
				}
			}
			t.Errorf("no message says %q", c.says)
		})
	}
}
