package drift

import (
	"strings"
	"testing"
)

// Numbers are compared exactly as written, never through float64, and
// messages quote the literals: a bound moved by one past 2^53, or from
// 1e-400 to 0, is a change (float64 holds neither pair apart).
func TestNumbersCompareExactly(t *testing.T) {
	schema := func(kw string) string {
		return tool(`{"type":"object","properties":{"n":{"type":"integer",` + kw + `}}}`)
	}
	for _, tc := range []struct {
		name, old, new string
		want           string
		literals       []string
	}{
		{"maximum past 2^53", `"maximum":9007199254740993`, `"maximum":9007199254740992`,
			"drift/input-constraint-tightened /inputSchema/properties/n/maximum", []string{"9007199254740993", "9007199254740992"}},
		{"exclusiveMinimum from 0 to 1e-400", `"exclusiveMinimum":0`, `"exclusiveMinimum":1e-400`,
			"drift/input-constraint-tightened /inputSchema/properties/n/exclusiveMinimum", []string{"from 0 to 1e-400"}},
		{"maximum from 1e-400 to 0", `"maximum":1e-400`, `"maximum":0`,
			"drift/input-constraint-tightened /inputSchema/properties/n/maximum", []string{"from 1e-400 to 0"}},
		{"enum past 2^53", `"enum":[9007199254740993]`, `"enum":[9007199254740992]`,
			"", nil},
		{"a bound float64 cannot hold", `"maximum":1e400`, `"maximum":1e399`,
			"drift/input-constraint-tightened /inputSchema/properties/n/maximum", []string{"from 1e400 to 1e399"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			findings := diffJSON(t, schema(tc.old), schema(tc.new))
			if len(findings) == 0 {
				t.Fatalf("no drift found")
			}
			if tc.want != "" && findings[0].Rule+" "+findings[0].Pointer != tc.want {
				t.Errorf("got %s %s: %s, want %s", findings[0].Rule, findings[0].Pointer, findings[0].Message, tc.want)
			}
			for _, lit := range tc.literals {
				if !strings.Contains(findings[0].Message, lit) {
					t.Errorf("message %q does not quote %q", findings[0].Message, lit)
				}
			}
		})
	}
	// The same value written two ways is no change.
	expectDrift(t, schema(`"maximum":1.0`), schema(`"maximum":10e-1`))
	expectDrift(t, schema(`"enum":[1, 2.50]`), schema(`"enum":[25e-1, 1.0]`))
}
