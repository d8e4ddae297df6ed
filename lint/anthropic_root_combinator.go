package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "anthropic/root-combinator",
	Profile:  ProfileAnthropic,
	Severity: contract.Error,
	Summary:  "anyOf, oneOf or allOf at the top level of inputSchema",
	Help: "Anthropic refuses a tool whose input_schema uses a combinator at the top level: " +
		"`tools.N.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level` " +
		"(anthropics/claude-code#40075, #56174; cloudflare/mcp-server-cloudflare#224). Failing roots include " +
		"`{\"type\":\"object\",\"anyOf\":[{...required:[\"content\"]},{...required:[\"source_url\"]}]}` (langchain-ai/langchain#39271) and " +
		"`{\"oneOf\":[...]}` (MoonshotAI/kimi-code#2328) — the latter is SEP-2106's own example, valid MCP 2026-07-28. Nested combinators are accepted " +
		"(anomalyco/opencode#46628). Fix: a root `{\"type\":\"object\"}` listing every parameter, with the alternatives stated in the description " +
		"and checked by the server; `mcp-contract sanitize --profile anthropic` flattens the root and reports what it loosened.",
	CheckTool: providerCheckRootCombinator,
})
