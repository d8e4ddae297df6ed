package lint

import (
	"strings"
	"testing"
)

func TestGeminiBooleanSchema(t *testing.T) {
	runProviderCases(t, "gemini/boolean-schema", []providerCase{
		// grafana/mcp-grafana#594: create_alert_rule emits "model": true.
		{"property", `{"name":"create_alert_rule","inputSchema":{"type":"object","properties":{"data":{"type":"array","items":{"type":"object","properties":{"model":true}}}}}}`,
			[]string{"/inputSchema/properties/data/items/properties/model"}},
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json write_pdf (cut): additionalProperties booleans are not this rule's.
		{"additionalProperties", `{"name":"write_pdf","inputSchema":{"type":"object","properties":{"options":{"type":"object","properties":{},"additionalProperties":true}},"additionalProperties":false}}`, nil},
	})
}

// The fix fits the value: {} is true's meaning and false's opposite.
func TestGeminiBooleanSchemaFix(t *testing.T) {
	if fix := booleanSchemaFix(false); strings.Contains(fix, "replace it with {}") || !strings.Contains(fix, "remove") {
		t.Errorf("false: %q", fix)
	}
	if fix := booleanSchemaFix(true); !strings.Contains(fix, "{}") {
		t.Errorf("true: %q", fix)
	}
}
