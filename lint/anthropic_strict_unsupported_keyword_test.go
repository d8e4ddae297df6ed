package lint

import "testing"

func TestAnthropicStrictUnsupportedKeyword(t *testing.T) {
	runProviderCases(t, "anthropic-strict/unsupported-keyword", []providerCase{
		// testdata/corpus/servers/npm-figma-developer-mcp.json download_figma_images (cut).
		{"exclusiveMinimum", `{"name":"download_figma_images","inputSchema":{"type":"object","properties":{"pngScale":{"type":"number","exclusiveMinimum":0,"default":2}}}}`,
			[]string{"/inputSchema/properties/pngScale/exclusiveMinimum"}},
		// testdata/corpus/servers/github-mcp-server.json update_issue_labels (cut): maxLength and minimum.
		{"bounds", `{"name":"update_issue_labels","inputSchema":{"properties":{"issue_number":{"minimum":1,"type":"number"},"labels":{"items":{"oneOf":[{"type":"string"},{"properties":{"rationale":{"maxLength":280,"type":"string"}},"type":"object"}]},"type":"array"}},"type":"object"}}`,
			[]string{"/inputSchema/properties/issue_number/minimum", "/inputSchema/properties/labels/items/oneOf/1/properties/rationale/maxLength"}},
		// testdata/corpus/servers/npm-server-filesystem.json read_multiple_files: root $schema and minItems 1 pass.
		{"accepted", `{"name":"read_multiple_files","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"paths":{"minItems":1,"type":"array","items":{"type":"string"}}},"required":["paths"]}}`, nil},
	})
}
