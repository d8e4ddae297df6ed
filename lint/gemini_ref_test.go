package lint

import "testing"

func TestGeminiRef(t *testing.T) {
	runProviderCases(t, "gemini/ref", []providerCase{
		// Pydantic/zod-to-json-schema output (google-gemini/gemini-cli#13326).
		{"defs and ref", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string"}}}}`,
			[]string{"/inputSchema/properties/a/$ref", "/inputSchema/$defs"}},
		{"draft-07 definitions", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/definitions/A"}},"definitions":{"A":{"type":"string"}}}}`,
			[]string{"/inputSchema/properties/a/$ref", "/inputSchema/definitions"}},
		// testdata/corpus/servers/npm-mcp-server-sqlite-npx.json list_tables.
		{"none", `{"name":"list_tables","inputSchema":{"type":"object","properties":{}}}`, nil},
	})
}
