package lint

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
)

var _ = register(&Rule{
	ID:       "schema/too-complex",
	Profile:  ProfileSchema,
	Severity: contract.Warning,
	Summary:  "a schema is deeper, larger or more referenced than clients are asked to handle",
	Help: fmt.Sprintf(`Why: MCP 2026-07-28 (SEP-2106 §Composition-Keyword Resource Use) says
implementations SHOULD bound the work spent on a schema (a depth limit, a
subschema cap, a time budget) but gives no numbers, so each client picks its
own and a large schema is refused somewhere. Providers have hard limits well
below these (OpenAI strict mode: 10 nesting levels, 5000 properties), and
every level and reference costs model context.

Limits (JSON values, counted iteratively so the check itself is safe on any input):
  nesting depth    > %d levels (the root is level 1; a value inside an
                     object or array is one level deeper)
  size             > %d JSON values
  $ref fan-out     > %d "$ref"/"$dynamicRef" keywords
The deepest schema among the real servers in testdata/corpus nests 12 levels
and the largest has 199 values. Over these limits mcp-contract checks nothing
else in the schema (the other schema/* and x-mcp-header rules stay silent for
it, and "validate" refuses it), so other problems may be hidden.

Fix: flatten nesting, move repeated parts into "$defs" referenced once, or
split the tool.`, schemacheck.DefaultLimits.MaxDepth, schemacheck.DefaultLimits.MaxNodes, schemacheck.DefaultLimits.MaxRefs),
	CheckTool: func(p *Pass) {
		for _, root := range toolSchemas(p.Tool) {
			over := schemacheck.DefaultLimits.Exceeds(schemacheck.Measure(root.Node))
			if over != nil {
				p.Report(root.Node, root.Pointer, "flatten the schema or split the tool",
					"schema is too complex: %s", strings.Join(over, "; "))
			}
		}
	},
})
