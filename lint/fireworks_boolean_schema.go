package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "fireworks/boolean-schema",
	Profile:  ProfileFireworks,
	Severity: contract.Error,
	Summary:  "true/false used as a subschema (other than additionalProperties)",
	Help: "Fireworks AI fails on a bare boolean subschema such as `\"model\": true` with a 500 `internal_server_error` (grafana/mcp-grafana#594, " +
		"`create_alert_rule`/`update_alert_rule`; weak evidence). Go `interface{}`/`any` fields reflected by a JSON Schema library produce them; " +
		"the same tools crash Claude Desktop's MCP proxy (`Cannot use 'in' operator to search for 'properties' in true`, grafana/mcp-grafana#1054). " +
		"`additionalProperties: true/false` is the usual, accepted form and is not reported. " +
		"Fix: write `{}` for any value (and `{\"not\": {}}` for none); `mcp-contract sanitize --profile fireworks` rewrites them.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			if s.Node.Is(jsontree.Bool) && s.Via != "additionalProperties" {
				p.Report(s.Node, s.Pointer(), providerFix(p.Rule.Profile, `write {} instead of true, {"not":{}} instead of false`),
					"subschema is the boolean %t", s.Node.Bool)
			}
		})
	},
})
