package openapi

import "github.com/mcp-contract/mcp-contract/contract"

var toolOutputPromisesMore = register(&Rule{
	ID:       "openapi/tool-output-promises-more",
	Severity: contract.Error,
	Summary:  "the tool's outputSchema promises fields or types the operation's 2xx response does not guarantee",
	Help: `A tool's outputSchema is a promise to its consumers, and clients validate structuredContent
against it. When it requires a field the operation's 2xx response leaves optional, or types a
field more narrowly than the API does, a valid API answer becomes an invalid tool result. The
comparison is drift's, with the tool as the old contract and the operation as the new one. Fix:
derive the outputSchema from the operation's response (mcp-contract openapi tools SPEC), or make
the API guarantee what the tool promises.`,
})
