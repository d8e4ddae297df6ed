package lint

import (
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// One finding per object node, naming every optional property, rather than one
// per property: the fix is one edit of that node's "required", and a tool with
// twenty optional filters would otherwise bury every other finding.
// agentsRewrites ends the findings of what the OpenAI Agents SDK's strict
// rewrite (@openai/agents-core mcpToFunctionTool) repairs before the API
// sees it.
const agentsRewrites = "the OpenAI Agents SDK rewrites this itself; the raw API rejects it"

var _ = register(&Rule{
	ID:       "openai-strict/property-not-required",
	Profile:  ProfileOpenAIStrict,
	Severity: contract.Error,
	Summary:  "object schema whose required does not list exactly its properties",
	Help: "Strict mode requires every property to be listed in `required` on every object node, and `required` to name only existing " +
		"properties (Structured Outputs guide, §Supported schemas: \"all fields must be required\"; Function calling guide, §Strict mode). " +
		"Optional parameters are expressed as required ones that accept null. The OpenAI Agents SDK makes this rewrite itself (the finding says so; " +
		"the openai-agents profile does not report it). The finding is per object node and names every optional property. " +
		"Fix: add the names to `required` and make the formerly optional ones nullable (`\"type\": [\"string\", \"null\"]`); " +
		"`mcp-contract sanitize --profile openai-strict` does both, as openai-python's `_ensure_strict_json_schema` does.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			props := s.Node.Get("properties")
			if !props.Is(jsontree.Object) {
				return
			}
			required := map[string]bool{}
			for _, name := range s.Node.Get("required").Strings() {
				required[name] = true
			}
			var optional []string
			for _, m := range props.Members() {
				if !required[m.Key] {
					optional = append(optional, m.Key)
				}
			}
			var unknown []string
			for name := range required {
				if props.Get(name) == nil {
					unknown = append(unknown, name)
				}
			}
			if len(optional) == 0 && len(unknown) == 0 {
				return
			}
			var parts []string
			if len(optional) > 0 {
				parts = append(parts, "not in required: "+providerList(optional))
			}
			if len(unknown) > 0 {
				sort.Strings(unknown)
				parts = append(parts, "required but not a property: "+providerList(unknown))
			}
			p.Report(s.Node, s.Pointer(), providerFix(p.Rule.Profile, "require every property and make the optional ones nullable"),
				"strict mode needs required = properties; %s (%s)", strings.Join(parts, "; "), agentsRewrites)
		})
	},
})
