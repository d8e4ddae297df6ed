package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "openai-strict/tool-name-invalid",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "tool name must match ^[a-zA-Z0-9_-]{1,64}$",
	Help: "Strict mode keeps OpenAI's function-name pattern, so a client that sends tools with `strict: true` hits the same refusal as " +
		"openai/tool-name-invalid: \"Invalid 'tools[0].function.name': string does not match pattern\" (brekkylab/ailoy#109, openai/codex#8174). " +
		"Fix: rename the tool with letters, digits, `_` and `-` only, at most 64 characters; `mcp-contract sanitize --profile openai-strict` rewrites the names.",
	CheckTool: func(p *Pass) { providerCheckName(p, openAINames) },
})
