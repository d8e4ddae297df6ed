package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "anthropic-strict/root-combinator",
	Profile:  ProfileAnthropicStrict,
	Severity: contract.Error,
	Summary:  "anyOf, oneOf or allOf at the top level of inputSchema",
	Help: "Strict tool use shares the plain API's refusal of top-level combinators: `input_schema does not support oneOf, allOf, or anyOf at the top level` " +
		"(anthropics/claude-code#40075; langchain-ai/langchain#39271). Fix: a root `{\"type\":\"object\"}` listing every parameter; " +
		"`mcp-contract sanitize --profile anthropic-strict` flattens the root and reports what it loosened.",
	CheckTool: providerCheckRootCombinator,
})
