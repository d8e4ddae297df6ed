package lint

import "testing"

func TestBedrockIntegerTooLarge(t *testing.T) {
	runProviderCases(t, "bedrock/integer-too-large", []providerCase{
		// tailcallhq/forgecode#3307: zod's Number.MAX_SAFE_INTEGER bound.
		{"max safe integer", `{"name":"t","inputSchema":{"type":"object","properties":{"limit":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}}}}`,
			[]string{"/inputSchema/properties/limit/minimum", "/inputSchema/properties/limit/maximum"}},
		{"beyond int64", `{"name":"t","inputSchema":{"type":"object","properties":{"s":{"type":"string","maxLength":99999999999999999999}}}}`,
			[]string{"/inputSchema/properties/s/maxLength"}},
		{"int32 bounds", `{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"integer","minimum":-2147483648,"maximum":2147483647}}}}`, nil},
		{"float literal", `{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"number","maximum":1e12}}}}`, nil},
		// testdata/corpus/servers/npm-kazuph-mcp-fetch.json imageFetch (cut): a large but 32-bit bound.
		{"corpus", `{"name":"imageFetch","inputSchema":{"type":"object","properties":{"maxLength":{"allOf":[{"type":["number","string"]},{"type":"number","exclusiveMinimum":0,"maximum":1000000}],"default":20000}}}}`, nil},
	})
}
