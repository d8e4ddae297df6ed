package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "gemini/required-not-in-properties",
	Profile:  ProfileGemini,
	Severity: contract.Error,
	Summary:  "required names a property the schema does not define",
	Help: "Gemini checks every `required` name against the same node's `properties` (an absent `properties` counts as empty): " +
		"`...parameters.required[0]: property is not defined` (anomalyco/opencode#3140; Kilo-Org/kilocode#11950; NousResearch/hermes-agent#64054); " +
		"gemini-cli#1458: `required fields ['model'] are not defined in the schema properties`. JSON Schema allows it, so servers ship it unnoticed. " +
		"Fix: define the property or drop the name from `required`; `mcp-contract sanitize --profile gemini` filters `required`.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			required := s.Node.Get("required")
			if !required.Is(jsontree.Array) {
				return
			}
			props := s.Node.Get("properties")
			for i, name := range required.Items() {
				if name.Is(jsontree.String) && props.Get(name.Text) == nil {
					p.Report(name, jsontree.AppendIndex(jsontree.Append(s.Pointer(), "required"), i),
						providerFix(p.Rule.Profile, "define the property or drop it from required"),
						"required names %q, which is not in properties", name.Text)
				}
			}
		})
	},
})
