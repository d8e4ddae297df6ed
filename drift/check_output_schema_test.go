package drift

import "testing"

func TestOutputSchemaCheck(t *testing.T) {
	with := outTool(`{"type":"object"}`)
	without := `{"name":"t","description":"d","inputSchema":{"type":"object"}}`
	expectDrift(t, with, without, "drift/output-schema-removed /outputSchema")
	expectDrift(t, without, with, "drift/output-schema-added /outputSchema")
}

func TestMetadataCheck(t *testing.T) {
	expectDrift(t, `{"name":"t","inputSchema":{"type":"object"},"_meta":{"a":1}}`,
		`{"name":"t","inputSchema":{"type":"object"},"execution":{"taskSupport":"forbidden"}}`,
		"drift/tool-metadata-changed /_meta", "drift/tool-metadata-changed /execution")
}
