package lint

import (
	"strings"
	"unicode/utf8"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// agentsFunctionName is the Agents SDK's toFunctionToolName
// (@openai/agents-core 0.20.0 utils/tools.mjs): every character outside
// a-z A-Z 0-9 becomes "_", one UTF-16 unit at a time.
func agentsFunctionName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if providerAlnum(r) || r == '_' {
			b.WriteRune(r)
			continue
		}
		n := 1
		if r > 0xFFFF {
			n = 2
		}
		b.WriteString(strings.Repeat("_", n))
	}
	return b.String()
}

var _ = register(&Rule{
	ID:       "openai-agents/tool-name-renamed",
	Profile:  ProfileOpenAIAgents,
	Severity: contract.Warning,
	Summary:  "the OpenAI Agents SDK sends the tool under another name",
	Help: "The OpenAI Agents SDK's tool() (`@openai/agents-core` 0.20.0, utils/tools.mjs toFunctionToolName) replaces every character " +
		"outside a-z A-Z 0-9 with `_`, so `get-env` reaches the model as `get_env` (the SDK still calls the MCP tool by its own name). " +
		"The raw API would have taken `-`; what changes is the name the model, logs and traces see, and two tools that differ only there " +
		"collide (\"Duplicate tool names found across MCP servers\"). Measured with testdata/clients/harness.mjs: 20 of the 318 corpus tools are renamed. " +
		"Fix: name tools with letters, digits and `_` only.",
	CheckTool: func(p *Pass) {
		name := p.Tool.Node.Get("name")
		if !name.Is(jsontree.String) || name.Text == "" {
			return
		}
		if sent := agentsFunctionName(name.Text); sent != name.Text {
			p.Report(name, "/name", "use letters, digits and _ only",
				"the OpenAI Agents SDK sends tool %s as %s", providerQuote(name.Text, 80), providerQuote(sent, 80))
		}
	},
})

var _ = register(&Rule{
	ID:       "openai-agents/tool-name-too-long",
	Profile:  ProfileOpenAIAgents,
	Severity: contract.Error,
	Summary:  "tool name longer than 64 characters",
	Help: "The Agents SDK renames characters but not length: a plain MCP tool keeps its name (mcp.mjs shortens only names it prefixes " +
		"with the server's, to 64), and OpenAI refuses a function name longer than 64 (^[a-zA-Z0-9_-]{1,64}$, as openai/tool-name-invalid says). " +
		"Fix: shorten the name.",
	CheckTool: func(p *Pass) {
		name := p.Tool.Node.Get("name")
		if !name.Is(jsontree.String) {
			return
		}
		if n := utf8.RuneCountInString(name.Text); n > 64 {
			p.Report(name, "/name", "shorten the name", "tool name %s is %d characters long (at most 64)", providerQuote(name.Text, 80), n)
		}
	},
})
