package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "openai-strict/object-missing-properties",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "object schema without properties",
	Help: "In strict mode every object must list its `properties` (openai-agents-python PR #454; openai-python's `_ensure_strict_json_schema` " +
		"adds `properties: {}` for this reason): strict output cannot produce keys it does not know, so free-form maps " +
		"(`{\"type\":\"object\",\"additionalProperties\":{...}}`) cannot be expressed. The non-strict profile checks only the root (openai/object-missing-properties). " +
		"Fix: list the object's keys as properties, or pass a map as an array of {key, value} objects; `mcp-contract sanitize --profile openai-strict` adds `properties: {}` where that keeps the meaning.",
	CheckTool: func(p *Pass) { providerCheckObjectProperties(p, false) },
})
