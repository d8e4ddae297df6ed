package lint

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

var _ = register(&Rule{
	ID:       "schema/external-ref",
	Profile:  ProfileSchema,
	Severity: contract.Error,
	Summary:  `a "$ref" points outside the schema document`,
	Help: `Why: MCP 2026-07-28 (basic/index.mdx §$ref Resolution, SEP-2106) says
implementations MUST NOT automatically dereference a "$ref" that resolves to a
network URI, and a schema that fails because of an unresolved external "$ref"
SHOULD be rejected rather than treated as permissive. So the referenced part
of the contract does not exist for a conforming client: arguments it should
constrain go unchecked, or the tool is rejected. LLM providers never fetch
references either.

What is checked: every "$ref"/"$dynamicRef" whose URI part (before "#") is not
empty and is not the "$id" of a schema embedded in the same document.
mcp-contract never fetches it either.

Fix: copy the referenced schema into "$defs" and point at it with
"#/$defs/Name".`,
	CheckTool: func(p *Pass) {
		for _, root := range checkableSchemas(p.Tool) {
			var ids map[string]bool
			eachRef(root, func(r schemaRef) {
				base, _, _ := strings.Cut(r.Value, "#")
				if base == "" {
					return
				}
				if ids == nil {
					ids = documentIDs(root)
				}
				if ids[base] {
					return
				}
				p.Report(r.Node, r.Pointer, `inline the referenced schema under "$defs" and use "#/$defs/..."`,
					"reference %q points outside the schema; it is never fetched, so this part of the contract is missing", r.Value)
			})
		}
	},
})
