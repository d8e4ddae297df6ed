package sanitize

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// nameRule is one provider's tool-name pattern: allowed characters, allowed
// first characters (nil: same as the rest) and a maximum length.
type nameRule struct {
	allowed func(r rune) bool
	first   func(r rune) bool
	max     int
}

func alnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

var (
	// ^[a-zA-Z0-9_-]{1,64}$: `'Google Search' does not match
	// '^[a-zA-Z0-9_-]{1,64}$'` (langchain-ai/opengpts#11), and the API
	// reference's "maximum length of 64".
	openAINames = nameRule{allowed: func(r rune) bool { return alnum(r) || r == '_' || r == '-' }, max: 64}
	// ^[a-zA-Z0-9_-]{1,128}$: `tools.N.custom.name: String should match
	// pattern '^[a-zA-Z0-9_-]{1,128}$'` (modelcontextprotocol/modelcontextprotocol#1345).
	anthropicNames = nameRule{allowed: openAINames.allowed, max: 128}
	// ^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$: Vertex FunctionDeclaration.name, a
	// colon per mcp-router/mcp-router#177; 63 characters as gemini-cli
	// truncates (FunctionResponse.name is documented as at most 63).
	geminiNames = nameRule{
		allowed: func(r rune) bool { return alnum(r) || strings.ContainsRune("_.:-", r) },
		first:   func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_' },
		max:     63,
	}
)

var nameRules = map[string]nameRule{
	OpenAI: openAINames, OpenAIStrict: openAINames,
	Anthropic: anthropicNames, AnthropicStrict: anthropicNames,
	Gemini: geminiNames, GeminiJSONSchema: geminiNames,
}

// fix rewrites a name to fit: other characters become "_" (as gemini-cli
// does), a bad first character gets a "_" before it, and a long name keeps
// its start and end around "___", gemini-cli's truncation.
func (r nameRule) fix(name string) string {
	var b strings.Builder
	for _, c := range name {
		if r.allowed(c) {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	out := b.String()
	if out == "" {
		out = "tool"
	}
	if r.first != nil && !r.first(rune(out[0])) {
		out = "_" + out
	}
	return r.truncate(out)
}

// truncate works on bytes: after fix every character is ASCII.
func (r nameRule) truncate(s string) string {
	if len(s) <= r.max {
		return s
	}
	head := (r.max - 3) / 2
	tail := r.max - 3 - head
	return s[:head] + "___" + s[len(s)-tail:]
}

// renameTools gives every tool of list a name the profile accepts, keeping
// names unique: two tools renamed alike would make the client call the
// wrong one. It returns the rename of each tool (nil: kept).
func renameTools(c *contract.Catalog, list *jsontree.Node, profile string) []*Change {
	changes := make([]*Change, len(list.Items()))
	rule, ok := nameRules[profile]
	if !ok {
		return changes
	}
	taken := map[string]bool{}
	for i := range list.Items() {
		taken[c.Tools[i].Name] = true
	}
	for i, t := range list.Items() {
		old := c.Tools[i].Name
		name := rule.fix(old)
		if name == old {
			continue
		}
		base := name
		for n := 2; taken[name]; n++ {
			suffix := fmt.Sprintf("_%d", n)
			if len(base)+len(suffix) > rule.max {
				base = base[:rule.max-len(suffix)]
			}
			name = base + suffix
		}
		taken[name] = true
		t.Set("name", str(name))
		changes[i] = &Change{Tool: old, Pointer: "/name", Action: "rename-tool", Detail: fmt.Sprintf("renamed %q to %q to match the provider's name pattern", old, name)}
	}
	return changes
}
