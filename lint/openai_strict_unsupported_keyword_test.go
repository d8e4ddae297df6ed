package lint

import "testing"

func TestOpenAIStrictUnsupportedKeyword(t *testing.T) {
	runProviderCases(t, "openai-strict/unsupported-keyword", []providerCase{
		// testdata/corpus/servers/github-mcp-server.json update_issue_labels (cut): oneOf in items.
		{"oneOf in items", `{"name":"update_issue_labels","inputSchema":{"properties":{"labels":{"items":{"oneOf":[{"type":"string"},{"type":"object","properties":{"name":{"type":"string"}}}]},"type":"array"}},"type":"object"}}`,
			[]string{"/inputSchema/properties/labels/items/oneOf"}},
		// testdata/corpus/servers/npm-kazuph-mcp-fetch.json imageFetch (cut): allOf.
		{"allOf", `{"name":"imageFetch","inputSchema":{"type":"object","properties":{"maxLength":{"allOf":[{"type":["number","string"]},{"type":"number","exclusiveMinimum":0,"maximum":1000000}],"default":20000}}}}`,
			[]string{"/inputSchema/properties/maxLength/allOf"}},
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json set_config_value: anyOf, $schema and const are accepted.
		{"supported", `{"name":"set_config_value","inputSchema":{"type":"object","properties":{"key":{"type":"string"},"value":{"anyOf":[{"type":"string"},{"type":"null"}]},"kind":{"type":"string","const":"x"}},"required":["key","value"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}}`, nil},
		// A property named like a keyword is not a keyword.
		{"property named not", `{"name":"t","inputSchema":{"type":"object","properties":{"not":{"type":"string"},"uniqueItems":{"type":"boolean"}}}}`, nil},
		{"uniqueItems and patternProperties", `{"name":"t","inputSchema":{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"},"uniqueItems":true}},"patternProperties":{"^x-":{"type":"string"}}}}`,
			[]string{"/inputSchema/properties/tags/uniqueItems", "/inputSchema/patternProperties"}},
	})
}
