package drift

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

func mustParse(t *testing.T, s string) *jsontree.Node {
	t.Helper()
	n, err := jsontree.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestDecide(t *testing.T) {
	obj := `"type":"object","properties":{"a":{"type":"string"},"c":{"enum":["s","t"]}}`
	for _, tc := range []struct {
		name, old, new string
		lost, gained   string // the example instance, "" for none
		decidable      bool
	}{
		{"required added", `{` + obj + `}`, `{` + obj + `,"required":["a"]}`, `{}`, "", true},
		{"enum widened", `{` + obj + `}`, `{"type":"object","properties":{"a":{"type":"string"},"c":{"enum":["s","t","u"]}}}`, "", `{"c":"u"}`, true},
		// A string no enum lists tells a type from its values.
		{"enum of every generic string", `{"type":"object","properties":{"a":{"enum":["s","s~"]}}}`, `{"type":"object","properties":{"a":{"type":"string"}}}`,
			"", `{"a":"s~~"}`, true},
		// Three unnamed keys exceed maxProperties 2.
		{"maxProperties raised", `{"type":"object","maxProperties":2}`, `{"type":"object","maxProperties":3}`, "", `{"other":"s","other_":"s","other__":"s"}`, true},
		{"pattern is outside the fragment", `{"type":"object","properties":{"a":{"type":"string","pattern":"^x"}}}`, `{"type":"object"}`, "", "", false},
		{"nested objects are outside it", `{"type":"object","properties":{"a":{"type":"object","properties":{}}}}`, `{"type":"object"}`, "", "", false},
		{"refs are outside it", `{"$defs":{"x":{}},"type":"object","properties":{"a":{"$ref":"#/$defs/x"}}}`, `{"type":"object"}`, "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, ok := decide(mustParse(t, tc.old), mustParse(t, tc.new))
			if ok != tc.decidable {
				t.Fatalf("decidable %v, want %v", ok, tc.decidable)
			}
			got := func(has bool, inst any) string {
				if !has {
					return ""
				}
				return strings.TrimSpace(witness("%s", inst))
			}
			if l, g := got(v.narrowed, v.lost), got(v.widened, v.gained); ok && (l != tc.lost || g != tc.gained) {
				t.Errorf("lost %q gained %q, want %q and %q", l, g, tc.lost, tc.gained)
			}
		})
	}
}

// A hostile enum is left to the walk rather than sorted value by value.
func TestDecideBoundsValues(t *testing.T) {
	var vals []string
	for i := range 10000 {
		vals = append(vals, fmt.Sprintf("%q", fmt.Sprint(i)))
	}
	big := `{"type":"object","properties":{"a":{"enum":[` + strings.Join(vals, ",") + `]}},"anyOf":[{"required":["a"]}]}`
	if _, ok := decide(mustParse(t, big), mustParse(t, big)); ok {
		t.Error("a 10000-value enum was decided")
	}
}
