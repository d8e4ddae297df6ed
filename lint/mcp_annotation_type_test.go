package lint

import "testing"

func TestMCPAnnotationType(t *testing.T) {
	cases := []struct {
		name, tool string
		want       []string
	}{
		// testdata/corpus/servers/npm-server-everything.json, echo.
		{"corpus hints", `{"name":"echo","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,"openWorldHint":false}}`, nil},
		// testdata/corpus/servers/github-mcp-server.json, actions_get: title plus hints.
		{"corpus title", `{"name":"actions_get","inputSchema":{"type":"object"},"annotations":{"idempotentHint":false,"readOnlyHint":true,"title":"Get details of GitHub Actions resources"}}`, nil},
		{"string hint", `{"name":"t","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":"true","destructiveHint":0}}`, []string{"/annotations/readOnlyHint", "/annotations/destructiveHint"}},
		{"null hint", `{"name":"t","inputSchema":{"type":"object"},"annotations":{"openWorldHint":null}}`, []string{"/annotations/openWorldHint"}},
		{"title not string", `{"name":"t","inputSchema":{"type":"object"},"annotations":{"title":["Search"]}}`, []string{"/annotations/title"}},
		{"annotations not object", `{"name":"t","inputSchema":{"type":"object"},"annotations":"read-only"}`, []string{"/annotations"}},
		{"unknown keys are fine", `{"name":"t","inputSchema":{"type":"object"},"annotations":{"x-vendor":1}}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "mcp/annotation-type", c.tool, c.want...)
		})
	}
}
