package lint

import "testing"

func TestSchemaUnknownDialect(t *testing.T) {
	cases := []struct {
		name, tool string
		want       []string
	}{
		// testdata/corpus/servers/npm-server-memory.json: the draft-07 URI with "#".
		{"draft-07", `{"name":"t","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}}`, nil},
		// examples/banking/strict.json.
		{"2020-12", `{"name":"t","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"}}`, nil},
		{"no $schema", `{"name":"t","inputSchema":{"type":"object"}}`, nil},
		{"OpenAPI dialect", `{"name":"t","inputSchema":{"$schema":"https://spec.openapis.org/oas/3.1/dialect/base","type":"object"}}`, []string{"/inputSchema/$schema"}},
		{"draft-03", `{"name":"t","inputSchema":{"type":"object"},"outputSchema":{"$schema":"http://json-schema.org/draft-03/schema#","type":"object"}}`, []string{"/outputSchema/$schema"}},
		{"not a string", `{"name":"t","inputSchema":{"$schema":7,"type":"object"}}`, []string{"/inputSchema/$schema"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "schema/unknown-dialect", c.tool, c.want...)
		})
	}
}
