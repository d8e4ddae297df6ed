package lint

import "testing"

func TestGeminiAnyOfWithSiblings(t *testing.T) {
	runProviderCases(t, "gemini/anyof-with-siblings", []providerCase{
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json set_config_value: a lone anyOf.
		{"alone", `{"name":"set_config_value","inputSchema":{"type":"object","properties":{"value":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"null"}]}},"required":["value"]}}`, nil},
		// testdata/corpus/servers/github-mcp-server.json update_issue_type (cut): anyOf beside description.
		{"beside description", `{"name":"update_issue_type","inputSchema":{"properties":{"issue_type":{"anyOf":[{"minLength":1,"type":"string"},{"type":"null"}],"description":"The issue type to set, or null to remove the current type"}},"type":"object"}}`,
			[]string{"/inputSchema/properties/issue_type/anyOf"}},
		// anomalyco/opencode#14509: anyOf beside type and description.
		{"beside type", `{"name":"t","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"query","anyOf":[{"minLength":1},{"const":""}]}}}}`,
			[]string{"/inputSchema/properties/q/anyOf"}},
	})
}
