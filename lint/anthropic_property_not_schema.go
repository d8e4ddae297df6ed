package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "anthropic/property-not-schema",
	Profile:  ProfileAnthropic,
	Severity: contract.Error,
	Summary:  "a properties value that is not a schema",
	Help: "Anthropic validates input_schema against JSON Schema 2020-12 and refuses the tool when a `properties` entry is not a schema: " +
		"`tools.N.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12` (anthropics/anthropic-sdk-java#241, where " +
		"`properties` values were strings such as `\"number\"`; anthropics/claude-code#63673). " +
		"Fix: write each property as a schema (`{\"type\": \"number\"}`); `mcp-contract sanitize --profile anthropic` repairs the common shorthand.",
	CheckTool: providerCheckPropertySchemas,
})
