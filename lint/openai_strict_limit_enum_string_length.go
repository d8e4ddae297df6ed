package lint

import (
	"unicode/utf8"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// A string enum with more than openAIStrictLargeEnum values may total at most
// openAIStrictLargeEnumLength characters (2026 revision).
const (
	openAIStrictLargeEnum       = 250
	openAIStrictLargeEnumLength = 15000
)

var _ = register(&Rule{
	ID:       "openai-strict/limit-enum-string-length",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "a string enum of more than 250 values exceeds 15,000 characters",
	Help: "For a single enum property with string values, the total string length of all values may not exceed 15,000 characters when " +
		"there are more than 250 values (Structured Outputs guide, §Supported schemas, 2026 revision; 7,500 in the early revision). " +
		"Fix: accept a free string and validate server-side, or shorten the values.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			enum := s.Node.Get("enum")
			if !enum.Is(jsontree.Array) || len(enum.Items()) <= openAIStrictLargeEnum {
				return
			}
			total := 0
			for _, v := range enum.Items() {
				if !v.Is(jsontree.String) {
					return
				}
				total += utf8.RuneCountInString(v.Text)
			}
			if total > openAIStrictLargeEnumLength {
				p.Report(enum, jsontree.Append(s.Pointer(), "enum"), "accept a free string and validate server-side",
					"enum of %d strings totals %d characters (limit %d above %d values)",
					len(enum.Items()), total, openAIStrictLargeEnumLength, openAIStrictLargeEnum)
			}
		})
	},
})
