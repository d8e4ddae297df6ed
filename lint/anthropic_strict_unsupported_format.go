package lint

import "github.com/mcp-contract/mcp-contract/contract"

// anthropicStrictFormats is the SDK's SupportedStringFormats.
var anthropicStrictFormats = providerSet("date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid")

var _ = register(&Rule{
	ID:       "anthropic-strict/unsupported-format",
	Profile:  ProfileAnthropicStrict,
	Severity: contract.Error,
	Summary:  "string format strict tool use does not support",
	Help: "Strict tool use supports the string formats `date-time`, `time`, `date`, `duration`, `email`, `hostname`, `uri`, `ipv4`, `ipv6` and `uuid` " +
		"(anthropic-sdk-python `transform_schema`'s SupportedStringFormats; the SDK moves any other format into the description). " +
		"Fix: drop the format and state it in the description; `mcp-contract sanitize --profile anthropic-strict` does it.",
	CheckTool: func(p *Pass) { providerCheckFormats(p, anthropicStrictFormats) },
})
