package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "gemini/ref",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "$ref or $defs, which Gemini's Schema proto lacks",
	Help: "The Gemini API's Schema proto has no `$ref`, `$defs` or `definitions` (only Vertex v1beta1 has `ref`/`defs`, without the `$`), so a " +
		"schema that uses them is refused with `Unknown name \"$ref\"`/`\"$defs\"` (google-gemini/gemini-cli#13326; anomalyco/opencode#14234 lists " +
		"`$ref/$defs (not supported)`). Recursive schemas cannot be expressed at all. " +
		"Fix: inline the definitions; `mcp-contract sanitize --profile gemini` inlines local `$ref` and reports cycles.",
	CheckTool: func(p *Pass) {
		providerCheckKeywords(p, func(_ schemawalk.Schema, key string) bool { return geminiRefKeywords[key] },
			"inline the referenced schema")
	},
})
