package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// geminiSchemaFields is the Gemini API v1beta Schema proto's field list
// (@google-ai/generativelanguage 3.7.0 ISchema; the Vertex v1 Schema doc lists
// the same 22). Unknown names fail the request.
var geminiSchemaFields = providerSet(
	"anyOf", "default", "description", "enum", "example", "format", "items", "maximum", "maxItems", "maxLength",
	"maxProperties", "minimum", "minItems", "minLength", "minProperties", "nullable", "pattern", "properties",
	"propertyOrdering", "required", "title", "type",
)

// geminiRefKeywords have their own rule, gemini/ref.
var geminiRefKeywords = providerSet("$ref", "$defs", "definitions")

var _ = register(&Rule{
	ID:       "gemini/unsupported-keyword",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "keyword outside Gemini's Schema proto",
	Help: "Gemini's `parameters` field takes the Schema proto, \"a select subset of an OpenAPI 3.0 schema object\" with 22 fields: anyOf, default, " +
		"description, enum, example, format, items, maximum, maxItems, maxLength, maxProperties, minimum, minItems, minLength, minProperties, " +
		"nullable, pattern, properties, propertyOrdering, required, title, type. Any other key fails the whole request: " +
		"`Invalid JSON payload received. Unknown name \"$schema\" at 'request.tools[0].function_declarations[0].parameters': Cannot find field.` " +
		"(router-for-me/CLIProxyAPI#97); `Unknown name \"uniqueItems\"` (decolua/9router#3018); `Unknown name \"propertyNames\"`, `\"exclusiveMinimum\"` " +
		"(zendev-sh/zenflow#17); `additionalProperties`: `should not be set for TYPE_OBJECT` (promptfoo/promptfoo#6904), and google-genai raises " +
		"`additionalProperties is not supported in the Gemini API.`; danny-avila/LibreChat#13850 probed each keyword live. " +
		"`$ref`/`$defs` are reported by gemini/ref. Clients that send `parametersJsonSchema` instead (gemini-cli) use the gemini-jsonschema profile. " +
		"Fix: drop the keyword or state it in the description; `mcp-contract sanitize --profile gemini` drops keys outside the list.",
	CheckTool: func(p *Pass) {
		providerCheckKeywords(p, func(_ schemawalk.Schema, key string) bool {
			return !geminiSchemaFields[key] && !geminiRefKeywords[key]
		}, "drop the keyword or state it in the description")
	},
})
