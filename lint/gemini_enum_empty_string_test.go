package lint

import "testing"

func TestGeminiEnumEmptyString(t *testing.T) {
	runProviderCases(t, "gemini/enum-empty-string", []providerCase{
		// weave-os/router#1091: "" as a "no filter" choice.
		{"empty", `{"name":"t","inputSchema":{"type":"object","properties":{"sort":{"type":"string","enum":["","asc","desc"]}}}}`,
			[]string{"/inputSchema/properties/sort/enum/0"}},
		// testdata/corpus/servers/npm-wonderwhy-er-desktop-commander.json set_config_value origin.
		{"none", `{"name":"set_config_value","inputSchema":{"type":"object","properties":{"origin":{"type":"string","enum":["ui","llm"]}}}}`, nil},
	})
}
