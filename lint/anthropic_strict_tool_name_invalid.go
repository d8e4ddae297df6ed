package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "anthropic-strict/tool-name-invalid",
	Profile:  ProfileAnthropicStrict,
	Severity: contract.Error,
	Summary:  "tool name must match ^[a-zA-Z0-9_-]{1,128}$",
	Help: "Strict tool use keeps Anthropic's name pattern ^[a-zA-Z0-9_-]{1,128}$ (`tools.N.custom.name: String should match pattern`, " +
		"modelcontextprotocol/modelcontextprotocol#1345; home-assistant/core#147760). Fix: rename the tool with letters, digits, `_` and `-`; " +
		"`mcp-contract sanitize --profile anthropic-strict` rewrites the names.",
	CheckTool: func(p *Pass) { providerCheckName(p, anthropicNames) },
})
