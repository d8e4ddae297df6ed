package lint

import "testing"

func TestMCPMissingDescription(t *testing.T) {
	cases := []struct {
		name, tool string
		want       []string
	}{
		// testdata/corpus/servers/npm-server-memory.json, create_entities.
		{"corpus description", `{"name":"create_entities","description":"Create multiple new entities in the knowledge graph","inputSchema":{"type":"object"}}`, nil},
		{"missing", `{"name":"t","inputSchema":{"type":"object"}}`, []string{""}},
		{"blank", `{"name":"t","description":" \n","inputSchema":{"type":"object"}}`, []string{"/description"}},
		{"not a string", `{"name":"t","description":null,"inputSchema":{"type":"object"}}`, []string{"/description"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "mcp/missing-description", c.tool, c.want...)
		})
	}
}
