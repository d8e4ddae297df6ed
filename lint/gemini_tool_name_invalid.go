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
		"and one bad declaration fails the whole request. Re-read from the pinned SDKs (testdata/clients): `@google/genai` 3.6.1 genai.d.ts documents " +
		"`FunctionDeclaration.name` as \"a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 128\"; " +
		"`@google/generative-ai` 0.24.1 (what LangChain sends through) documents \"underscores and dashes, with a max length of 64\". Neither SDK " +
		"checks the name itself (a 100-character probe passes all five Gemini paths). 63 stays the limit: it is the one every client path " +
		"and gemini-cli accept. Client prefixes (`server__tool`) make long names longer. " +
		"Fix: rename the tool; `mcp-contract sanitize --profile gemini` rewrites the names.",
	CheckTool: func(p *Pass) { providerCheckName(p, geminiNames) },
})
