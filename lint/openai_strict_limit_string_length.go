package lint

import (
	"unicode/utf8"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// openAIStrictMaxStringLength is the 2026 limit on the total length of
// property names, definition names, enum values and const values.
const openAIStrictMaxStringLength = 120000

var _ = register(&Rule{
	ID:       "openai-strict/limit-string-length",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "property names, definition names and enum/const values exceed 120,000 characters",
	Help: "In a strict schema the total string length of all property names, definition names, enum values and const values may not " +
		"exceed 120,000 characters (Structured Outputs guide, §Supported schemas, 2026 revision; 15,000 in the early revision). " +
		"Fix: shorten long enums (accept a free string and validate server-side) or split the tool.",
	CheckTool: func(p *Pass) {
		total := 0
		providerWalk(p, func(s schemawalk.Schema) {
			for _, key := range []string{"properties", "$defs", "definitions"} {
				if names := s.Node.Get(key); names.Is(jsontree.Object) {
					for _, m := range names.Members() {
						total += utf8.RuneCountInString(m.Key)
					}
				}
			}
			if enum := s.Node.Get("enum"); enum.Is(jsontree.Array) {
				for _, v := range enum.Items() {
					total += providerValueLength(v)
				}
			}
			if c := s.Node.Get("const"); c != nil {
				total += providerValueLength(c)
			}
		})
		if total > openAIStrictMaxStringLength {
			p.Report(p.Tool.Input(), "/inputSchema", "shorten enums or split the tool",
				"names and enum/const values total %d characters (limit %d)", total, openAIStrictMaxStringLength)
		}
	},
})

// providerValueLength is the length OpenAI counts for an enum or const value:
// a string's characters, or a scalar's literal.
func providerValueLength(v *jsontree.Node) int {
	switch v.Kind {
	case jsontree.String, jsontree.Number:
		return utf8.RuneCountInString(v.Text)
	case jsontree.Bool:
		if v.Bool {
			return len("true")
		}
		return len("false")
	case jsontree.Null:
		return len("null")
	}
	return len(jsontree.Encode(v, jsontree.EncodeOptions{}))
}
