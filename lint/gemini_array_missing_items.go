package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "gemini/array-missing-items",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "array schema without items",
	Help: "Gemini's Schema proto needs `items` on every ARRAY: `...properties[eda_hosts].items: missing field.` (ogx-ai/ogx#3004; cline/cline#7339). " +
		"Fix: give every array an `items` schema; `mcp-contract sanitize --profile gemini` adds `items: {}`.",
	CheckTool: providerCheckArrayItems,
})
