package collisions

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
)

var prefixedNameInvalid = register(&Rule{
	ID:       "collision/prefixed-name-invalid",
	Severity: contract.Error,
	Summary:  "the name a client builds (prefix + tool) breaks a selected provider's character rules",
	Help: "The server name becomes part of every tool name the client sends: a server called awslabs.aws-documentation-mcp-server " +
		"or \"Google Sheets\" puts '.' or ' ' into mcp__{server}__{tool}, which OpenAI (^[a-zA-Z0-9_-]+$) and Anthropic " +
		"(^[a-zA-Z0-9_-]{1,128}$) refuse with HTTP 400 for the whole request (coder/coder#26539, macro-inc/macro#5921, " +
		"agentscope-ai/agentscope#1787); Gemini accepts '.' and ':' but wants the name to start with a letter or _, so a " +
		"server named 1password breaks {server}__{tool}. " +
		"What is checked: for each tool whose own name passes a provider, the name under each selected prefix style against that " +
		"provider's characters and first character; as the cause is the server name (or the style), the finding is one per " +
		"server, on its first affected tool. " +
		"Fix: rename the server in the client config to the name the finding proposes, or drop a prefix style no server name can satisfy.",
})

var _ = addCatalogCheck(prefixedNameInvalid, func(k *checker, cat int, c *contract.Catalog) {
	if len(k.opts.Providers) == 0 {
		return
	}
	var first *contract.Tool
	affected := 0
	// One example per style and reason, naming every provider it breaks:
	// the cause is the server name, so the first affected tool shows it.
	type example struct{ built, why string }
	var order []example
	refusers := map[example][]string{}
	for _, t := range c.Tools {
		if t.Name == "" {
			continue
		}
		hit := false
		for _, st := range k.styles {
			built := st.Build(c.Server, t.Name)
			for _, p := range k.opts.Providers {
				why := p.invalid(built)
				if why == "" || p.invalid(t.Name) != "" {
					continue
				}
				hit = true
				if first != nil && first != t {
					continue
				}
				ex := example{st.builds() + " " + quote(built), why}
				if refusers[ex] == nil {
					order = append(order, ex)
				}
				refusers[ex] = append(refusers[ex], p.Name)
			}
		}
		if hit {
			affected++
			if first == nil {
				first = t
			}
		}
	}
	parts := make([]string, len(order))
	for i, ex := range order {
		verb := "refuses"
		if len(refusers[ex]) > 1 {
			verb = "refuse"
		}
		parts[i] = fmt.Sprintf("%s, which %s %s (%s)", ex.built, english.List(refusers[ex], "and"), verb, ex.why)
	}
	if first == nil {
		return
	}
	f := k.finding(prefixedNameInvalid, ref{cat: cat, c: c, t: first}, k.serverFix(c.Server),
		"server name %q makes the names clients build invalid for %d of its tools: %s", c.Server, affected, strings.Join(parts, "; "))
	f.Tool = "" // the server's name is at fault, not one tool's
	k.out = append(k.out, f)
})

// serverFix proposes a server name every selected style and provider
// accepts, or names the style no server name can fix.
func (k *checker) serverFix(server string) string {
	name := cleanName(server)
	for _, st := range k.styles {
		for _, p := range k.opts.Providers {
			if p.invalid(st.Build(name, "tool")) != "" {
				return fmt.Sprintf("drop the prefix style %q from collisions.prefix-styles: no server name makes it valid for %s", st.Template, p.Name)
			}
		}
	}
	return fmt.Sprintf("rename the server to %q in the client config (it passes %s)", name, k.passes())
}
