package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "anthropic/tool-name-invalid",
	Profile:  ProfileAnthropic,
	Severity: contract.Error,
	Summary:  "tool name must match ^[a-zA-Z0-9_-]{1,128}$",
	Help: "Anthropic validates tool names against ^[a-zA-Z0-9_-]{1,128}$: `tools.N.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'` " +
		"(modelcontextprotocol/modelcontextprotocol#1345; home-assistant/core#147760), and `String should have at most 128 characters` " +
		"(anthropics/claude-code#96152). Dots, which the MCP spec allows (`admin.tools.list`), are refused. Older deployments used {1,64} " +
		"(apify/tester-mcp-client#11; weak evidence). Fix: rename the tool with letters, digits, `_` and `-`; " +
		"`mcp-contract sanitize --profile anthropic` rewrites the names.",
	CheckTool: func(p *Pass) { providerCheckName(p, anthropicNames) },
})
