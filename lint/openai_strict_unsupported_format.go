package lint

import "github.com/mcp-contract/mcp-contract/contract"

// openAIStrictFormats is the 2026 supported list of string formats.
var openAIStrictFormats = providerSet("date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid")

var _ = register(&Rule{
	ID:       "openai-strict/unsupported-format",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "string format strict mode does not support",
	Help: "Strict mode supports only the formats `date-time`, `time`, `date`, `duration`, `email`, `hostname`, `ipv4`, `ipv6` and `uuid` " +
		"(Structured Outputs guide, §Supported schemas, 2026 revision). Others, such as `uri`, `uri-reference`, `byte` or `int32`, are refused: " +
		"`'uri' is not a valid format` (posit-dev/chatlas PR #255). " +
		"Fix: drop the format and say it in the description; `mcp-contract sanitize --profile openai-strict` moves it into the description.",
	CheckTool: func(p *Pass) { providerCheckFormats(p, openAIStrictFormats) },
})
