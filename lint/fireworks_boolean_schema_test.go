package lint

import "testing"

func TestFireworksBooleanSchema(t *testing.T) {
	runProviderCases(t, "fireworks/boolean-schema", []providerCase{
		// grafana/mcp-grafana#594: "model": true inside the alert rule's data items.
		{"property", `{"name":"create_alert_rule","inputSchema":{"type":"object","properties":{"data":{"type":"array","items":{"type":"object","properties":{"model":true,"refId":{"type":"string"}}}}}}}`,
			[]string{"/inputSchema/properties/data/items/properties/model"}},
		{"items false", `{"name":"t","inputSchema":{"type":"object","properties":{"none":{"type":"array","items":false}}}}`,
			[]string{"/inputSchema/properties/none/items"}},
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json write_pdf (cut).
		{"additionalProperties", `{"name":"write_pdf","inputSchema":{"type":"object","properties":{"options":{"type":"object","properties":{},"additionalProperties":true}},"additionalProperties":false}}`, nil},
	})
}
