package openapi

import "github.com/mcp-contract/mcp-contract/contract"

var toolUnbound = register(&Rule{
	ID:       "openapi/tool-unbound",
	Severity: contract.Warning,
	Summary:  "with operations: auto, a tool matches no operationId of the spec",
	Help: `With operations: auto each tool name is matched to an operationId, after a prefix or
suffix that every generated name shares (Notion's API-, for example). A tool that matches none is
not checked against the API at all. Fix: name the operation in the config's openapi.operations
map, or rename the tool after its operationId.`,
})

var operationUnbound = register(&Rule{
	ID:       "openapi/operation-unbound",
	Severity: contract.Info,
	Summary:  "with operations: auto, operations of the spec that no tool calls",
	Help: `Listed once per server, so that an operation left out of the tools is a decision. Fix:
nothing, or generate the missing tools with mcp-contract openapi tools SPEC --operation ID.`,
})
