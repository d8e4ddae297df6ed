package openapi

import "github.com/mcp-contract/mcp-contract/contract"

var toolAcceptsWhatAPIRejects = register(&Rule{
	ID:       "openapi/tool-accepts-what-api-rejects",
	Severity: contract.Error,
	Summary:  "the tool's input accepts arguments the operation it calls rejects",
	Help: `A tool that wraps an HTTP operation is the API's client: every argument the model may send
must become a request the operation accepts. When the tool lets the model omit a parameter the
API requires, or allows a wider type, enum, bound, pattern or format, or a property the API's body
does not allow, the model sends it, the API answers 400 or 422, and the agent retries blind. The
comparison is drift's, with the tool as the old contract and the operation as the new one: what
drift would call breaking for callers is what the API rejects. Fix: narrow the tool's inputSchema
to the operation's (mcp-contract openapi tools SPEC --operation ID prints it), or widen the API.`,
})
