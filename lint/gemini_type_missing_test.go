package lint

import "testing"

func TestGeminiTypeMissing(t *testing.T) {
	runProviderCases(t, "gemini/type-missing", []providerCase{
		// piwheels/packages#503: base_branch with a description only.
		{"description only", `{"name":"t","inputSchema":{"type":"object","properties":{"base_branch":{"description":"Branch to merge into"}}}}`,
			[]string{"/inputSchema/properties/base_branch"}},
		// testdata/corpus/servers/npm-kazuph-mcp-fetch.json imageFetch (cut): allOf without type is untyped for Gemini.
		{"allOf", `{"name":"imageFetch","inputSchema":{"type":"object","properties":{"startIndex":{"allOf":[{"type":["number","string"]},{"type":"number","minimum":0}],"default":0}}}}`,
			[]string{"/inputSchema/properties/startIndex"}},
		// testdata/corpus/servers/github-mcp-server.json update_issue_type (cut): a lone anyOf needs no type.
		{"anyOf", `{"name":"update_issue_type","inputSchema":{"properties":{"issue_type":{"anyOf":[{"minLength":1,"type":"string"},{"type":"null"}]}},"type":"object"}}`, nil},
	})
}
