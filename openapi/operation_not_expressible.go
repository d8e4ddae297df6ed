package openapi

import "github.com/mcp-contract/mcp-contract/contract"

var operationNotExpressible = register(&Rule{
	ID:       "openapi/operation-not-expressible",
	Severity: contract.Warning,
	Summary:  "part of an operation cannot be carried by the tool `openapi tools` generates",
	Help: `Every operation becomes a tool, whatever its body's media type: JSON, form and multipart
bodies become arguments (file parts as base64 strings with contentEncoding and contentMediaType),
a text body one string "body", any other body one base64 "body". What still has no place in a
tool's arguments is reported here, on the spec's line: a parameter whose name another parameter
already takes, a request body with no content, a body that clashes with every name a body can
take. The tool is still written, without that part, so a call that needs it fails at the API.
Fix: rename the parameter or give the body a content type in the spec, or bind the tool by hand.`,
})
