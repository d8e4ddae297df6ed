package lint

import "testing"

func TestOpenAIStrictAnyOfWithType(t *testing.T) {
	runProviderCases(t, "openai-strict/anyof-with-type", []providerCase{
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json set_config_value: a lone anyOf.
		{"alone", `{"name":"set_config_value","inputSchema":{"type":"object","properties":{"value":{"anyOf":[{"type":"string"},{"type":"null"}]}},"required":["value"]}}`, nil},
		// testdata/clients/probes.json probe_anyof_with_type: the Agents SDK falls back to strict: false.
		{"beside type", `{"name":"t","inputSchema":{"type":"object","properties":{"id":{"type":"string","anyOf":[{"pattern":"^a"},{"pattern":"^b"}]}},"required":["id"]}}`, []string{"/inputSchema/properties/id/type"}},
		{"beside description only", `{"name":"t","inputSchema":{"type":"object","properties":{"id":{"description":"x","anyOf":[{"type":"string"},{"type":"null"}]}}}}`, nil},
	})
}
