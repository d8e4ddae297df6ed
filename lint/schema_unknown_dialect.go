package lint

import (
	"errors"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
)

var _ = register(&Rule{
	ID:       "schema/unknown-dialect",
	Profile:  ProfileSchema,
	Severity: contract.Warning,
	Summary:  `"$schema" names a JSON Schema dialect that is not recognised`,
	Help: `Why: MCP 2026-07-28 (basic/index.mdx §JSON Schema Usage) lets a schema declare
its dialect with "$schema", requires support for 2020-12 only, and says an
implementation MUST answer an unsupported dialect with an error. A client that
does not know the URI rejects the tool or, worse, guesses. Many LLM providers
know only 2020-12 or an OpenAPI subset.

Recognised: draft-04, draft-06, draft-07, 2019-09 and 2020-12, as
http(s)://json-schema.org/... with or without a trailing "#". A custom
meta-schema URI is never fetched to find out what it means.

Fix: use one of the standard URIs, e.g. "https://json-schema.org/draft/2020-12/schema",
or drop "$schema" to get the 2020-12 default.`,
	CheckTool: func(p *Pass) {
		for _, root := range toolSchemas(p.Tool) {
			_, err := schemacheck.DialectOf(root.Node)
			var unknown *schemacheck.UnknownDialectError
			if errors.As(err, &unknown) {
				p.Report(root.Node.Get("$schema"), root.Pointer+"/$schema",
					`use "https://json-schema.org/draft/2020-12/schema" or remove "$schema"`,
					"unknown JSON Schema dialect %s; the schema cannot be checked against its dialect", unknown.URI)
			}
		}
	},
})
