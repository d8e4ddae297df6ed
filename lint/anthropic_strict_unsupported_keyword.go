package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// anthropicStrictKeywords is what strict tool use accepts. Keywords with a
// value restriction (minItems, additionalProperties, format) have their own rules.
var anthropicStrictKeywords = providerSet(
	"type", "description", "title", "enum", "const", "default",
	"properties", "required", "additionalProperties", "items", "minItems",
	"anyOf", "oneOf", "allOf", "$ref", "$defs", "definitions", "format", "pattern",
)

var _ = register(&Rule{
	ID:       "anthropic-strict/unsupported-keyword",
	Profile:  ProfileAnthropicStrict,
	Severity: contract.Error,
	Summary:  "keyword strict tool use does not support",
	Help: "Strict tool use (`strict: true`) and JSON outputs share one schema subset. Anthropic's SDK `transform_schema` " +
		"(anthropic-sdk-python `lib/_parse/_transform.py`) keeps only `type`, `description`, `title`, `enum`, `anyOf`/`oneOf`/`allOf`, `$ref`/`$defs`, " +
		"`properties`/`required`/`additionalProperties: false`, `items`/`minItems` (0 or 1) and string `format`, and moves every other keyword into the " +
		"description, because the API refuses them; third-party summaries of the structured-outputs docs (LangSchema.Converter.Anthropic; cskiro/claudex; " +
		"weak evidence) also accept `const`, `default`, `definitions` and `pattern` (a regex subset), and list `minimum`/`maximum`/`multipleOf`, " +
		"`minLength`/`maxLength` and `maxItems` as unsupported. A client that sends an MCP schema raw with strict set gets a 400. " +
		"The root `$schema` declaration is not reported. Fix: state the constraint in the description and check it in the server; " +
		"`mcp-contract sanitize --profile anthropic-strict` moves unsupported keywords into the description, as the SDK does.",
	CheckTool: func(p *Pass) {
		providerCheckKeywords(p, func(s schemawalk.Schema, key string) bool {
			if key == "$schema" && s.Depth == 0 {
				return false
			}
			return !anthropicStrictKeywords[key]
		}, "move the constraint into the description")
	},
})
