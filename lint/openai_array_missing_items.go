package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "openai/array-missing-items",
	Profile:  ProfileOpenAI,
	Severity: contract.Error,
	Summary:  "array schema without items",
	Help: "OpenAI meta-validates function parameters even without strict mode and refuses an array schema that has no `items`: " +
		"\"array schema missing items\" (mark3labs/mcphost#35, sigoden/aichat#1049, meilisearch/meilisearch-mcp#27). " +
		"VS Code Copilot refuses the same construct (\"tool parameters array type must have items\", agentscope-ai/ReMe#84). " +
		"Fix: give every array an `items` schema (`{}` if any element is allowed); `mcp-contract sanitize --profile openai` adds it.",
	CheckTool: providerCheckArrayItems,
})
