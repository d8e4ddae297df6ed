package lint

import (
	"math"
	"strconv"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// bedrockNumericKeywords are the schema keywords whose number value Bedrock
// converts to a 32-bit integer.
var bedrockNumericKeywords = []string{
	"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
	"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains",
}

var _ = register(&Rule{
	ID:       "bedrock/integer-too-large",
	Profile:  ProfileBedrock,
	Severity: contract.Error,
	Summary:  "numeric keyword beyond the 32-bit integer range",
	Help: "Bedrock (with Claude models) converts integer keyword values to 32-bit integers and refuses larger ones: " +
		"`tools.32.custom.input_schema: int too big to convert` (tailcallhq/forgecode#3307; weak evidence). Typical sources are " +
		"`maxLength: 9007199254740991` (Number.MAX_SAFE_INTEGER from zod) and `maximum` set to an int64 bound. Only integer literals count: " +
		"`1e10` is sent as a float. Fix: drop the bound or clamp it to 2147483647; `mcp-contract sanitize --profile bedrock` clamps it.",
	CheckTool: func(p *Pass) {
		providerWalk(p, func(s schemawalk.Schema) {
			for _, key := range bedrockNumericKeywords {
				v := s.Node.Get(key)
				if !v.Is(jsontree.Number) || strings.ContainsAny(v.Text, ".eE") {
					continue
				}
				n, err := strconv.ParseInt(v.Text, 10, 64)
				if err == nil && n >= math.MinInt32 && n <= math.MaxInt32 {
					continue
				}
				p.Report(v, jsontree.Append(s.Pointer(), key), providerFix(p.Rule.Profile, "drop the bound or clamp it to 2147483647"),
					"%s is %s, beyond the 32-bit integer range", key, v.Text)
			}
		})
	},
})
