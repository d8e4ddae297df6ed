package lint

import (
	"strings"
	"testing"
)

func TestSchemaInvalid(t *testing.T) {
	cases := []struct {
		name, tool string
		want       []string
	}{
		// testdata/corpus/servers/npm-server-everything.json, tool get-sum (draft-07, valid).
		{"corpus draft-07 schema", `{"name":"get-sum","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"a":{"type":"number","description":"First number"},"b":{"type":"number","description":"Second number"}},"required":["a","b"]}}`, nil},
		// examples/banking/strict.json: 2020-12 with $defs, oneOf, if/then, unevaluatedProperties.
		{"banking strict output", `{"name":"transfer_funds","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"transfer_id":{"type":"string"},"status":{"const":"recorded"}},"required":["transfer_id","status"],"additionalProperties":false}}`, nil},
		// draft-04 exclusiveMinimum:true under the 2020-12 default: Mistral's
		// "is not valid under any of the given schemas" (SylphxAI/pdf-reader-mcp#63).
		{"draft-04 keyword under 2020-12", `{"name":"read_pdf","inputSchema":{"type":"object","properties":{"page":{"type":"integer","minimum":0,"exclusiveMinimum":true}}}}`, []string{"/inputSchema/properties/page/exclusiveMinimum"}},
		{"same schema declared draft-04", `{"name":"read_pdf","inputSchema":{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"page":{"type":"integer","minimum":0,"exclusiveMinimum":true}}}}`, nil},
		// Ollama's "properties": [] (ollama/ollama#10328, schema-rules.md §2.7).
		{"properties as array", `{"name":"t","inputSchema":{"type":"object","properties":[]}}`, []string{"/inputSchema/properties"}},
		{"unknown type name", `{"name":"t","inputSchema":{"type":"object","properties":{"q":{"type":"text"}}}}`, []string{"/inputSchema/properties/q/type"}},
		{"outputSchema checked too", `{"name":"t","inputSchema":{"type":"object"},"outputSchema":{"type":"object","required":"id"}}`, []string{"/outputSchema/required"}},
		// Noise control: these belong to other rules.
		{"null inputSchema", `{"name":"t","inputSchema":null}`, nil},
		{"unknown dialect", `{"name":"t","inputSchema":{"$schema":"https://example.com/dialect","type":"object","properties":[]}}`, nil},
		{"external ref is not a meta error", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"https://example.com/a.json"}}}}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "schema/invalid", c.tool, c.want...)
		})
	}
}

func TestSchemaInvalidMessageNamesKeyword(t *testing.T) {
	fs := expectPointers(t, "schema/invalid", `{"name":"t","inputSchema":{"type":"object","properties":{"q":{"type":"text"}}}}`, "/inputSchema/properties/q/type")
	if len(fs) == 1 && (!strings.Contains(fs[0].Message, `"type"`) || !strings.Contains(fs[0].Message, "2020-12")) {
		t.Errorf("message %q should name the keyword and the dialect", fs[0].Message)
	}
	if len(fs) == 1 && fs[0].Line != 1 {
		t.Errorf("finding not located: %+v", fs[0])
	}
}
