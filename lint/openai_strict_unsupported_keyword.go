package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// openAIStrictUnsupported lists keywords strict mode refuses. It is a deny
// list, not an allow list: annotations such as title, default or $schema are
// accepted in practice, and flagging them would bury the real refusals.
var openAIStrictUnsupported = providerSet(
	// Composition the guide calls "not yet supported"; oneOf is absent from the supported list.
	"allOf", "oneOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas", "dependencies",
	// Object and array keywords the supported list never included.
	"patternProperties", "unevaluatedProperties", "propertyNames", "minProperties", "maxProperties",
	"unevaluatedItems", "contains", "minContains", "maxContains", "uniqueItems",
)

var _ = register(&Rule{
	ID:       "openai-strict/unsupported-keyword",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "keyword strict mode does not support",
	Help: "Structured Outputs (and strict function calling) accept a subset of JSON Schema (Structured Outputs guide, §Supported schemas). " +
		"Composition keywords `allOf`, `not`, `dependentRequired`, `dependentSchemas`, `if`/`then`/`else` are \"not yet supported\"; " +
		"`oneOf` is not in the supported list (openai-agents-python's `strict_schema.py` rewrites it to `anyOf`: \"oneOf is not supported by OpenAI's " +
		"structured outputs in nested contexts\"). `patternProperties`, `unevaluatedProperties`, `propertyNames`, `minProperties`, `maxProperties`, " +
		"`unevaluatedItems`, `contains`, `minContains`, `maxContains` and `uniqueItems` were named unsupported and are absent from the 2026 supported list. " +
		"Annotations (`title`, `default`, `$schema`, `examples`) are not reported. " +
		"Fix: use `anyOf` for alternatives, merge `allOf` into one schema, state other constraints in the description; " +
		"`mcp-contract sanitize --profile openai-strict` rewrites `oneOf` and single-branch `allOf`.",
	CheckTool: func(p *Pass) {
		providerCheckKeywords(p, func(_ schemawalk.Schema, key string) bool { return openAIStrictUnsupported[key] },
			"use anyOf for alternatives and move other constraints into the description")
	},
})
