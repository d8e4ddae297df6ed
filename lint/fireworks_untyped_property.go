package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// fireworksTypeLike are keywords that give a schema its shape without "type".
var fireworksTypeLike = []string{"type", "anyOf", "oneOf", "allOf", "$ref", "enum", "const"}

var _ = register(&Rule{
	ID:       "fireworks/untyped-property",
	Profile:  ProfileFireworks,
	Severity: contract.Error,
	Summary:  "property schema with no type",
	Help: "Fireworks AI refuses a property whose schema says nothing about its shape, such as one with only a description: " +
		"`fireworks_chat_tp: 400: JSON Schema not supported: could not understand the instance {'description': '...'}` (docker/mcp-gateway#234; weak evidence). " +
		"A property that is a combinator, a `$ref`, an `enum` or a `const` is not reported: the evidence is about schemas with none of these. " +
		"Fix: give the property a `type`; `mcp-contract sanitize --profile fireworks` adds one.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if s.Via != "properties" || !s.Node.Is(jsontree.Object) {
				return
			}
			for _, key := range fireworksTypeLike {
				if s.Node.Has(key) {
					return
				}
			}
			p.Report(s.Node, s.Pointer(), providerFix(p.Rule.Profile, `add a "type"`), "property %q has no type", s.Name)
		})
	},
})
