package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
)

var _ = register(&Rule{
	ID:       "schema/invalid",
	Profile:  ProfileSchema,
	Severity: contract.Error,
	Summary:  "inputSchema or outputSchema fails its dialect's meta-schema",
	Help: `Why: MCP 2026-07-28 (basic/index.mdx §JSON Schema Usage) says schemas MUST be
valid under their dialect, and clients and servers MUST validate them against
the declared dialect (2020-12 when "$schema" is absent, since 2025-11-25,
SEP-1613). A client that validates rejects the tool; one that does not may
send arguments the server never expected. Mistral rejects meta-invalid schemas
outright ("Invalid tool schema: ... is not valid under any of the given
schemas", SylphxAI/pdf-reader-mcp#63), e.g. draft-04's boolean
"exclusiveMinimum" under a 2020-12 (default) dialect.

What is checked: the schema against the official meta-schema of its dialect
(draft-04, draft-06, draft-07, 2019-09, 2020-12), with santhosh-tekuri/jsonschema.
The finding names the failing keyword and points at it. References are not
followed here (see schema/external-ref and schema/unresolved-ref); schemas
with an unknown "$schema" (schema/unknown-dialect) or over the size limits
(schema/too-complex) are not meta-validated, to avoid a second finding about
the same cause.

Fix: correct the keyword as the message says, or declare the dialect the
schema is written in with "$schema" (e.g. "http://json-schema.org/draft-07/schema#").`,
	CheckTool: func(p *Pass) {
		for _, root := range toolSchemas(p.Tool) {
			violations, dialect, err := schemacheck.MetaValidate(root.Node)
			if err != nil {
				continue // unknown dialect or too complex: their own rules report it
			}
			for _, v := range violations {
				node, ok := root.Node.Lookup(v.Pointer)
				if !ok {
					node = root.Node
				}
				p.Report(node, root.Pointer+v.Pointer, `fix the keyword, or declare the dialect the schema is written in with "$schema"`, "%q is invalid under the %s meta-schema: %s", v.Keyword, dialect, v.Message)
			}
		}
	},
})
