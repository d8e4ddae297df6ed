package collisions

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
)

var prefixedNameTooLong = register(&Rule{
	ID:       "collision/prefixed-name-too-long",
	Severity: contract.Error,
	Summary:  "the name a client builds (prefix + tool) is over a selected provider's length limit",
	Help: "Provider name limits apply to the name the client sends, after it prefixes the server: OpenAI " +
		"^[a-zA-Z0-9_-]{1,64}$, Gemini ^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$ checked at 63 characters, as gemini/tool-name-invalid does " +
		"(FunctionDeclaration.name allows 64 but FunctionResponse.name 63; litellm#12543, opencode#16768), " +
		"Anthropic ^[a-zA-Z0-9_-]{1,128}$ (\"String should have at most 128 characters\", anthropics/claude-code#96152). " +
		"Claude Code sends mcp__{server}__{tool}, gemini-cli and the OpenAI Agents SDK {server}__{tool}, agentgateway " +
		"{server}_{tool}, so a 50-character tool name that lints clean fails every request once a 12-character server " +
		"name is in front of it; one refused function fails the whole request. " +
		"What is checked: for each tool whose own name fits, the name under each selected prefix style " +
		"(collisions.prefix-styles, default all three) against each provider the selected profiles name " +
		"(openai/openai-strict, gemini/gemini-jsonschema, anthropic/anthropic-strict); a tool name too long on its own is " +
		"the provider's lint rule (openai/tool-name-invalid, ...). " +
		"Fix: shorten the tool name to the length the finding states (it fits every selected provider under every selected style), " +
		"or shorten the server's name in the client config.",
})

var _ = addCatalogCheck(prefixedNameTooLong, func(k *checker, cat int, c *contract.Catalog) {
	if len(k.opts.Providers) == 0 {
		return
	}
	for _, t := range c.Tools {
		if t.Name == "" {
			continue
		}
		var parts []string
		bare := runeLen(t.Name)
		for _, st := range k.styles {
			// Lengths first: building the name only for a finding keeps
			// the common case free of allocations.
			n := st.overhead(c.Server) + bare
			var over []string
			for _, p := range k.opts.Providers {
				if n > p.MaxLen && bare <= p.MaxLen {
					over = append(over, fmt.Sprintf("%s's %d", p.Name, p.MaxLen))
				}
			}
			if len(over) > 0 {
				parts = append(parts, fmt.Sprintf("%s %q (%d characters), over %s", st.builds(), st.Build(c.Server, t.Name), n, english.List(over, "and")))
			}
		}
		if len(parts) == 0 {
			continue
		}
		at := ref{cat: cat, c: c, t: t}
		k.report(prefixedNameTooLong, at, nil, k.shortenFix(c.Server, t.Name),
			"tool name %q is too long once a client prefixes it: %s", t.Name, strings.Join(parts, "; "))
	}
})

// shortenFix proposes a shorter tool name that fits every selected provider
// under every selected style.
func (k *checker) shortenFix(server, tool string) string {
	budget := k.toolBudget(server)
	if budget < 1 {
		return fmt.Sprintf("shorten the server name %q: its prefixes alone reach the %d-character limit", server, k.nameLimit())
	}
	short := []rune(cleanName(tool))
	if len(short) > budget {
		short = short[:budget]
	}
	name := strings.TrimRight(string(short), "_-")
	return fmt.Sprintf("shorten the tool name to at most %d characters, e.g. %q (it passes %s), or the server name %q",
		budget, name, k.passes(), server)
}
