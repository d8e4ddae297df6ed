package sanitize

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Each dropped keyword becomes a sentence a model reads, never a fragment of
// JSON Schema; only a keyword with no sentence falls back to "`key`: `json`.".
func TestClauses(t *testing.T) {
	for _, tc := range []struct {
		schema string
		keys   string
		want   string
	}{
		{`{"exclusiveMinimum":0}`, "exclusiveMinimum", "Must be greater than 0."},
		{`{"exclusiveMaximum":1.5}`, "exclusiveMaximum", "Must be less than 1.5."},
		{`{"minimum":5,"exclusiveMinimum":true}`, "exclusiveMinimum", "Must be greater than 5."}, // draft 4
		{`{"exclusiveMinimum":false}`, "exclusiveMinimum", ""},
		{`{"minimum":1,"maximum":100}`, "minimum maximum", "Must be at least 1. Must be at most 100."},
		{`{"multipleOf":0.01}`, "multipleOf", "Must be a multiple of 0.01."},
		{`{"pattern":"^[A-Z]{2}$"}`, "pattern", "Must match the pattern `^[A-Z]{2}$`."},
		{`{"pattern":"a` + "`" + `b"}`, "pattern", "Must match the pattern ``a`b``."},
		{`{"minLength":1}`, "minLength", "Must not be empty."},
		{`{"minLength":3,"maxLength":140}`, "minLength maxLength", "Must be at least 3 characters long. Must be at most 140 characters long."},
		{`{"format":"uri"}`, "format", "Must be formatted as `uri`."},
		{`{"minItems":1,"maxItems":5}`, "minItems maxItems", "Must have at least 1 item. Must have at most 5 items."},
		{`{"minProperties":2}`, "minProperties", "Must have at least 2 properties."},
		{`{"uniqueItems":true}`, "uniqueItems", "Items must be unique."},
		{`{"const":"wire"}`, "const", "Must be `wire`."},
		{`{"enum":[1,2,null]}`, "enum", "Must be one of `1`, `2`, `null`."},
		{`{"type":["string","null"]}`, "type", "Must be a string or null."},
		{`{"default":"json"}`, "default", "Defaults to `json`."},
		{`{"examples":["EUR","USD"]}`, "examples", "For example: `EUR`, `USD`."},
		{`{"properties":{"a":{}},"additionalProperties":false}`, "additionalProperties", "No properties other than those listed are allowed."},
		{`{"additionalProperties":{"type":"string"}}`, "additionalProperties", "Other properties must be a string."},
		{`{"unevaluatedProperties":false}`, "unevaluatedProperties", "No properties are allowed."},
		{`{"required":["a","b","c"]}`, "required", "`a`, `b` and `c` are required."},
		{`{"dependentRequired":{"iban":["swift"]}}`, "dependentRequired", "If `iban` is given, `swift` is required."},
		{`{"items":{"type":"string","minLength":1}}`, "items", "Each item must not be empty."},
		{`{"propertyNames":{"pattern":"^x-"}}`, "propertyNames", "Property names must match the pattern `^x-`."},
		{`{"not":{"const":"x"}}`, "not", "Must not be `x`."},
		{`{"not":{"const":""}}`, "not", "Must not be an empty string."},
		{`{"contains":{"minLength":2,"pattern":"^a"}}`, "contains", "Must contain an item that is at least 2 characters long and matches the pattern `^a`."},
		{`{"items":{"minLength":2,"pattern":"^a"}}`, "items", "Each item must be at least 2 characters long and match the pattern `^a`."},
		{`{"oneOf":[{"type":"string","format":"date"},{"type":"integer","minimum":0}]}`, "oneOf", "Must be exactly one of: formatted as `date`; or at least 0."},
		{
			`{"if":{"properties":{"mode":{"const":"wire"}},"required":["mode"]},"then":{"required":["iban"]}}`, "if then",
			"If `mode` is `wire`, `iban` is required.",
		},
		{
			`{"if":{"type":"object","required":["amount"],"properties":{"amount":{"type":"number","exclusiveMinimum":10000}}},"then":{"required":["compliance_approval_code"]}}`, "if then",
			"If `amount` is greater than 10000, `compliance_approval_code` is required.",
		},
		{
			`{"if":{"required":["iban"]},"then":{"properties":{"country":{"enum":["DE","FR"]}}},"else":{"required":["account"]}}`, "then else if",
			"If `iban` is given, `country` must be one of `DE`, `FR`. If not, `account` is required.",
		},
		// No words for these: the exact JSON is kept rather than a guess.
		{`{"if":{"properties":{"a":{"patternProperties":{"x":{}}}}},"then":{"required":["b"]}}`, "if then",
			"`if`: `{\"properties\":{\"a\":{\"patternProperties\":{\"x\":{}}}}}`. `then`: `{\"required\":[\"b\"]}`."},
		{`{"contentEncoding":"base64"}`, "contentEncoding", "`contentEncoding`: `\"base64\"`."},
		{`{"$schema":"x","description":"d"}`, "$schema description", ""},
	} {
		n, err := jsontree.Parse([]byte(tc.schema))
		if err != nil {
			t.Fatalf("%s: %v", tc.schema, err)
		}
		if got := clauses(n, strings.Fields(tc.keys)); got != tc.want {
			t.Errorf("clauses(%s, %s)\n got %s\nwant %s", tc.schema, tc.keys, got, tc.want)
		}
	}
}

// When a root oneOf is merged into one object, the description says which
// branch requires what, keyed by the property that tells them apart.
func TestBranchClauses(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{
			"a const tells the branches apart",
			`{"type":"object","oneOf":[{"properties":{"mode":{"const":"internal"},"to":{"type":"string"}},"required":["mode","to"]},{"properties":{"mode":{"const":"wire"},"iban":{"type":"string"}},"required":["mode","iban"]}],"required":["amount"],"properties":{"amount":{"type":"number"}}}`,
			"If `mode` is `internal`, `to` is required. If `mode` is `wire`, `iban` is required.",
		},
		{
			"alternatives without a discriminator",
			`{"type":"object","oneOf":[{"required":["a","b"]},{"required":["c"]}],"properties":{"a":{},"b":{},"c":{}}}`,
			"Give exactly one of these: `a` and `b`; or `c`.",
		},
		{
			"a branch that asks for nothing more says nothing",
			`{"type":"object","anyOf":[{"required":["a"]},{}],"properties":{"a":{}}}`,
			"",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, changes := sanitizeSchema(t, Anthropic, tc.in)
			doc, _ := jsontree.Parse([]byte(got))
			desc := doc.Get("description")
			if tc.want == "" {
				if desc != nil {
					t.Errorf("description %s, want none", compact(desc))
				}
				return
			}
			if !desc.Is(jsontree.String) || desc.Text != tc.want {
				t.Errorf("description %s\nwant %q", compact(desc), tc.want)
			}
			if len(changes) == 0 || !changes[len(changes)-1].Lost {
				t.Errorf("flattening must still be reported as lost: %+v", changes)
			}
		})
	}
}
