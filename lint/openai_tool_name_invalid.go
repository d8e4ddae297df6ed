package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "openai/tool-name-invalid",
	Profile:  ProfileOpenAI,
	Severity: contract.Error,
	Summary:  "tool name must match ^[a-zA-Z0-9_-]{1,64}$",
	Help: "OpenAI validates every function name against ^[a-zA-Z0-9_-]{1,64}$ and refuses the whole request otherwise: " +
		"\"Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.\" " +
		"(brekkylab/ailoy#109; openai/codex#8174 for `calendar.respondToEvent`). The 64-character limit is the API reference's wording and the legacy " +
		"error `'Google Search' does not match '^[a-zA-Z0-9_-]{1,64}$'` (langchain-ai/opengpts#11). Dots, which the MCP spec allows " +
		"(`admin.tools.list`), are the usual culprit (cherry-studio#2895, csharp-sdk#679). " +
		"Fix: rename the tool with letters, digits, `_` and `-` only, at most 64 characters; `mcp-contract sanitize --profile openai` rewrites the names.",
	CheckTool: func(p *Pass) { providerCheckName(p, openAINames) },
})
