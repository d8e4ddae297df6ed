package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "openai/property-not-schema",
	Profile:  ProfileOpenAI,
	Severity: contract.Error,
	Summary:  "a properties value that is not a schema",
	Help: "OpenAI meta-validates function parameters and refuses a `properties` entry that is not a schema object or boolean, such as " +
		"`\"count\": \"number\"`: `'object' is not of type 'object', 'boolean'` (smallmain/vscode-unify-chat-provider#162). " +
		"Fix: write each property as a schema (`{\"type\": \"number\"}`); `mcp-contract sanitize --profile openai` repairs the common shorthand.",
	CheckTool: providerCheckPropertySchemas,
})
