package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "gemini-jsonschema/tool-name-invalid",
	Profile:  ProfileGeminiJSONSchema,
	Severity: contract.Error,
	Summary:  "tool name must match ^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$",
	Help: "Sending the schema through `parametersJsonSchema` (as gemini-cli does) changes nothing for the name: the FunctionDeclaration name " +
		"must start with a letter or underscore, use a-z, A-Z, 0-9, `_`, `.`, `:`, `-` and stay within 63 characters to be safe " +
		"(Vertex v1beta1 `FunctionDeclaration.name`; `[FIELD_INVALID] Invalid function name`, wonderwhy-er/DesktopCommanderMCP#79; gemini-cli truncates to 63). " +
		"Fix: rename the tool; `mcp-contract sanitize --profile gemini-jsonschema` rewrites the names.",
	CheckTool: func(p *Pass) { providerCheckName(p, geminiNames) },
})
