package lint

import "testing"

func TestGeminiObjectWithoutProperties(t *testing.T) {
	runProviderCases(t, "gemini/object-without-properties", []providerCase{
		// An empty root is left alone: ai 6 and LangChain then send no parameters.
		{"empty root", `{"name":"t","inputSchema":{"type":"object"}}`, nil},
		{"nested with properties", `{"name":"t","inputSchema":{"type":"object","properties":{"o":{"type":"object","properties":{"a":{"type":"string"}}}}}}`, nil},
		// testdata/clients/probes.json probe_nested_object_no_properties.
		{"nested without properties", `{"name":"t","inputSchema":{"type":"object","properties":{"filter":{"type":"object","description":"free-form filter"}}}}`, []string{"/inputSchema/properties/filter"}},
		// testdata/corpus/servers/github-mcp-server.json actions_run_trigger (cut): inputs with empty properties.
		{"nested with empty properties", `{"name":"actions_run_trigger","inputSchema":{"type":"object","properties":{"inputs":{"type":"object","properties":{},"description":"Inputs the workflow accepts"}}}}`, []string{"/inputSchema/properties/inputs"}},
		{"array items and nullable type", `{"name":"t","inputSchema":{"type":"object","properties":{"l":{"type":"array","items":{"type":["object","null"]}}}}}`, []string{"/inputSchema/properties/l/items"}},
	})
}
