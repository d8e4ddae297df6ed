package lint

import (
	"net/url"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "schema/unresolved-ref",
	Profile:  ProfileSchema,
	Severity: contract.Error,
	Summary:  `a local "$ref" names a pointer or anchor that does not exist`,
	Help: `Why: a "$ref" such as "#/$defs/account" or "#account" that resolves to nothing
makes the schema unusable: validators refuse to compile it (santhosh-tekuri/
jsonschema: "json-pointer ... not found"), and MCP 2026-07-28 (basic/index.mdx
§$ref Resolution) says a schema failing on an unresolved reference SHOULD be
rejected. SDKs that inline references (typescript-sdk dereferenceLocalRefs,
PR #1563) throw on it; modelcontextprotocol/typescript-sdk#1175 is an
outputSchema whose references failed to resolve.

What is checked: every "$ref"/"$dynamicRef" starting with "#", against the
schema resource it sits in (the document, or the nearest subschema with its
own "$id"): "#" is the resource itself, "#/..." a JSON pointer (percent-decoded
as RFC 6901 §6 says), "#name" an "$anchor"/"$dynamicAnchor" (or a draft-07
"$id": "#name").

Fix: correct the pointer, or add the missing definition under "$defs".`,
	CheckTool: func(p *Pass) {
		for _, root := range checkableSchemas(p.Tool) {
			eachRef(root, func(r schemaRef) {
				fragment, ok := strings.CutPrefix(r.Value, "#")
				if !ok {
					return // not local: schema/external-ref, or an embedded "$id"
				}
				if problem := resolveFragment(r.Resource, fragment); problem != "" {
					p.Report(r.Node, r.Pointer, `point at an existing definition, e.g. "#/$defs/Name"`,
						"reference %q does not resolve: %s", r.Value, problem)
				}
			})
		}
	},
})

// resolveFragment says why fragment names nothing in resource ("" when it resolves).
func resolveFragment(resource *jsontree.Node, fragment string) string {
	if fragment == "" {
		return ""
	}
	if strings.HasPrefix(fragment, "/") {
		pointer, err := url.PathUnescape(fragment)
		if err != nil {
			return "the JSON pointer is not validly percent-encoded"
		}
		if _, ok := resource.Lookup(pointer); !ok {
			return "no value at JSON pointer " + pointer
		}
		return ""
	}
	found := false
	schemawalk.Walk(resource, "", func(s schemawalk.Schema) bool {
		for _, key := range []string{"$anchor", "$dynamicAnchor"} {
			if s.Node.Get(key).IsString(fragment) {
				found = true
			}
		}
		for _, key := range []string{"$id", "id"} {
			if s.Node.Get(key).IsString("#" + fragment) {
				found = true
			}
		}
		return !found
	})
	if !found {
		return "no anchor named " + fragment
	}
	return ""
}
