package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "gemini/tool-name-invalid",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "tool name must match ^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$",
	Help: "Gemini function names must start with a letter or underscore, use only a-z, A-Z, 0-9, `_`, `.`, `-` (and `:`, mcp-router/mcp-router#177) " +
		"and be at most 64 characters (Vertex v1beta1 `FunctionDeclaration.name`); `FunctionResponse.name` allows 63 and gemini-cli truncates to 63, " +
		"so 63 is the safe limit, and collision/prefixed-name-too-long checks prefixed names against the same 63. The live error is `[FIELD_INVALID] Invalid function name` (wonderwhy-er/DesktopCommanderMCP#79; litellm#12543, opencode#16768), " +
		"and one bad declaration fails the whole request. Client prefixes (`server__tool`) make long names longer. " +
		"Fix: rename the tool; `mcp-contract sanitize --profile gemini` rewrites the names.",
	CheckTool: func(p *Pass) { providerCheckName(p, geminiNames) },
})
