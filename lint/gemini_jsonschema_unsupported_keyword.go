package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// geminiJSONSchemaKeywords is the documented parametersJsonSchema subset
// (structured-output page, Feb 2026 revision, and the Nov 2025 additions).
var geminiJSONSchemaKeywords = providerSet(
	"type", "title", "description", "enum", "format", "minimum", "maximum",
	"items", "prefixItems", "minItems", "maxItems",
	"properties", "required", "propertyOrdering", "additionalProperties",
	"anyOf", "$ref", "$defs",
)

var _ = register(&Rule{
	ID:       "gemini-jsonschema/unsupported-keyword",
	Profile:  ProfileGeminiJSONSchema,
	Severity: contract.Warning,
	Summary:  "keyword outside Gemini's documented JSON Schema subset (ignored)",
	Help: "Clients that send `parametersJsonSchema` (gemini-cli's DiscoveredMCPTool, google-genai's agent platform path) get real JSON Schema support, " +
		"but only a documented subset is honoured: types, `title`, `description`, `enum`, `format`, `minimum`, `maximum`, `items`, `prefixItems`, " +
		"`minItems`, `maxItems`, `properties`, `required`, `propertyOrdering`, `additionalProperties`, `anyOf` and `$ref`/`$defs` " +
		"(Gemini structured-output page, Feb 2026, as recorded by UnitVectorY-Labs/jsonschemaprofiles docs/GEMINI.md; Nov 2025 announcement; weak evidence). " +
		"Other keywords are not refused — \"unsupported schema properties can be ignored\" — so the constraint silently stops reaching the model: a warning. " +
		"Fix: state the constraint (a default, a length, an exclusive bound) in the description; `mcp-contract sanitize --profile gemini-jsonschema` removes `$schema`.",
	CheckTool: func(p *Pass) {
		providerCheckKeywords(p, func(_ schemawalk.Schema, key string) bool { return !geminiJSONSchemaKeywords[key] },
			"state the constraint in the description")
	},
})
