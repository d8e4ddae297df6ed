package lint

import "testing"

func TestGeminiTypeMissing(t *testing.T) {
	runProviderCases(t, "gemini/type-missing", []providerCase{
		// piwheels/packages#503: base_branch with a description only.
		{"description only", `{"name":"t","inputSchema":{"type":"object","properties":{"base_branch":{"description":"Branch to merge into"}}}}`,
			[]string{"/inputSchema/properties/base_branch"}},
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json edit_block (cut): content is {}.
		{"empty", `{"name":"edit_block","inputSchema":{"type":"object","properties":{"file_path":{"type":"string"},"content":{}},"required":["file_path"]}}`,
			[]string{"/inputSchema/properties/content"}},
		// testdata/corpus/servers/github-mcp-server.json update_issue_labels (cut): a oneOf item is gemini/unsupported-keyword's finding.
		{"oneOf", `{"name":"update_issue_labels","inputSchema":{"properties":{"labels":{"items":{"oneOf":[{"type":"string"},{"type":"object"}]},"type":"array"}},"type":"object"}}`, nil},
		// testdata/corpus/servers/github-mcp-server.json update_issue_type (cut): a lone anyOf needs no type.
		{"anyOf", `{"name":"update_issue_type","inputSchema":{"properties":{"issue_type":{"anyOf":[{"minLength":1,"type":"string"},{"type":"null"}]}},"type":"object"}}`, nil},
	})
}
