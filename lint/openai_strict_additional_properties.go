package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "openai-strict/additional-properties-not-false",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "object schema without additionalProperties: false",
	Help: "Strict mode requires `\"additionalProperties\": false` on every object node: the root, nested objects, array `items`, " +
		"`anyOf` branches and `$defs`. OpenAI answers: \"Invalid schema for function 'X': In context=('properties', 'files', 'items'), " +
		"'additionalProperties' is required to be supplied and to be false.\" (github/github-mcp-server#2011; vercel/ai#6704; Function calling guide, §Strict mode). " +
		"A map (`additionalProperties: {schema}` or `true`) cannot be expressed in strict mode at all. " +
		"The OpenAI Agents SDK closes an object with properties itself (the finding says so; the openai-agents profile does not report it), " +
		"but not one without properties (openai-agents/strict-fallback). " +
		"Fix: add `\"additionalProperties\": false` to each object; `mcp-contract sanitize --profile openai-strict` does it (as openai-python's `_ensure_strict_json_schema` does).",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if !schemawalk.IsObjectSchema(s.Node) {
				return
			}
			ap := s.Node.Get("additionalProperties")
			switch {
			case ap == nil && len(agentsMembers(s.Node.Get("properties"))) > 0:
				p.Report(s.Node, s.Pointer(), providerFix(p.Rule.Profile, `add "additionalProperties": false`),
					"object schema does not set \"additionalProperties\": false (%s)", agentsRewrites)
			case ap == nil:
				p.Report(s.Node, s.Pointer(), providerFix(p.Rule.Profile, `add "additionalProperties": false`),
					"object schema does not set \"additionalProperties\": false")
			case !(ap.Is(jsontree.Bool) && !ap.Bool):
				p.Report(ap, jsontree.Append(s.Pointer(), "additionalProperties"),
					providerFix(p.Rule.Profile, `list the keys as properties and set "additionalProperties": false`),
					"\"additionalProperties\" must be false in strict mode, not %s", providerShort(ap))
			}
		})
	},
})
