package lint

import "testing"

func TestSchemaUnresolvedRef(t *testing.T) {
	cases := []struct {
		name, tool string
		want       []string
	}{
		// examples/banking/strict.json: every "#/$defs/..." resolves.
		{"banking refs", `{"name":"transfer_funds","inputSchema":{"type":"object","properties":{"amount":{"$ref":"#/$defs/amount"}},"oneOf":[{"$ref":"#/$defs/internal"}],"$defs":{"amount":{"type":"number"},"internal":{"type":"object"}}}}`, nil},
		{"missing def", `{"name":"t","inputSchema":{"type":"object","properties":{"amount":{"$ref":"#/$defs/amount"}}}}`, []string{"/inputSchema/properties/amount/$ref"}},
		// typescript-sdk#1175: outputSchema refs resolve against the outputSchema root.
		{"output ref into inputSchema", `{"name":"t","inputSchema":{"type":"object","$defs":{"r":{"type":"string"}}},"outputSchema":{"type":"object","properties":{"r":{"$ref":"#/$defs/r"}}}}`, []string{"/outputSchema/properties/r/$ref"}},
		{"root and recursion", `{"name":"t","inputSchema":{"type":"object","properties":{"child":{"$ref":"#"}}}}`, nil},
		{"draft-07 definitions", `{"name":"t","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"a":{"$ref":"#/definitions/a"}},"definitions":{"a":{"type":"string"}}}}`, nil},
		{"escaped pointer", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/a~1b%20c"}},"$defs":{"a/b c":{"type":"string"}}}}`, nil},
		{"anchor", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"#acct"},"b":{"$ref":"#nope"}},"$defs":{"a":{"$anchor":"acct","type":"string"}}}}`, []string{"/inputSchema/properties/b/$ref"}},
		{"draft-07 id anchor", `{"name":"t","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"a":{"$ref":"#acct"}},"definitions":{"a":{"$id":"#acct","type":"string"}}}}`, nil},
		{"ref inside embedded resource resolves there", `{"name":"t","inputSchema":{"type":"object","$defs":{"item":{"$id":"urn:example:item","type":"object","properties":{"x":{"$ref":"#/$defs/x"}},"$defs":{"x":{"type":"string"}}}}}}`, nil},
		{"external is another rule", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"https://example.com/a.json#/nope"}}}}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "schema/unresolved-ref", c.tool, c.want...)
		})
	}
}
