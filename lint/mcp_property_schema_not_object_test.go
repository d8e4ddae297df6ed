package lint

import "testing"

// Each rejecting case is a probe of testdata/clients/probes.json that the
// TypeScript SDK 1.32.2's Client.listTools() throws on.
func TestMCPPropertySchemaNotObject(t *testing.T) {
	runProviderCases(t, "mcp/property-schema-not-object", []providerCase{
		{"object schemas", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{},"b":{"type":"string"}}},"outputSchema":{"type":"object","properties":{"n":{"type":"number"}}}}`, nil},
		{"true (probe_boolean_property)", `{"name":"t","inputSchema":{"type":"object","properties":{"anything":true}}}`, []string{"/inputSchema/properties/anything"}},
		{"false (probe_false_property)", `{"name":"t","inputSchema":{"type":"object","properties":{"never":false}}}`, []string{"/inputSchema/properties/never"}},
		{"properties is an array (probe_properties_not_object)", `{"name":"t","inputSchema":{"type":"object","properties":[]}}`, []string{"/inputSchema/properties"}},
		{"outputSchema too", `{"name":"t","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"x":true}}}`, []string{"/outputSchema/properties/x"}},
		// The SDK checks the root only; a nested boolean passes listTools().
		{"nested boolean is not the SDK's check", `{"name":"t","inputSchema":{"type":"object","properties":{"o":{"type":"object","properties":{"x":true}}}}}`, nil},
	})
}
