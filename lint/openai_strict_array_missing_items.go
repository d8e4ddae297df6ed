package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "openai-strict/array-missing-items",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "array schema without items",
	Help: "OpenAI refuses an array schema without `items` in every mode (\"array schema missing items\", mark3labs/mcphost#35, " +
		"meilisearch/meilisearch-mcp#27); strict mode additionally needs the items schema itself to be strict. " +
		"Fix: give every array an `items` schema; `mcp-contract sanitize --profile openai-strict` adds it.",
	CheckTool: providerCheckArrayItems,
})
