package lint

import "testing"

func TestAnthropicStrictRecursion(t *testing.T) {
	runProviderCases(t, "anthropic-strict/recursion", []providerCase{
		// A tree parameter, as pydantic emits for a self-referencing model.
		{"self reference", `{"name":"t","inputSchema":{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"}},"$defs":{"Node":{"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}}}}`,
			[]string{"/inputSchema/$defs/Node/properties/children/items"}},
		// Structured Outputs' documented recursion through the root.
		{"root", `{"name":"t","inputSchema":{"type":"object","properties":{"sub":{"$ref":"#"}}}}`,
			[]string{"/inputSchema/properties/sub"}},
		// Two definitions referring to each other.
		{"mutual", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"}}},"B":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}}}}}}`,
			[]string{"/inputSchema/$defs/A/properties/b"}},
		// Shared, non-recursive definitions.
		{"shared", `{"name":"t","inputSchema":{"type":"object","properties":{"x":{"$ref":"#/$defs/P"},"y":{"$ref":"#/$defs/P"}},"$defs":{"P":{"type":"object","properties":{"v":{"type":"number"}}},"Pa":{"$ref":"#/$defs/P"}}}}`, nil},
		// A definition whose name extends another's is not inside it.
		{"prefix names", `{"name":"t","inputSchema":{"type":"object","properties":{"x":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string"},"AB":{"$ref":"#/$defs/A"}}}}`, nil},
		// Percent-encoded and escaped tokens resolve like the walker's pointers.
		{"escaped", `{"name":"t","inputSchema":{"type":"object","$defs":{"a/b":{"type":"object","properties":{"c":{"$ref":"#/$defs/a~1b"}}}},"properties":{"x":{"$ref":"#/%24defs/a~1b"}}}}`,
			[]string{"/inputSchema/$defs/a~1b/properties/c"}},
		// testdata/corpus/servers/npm-mcp-server-sqlite-npx.json list_tables.
		{"no refs", `{"name":"list_tables","inputSchema":{"type":"object","properties":{}}}`, nil},
	})
}
