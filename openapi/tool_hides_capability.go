package openapi

import "github.com/mcp-contract/mcp-contract/contract"

var toolHidesCapability = register(&Rule{
	ID:       "openapi/tool-hides-capability",
	Severity: contract.Info,
	Summary:  "the operation accepts parameters or values the tool cannot send",
	Help: `The tool is narrower than the API: a parameter, property or enum value the operation accepts
has no way through the tool. That can be on purpose (a tool that only lists open issues); it is
reported so that it is a decision and not an accident. Fix: nothing, or add the parameter to the
tool's inputSchema.`,
})
