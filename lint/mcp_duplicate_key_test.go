package lint

import "testing"

func TestMCPDuplicateKey(t *testing.T) {
	many := `"a0":1`
	for i := 1; i < 20; i++ {
		many += `,"a` + string(rune('a'+i)) + `":1`
	}
	cases := []struct {
		name, tool string
		want       []string
	}{
		// testdata/corpus/servers/npm-server-memory.json, create_entities.
		{"corpus tool", `{"name":"create_entities","description":"Create multiple new entities in the knowledge graph","inputSchema":{"type":"object","properties":{"entities":{"type":"array","items":{"type":"object"}}}}}`, nil},
		{"tool key twice", `{"name":"t","description":"d","name":"u","inputSchema":{"type":"object"}}`, []string{"/name"}},
		{"schema type twice", `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"n":{"type":"string","type":"integer"}}}}`,
			[]string{"/inputSchema/properties/n/type"}},
		{"property declared twice", `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a/b":{},"a/b":{}}}}`,
			[]string{"/inputSchema/properties/a~1b"}},
		{"inside an array", `{"name":"t","description":"d","inputSchema":{"type":"object","anyOf":[{"required":[]},{"x":1,"x":2}]}}`,
			[]string{"/inputSchema/anyOf/1/x"}},
		{"deep, past siblings", `{"name":"t","description":"d","inputSchema":{"type":"object","anyOf":[{},{"prefixItems":[{"a":[1]},{"p":{"x":1,"x":2}}]}],"z":{"k":1,"k":2}}}`,
			[]string{"/inputSchema/anyOf/1/prefixItems/1/p/x", "/inputSchema/z/k"}},
		{"three times", `{"name":"t","description":"d","inputSchema":{"type":"object","title":"a","title":"b","title":"c"}}`,
			[]string{"/inputSchema/title", "/inputSchema/title"}},
		{"large object", `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{` + many + `,"a0":2}}}`,
			[]string{"/inputSchema/properties/a0"}},
		{"same key in different objects", `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "mcp/duplicate-key", c.tool, c.want...)
		})
	}
}
