package openapi

import "github.com/mcp-contract/mcp-contract/contract"

var operationMissing = register(&Rule{
	ID:       "openapi/operation-missing",
	Severity: contract.Error,
	Summary:  "the operation a tool is bound to is not in the OpenAPI document",
	Help: `The config binds the tool to an operationId the spec does not have: the operation was
removed or renamed, and every call of the tool now fails (or calls something else). Fix: bind the
tool to the operation that replaced it in the config's openapi.operations, or remove the tool.`,
})
