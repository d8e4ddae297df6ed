package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "gemini/object-without-properties",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "nested object schema without properties",
	Help: "Gemini's `parameters` (the Schema proto) refuses an OBJECT below the root whose `properties` is missing or empty: " +
		"`properties: should be non-empty for OBJECT type` (browser-use/browser-use#3786, the same proto in `response_schema`). " +
		"The clients do not save it: measured with testdata/clients/harness.mjs, ai 6 + `@ai-sdk/google` 3.0.141 " +
		"(convertJSONSchemaToOpenAPISchema turns an empty object schema into `{\"type\": \"object\"}`), `@langchain/google-genai` 2.3.2 " +
		"and `@google/genai` 3.6.1's tTool send such a node as it is. An empty root is not reported: ai 6 and LangChain then send no " +
		"parameters at all. Clients that send `parametersJsonSchema` (ai 7 + `@ai-sdk/google` 4, `@google/genai` mcpToTool) are held to " +
		"gemini-jsonschema instead, which takes free-form objects. " +
		"Fix: declare the object's properties, or take the value as a string holding JSON and say so in the description.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if s.Depth == 0 || !schemawalk.HasType(s.Node, "object") {
				return
			}
			props := s.Node.Get("properties")
			if props.Is(jsontree.Object) && len(props.Members()) > 0 {
				return
			}
			p.Report(s.Node, s.Pointer(), "declare the object's properties, or take a JSON string",
				"object schema has no properties; Gemini's parameters answer \"properties: should be non-empty for OBJECT type\"")
		})
	},
})
