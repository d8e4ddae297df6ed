package lint

import "testing"

func TestMCPToolFieldType(t *testing.T) {
	runProviderCases(t, "mcp/tool-field-type", []providerCase{
		// testdata/corpus/servers/npm-server-everything.json get-env (cut): every field well typed.
		{"well typed", `{"name":"get-env","title":"Env","description":"Returns all environment variables","inputSchema":{"type":"object","properties":{},"required":[]},"_meta":{},"execution":{"taskSupport":"forbidden"},"icons":[{"src":"data:,"}]}`, nil},
		{"numeric title (probe_title_not_string)", `{"name":"t","title":7,"inputSchema":{"type":"object"}}`, []string{"/title"}},
		{"description object", `{"name":"t","description":{"en":"x"},"inputSchema":{"type":"object"}}`, []string{"/description"}},
		{"required not strings", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{}},"required":[1]},"outputSchema":{"type":"object","required":"a"}}`, []string{"/inputSchema/required", "/outputSchema/required"}},
		{"_meta and execution not objects", `{"name":"t","inputSchema":{"type":"object"},"_meta":[],"execution":"task"}`, []string{"/_meta", "/execution"}},
		{"icons", `{"name":"t","inputSchema":{"type":"object"},"icons":[{"src":"a"},{"mimeType":"image/png"},"b"]}`, []string{"/icons/1", "/icons/2"}},
	})
}
