package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
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

// geminiKeywordPaths says, for the keywords clients treat apart, which
// client paths reach the API with them (measured with
// testdata/clients/harness.mjs).
var geminiKeywordPaths = map[string]string{
	"$schema": "ai 6 + `@ai-sdk/google` 3 and LangChain drop it, `@google/genai`'s tTool sends a schema that has it as parametersJsonSchema " +
		"(see gemini-jsonschema), a hand-built request fails",
	"additionalProperties": "ai 6 + `@ai-sdk/google` 3, LangChain and `@google/genai`'s tTool drop it (the model is no longer held to it), " +
		"a hand-built request fails",
}

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
		"Which clients send what, measured with testdata/clients/harness.mjs on the pinned clients: ai 6 + `@ai-sdk/google` 3.0.141 keeps only " +
		"type, description, required, format, enum/const, properties, items, allOf/anyOf/oneOf and minLength (it drops the rest, minimum and default " +
		"included); LangChain (`@langchain/google-genai` 2.3.2) drops `$schema`, `additionalProperties` and `strict` and sends the rest; " +
		"`@google/genai` 3.6.1's tTool drops `additionalProperties`, passes other keys through, and sends a schema with `$schema` as " +
		"`parametersJsonSchema` instead (its comment: \"Schemas with $schema are routed to the equivalent API json schema field\"). " +
		"The findings for `$schema` and `additionalProperties` say so. " +
		"`$ref`/`$defs` are reported by gemini/ref. Clients that send `parametersJsonSchema` instead (gemini-cli) use the gemini-jsonschema profile. " +
		"Fix: drop the keyword or state it in the description; `mcp-contract sanitize --profile gemini` drops keys outside the list.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			for _, m := range s.Node.Members() {
				if geminiSchemaFields[m.Key] || geminiRefKeywords[m.Key] {
					continue
				}
				where := "keyword %q is not supported"
				if path := geminiKeywordPaths[m.Key]; path != "" {
					where = "keyword %q is refused on the parameters path; " + path
				}
				p.Report(m.Value, jsontree.Append(s.Pointer(), m.Key), providerFix(p.Rule.Profile, "drop the keyword or state it in the description"), where, m.Key)
			}
		})
	},
})
