package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "openai/object-missing-properties",
	Profile:  ProfileOpenAI,
	Severity: contract.Error,
	Summary:  "inputSchema root of type object without properties",
	Help: "OpenAI refuses a parameters root `{\"type\":\"object\"}` that has no `properties`, even outside strict mode: " +
		"\"In context=(), object schema missing properties\" (github/github-mcp-server#1548, mark3labs/mcphost#88). " +
		"LM Studio, LibreChat and other OpenAI-compatible servers fail the same way (unclecode/crawl4ai#2207). " +
		"Only the root is checked: nested objects without properties are accepted outside strict mode (see openai-strict/object-missing-properties). " +
		"Fix: emit `\"properties\": {}` for tools without parameters; `mcp-contract sanitize --profile openai` adds it.",
	CheckTool: func(p *Pass) { providerCheckObjectProperties(p, true) },
})
