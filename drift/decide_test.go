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
		// A value schema outside the scalar fragment stands as one token when
		// it is the only schema its key is declared with.
		{"pattern declaration dropped", `{"type":"object","properties":{"a":{"type":"string","pattern":"^x"}}}`, `{"type":"object"}`, "", `{"a":"<a value a rejects>"}`, true},
		{"anyOf added beside pattern declarations", `{"type":"object","properties":{"a":{"pattern":"^x"},"b":{"pattern":"^y"}}}`,
			`{"type":"object","properties":{"a":{"pattern":"^x"},"b":{"pattern":"^y"}},"anyOf":[{"required":["a"]},{"required":["b"]}]}`, `{}`, "", true},
		{"two schemas for one key are undecided", `{"type":"object","properties":{"a":{"pattern":"^x"}}}`, `{"type":"object","properties":{"a":{"pattern":"^xy"}}}`, "", "", false},
		{"scalar and opaque for one key are undecided", `{"type":"object","properties":{"a":{"pattern":"^x"}},"anyOf":[{"properties":{"a":{"const":"x"}}}]}`, `{"type":"object"}`, "", "", false},
		// Local $refs are followed; a token holding a $ref needs the same $defs.
		{"ref to the whole schema", `{"$defs":{"args":{"type":"object","properties":{"a":{"type":"string"}}}},"$ref":"#/$defs/args"}`,
			`{"$defs":{"args":{"type":"object","properties":{"a":{"type":"string"}}}},"$ref":"#/$defs/args","required":["a"]}`, `{}`, "", true},
		{"same $defs behind a token", `{"$defs":{"x":{"pattern":"^x"}},"type":"object","properties":{"a":{"$ref":"#/$defs/x"}}}`,
			`{"$defs":{"x":{"pattern":"^x"}},"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"required":["a"]}`, `{}`, "", true},
		{"other $defs behind a token", `{"$defs":{"x":{"pattern":"^x"}},"type":"object","properties":{"a":{"$ref":"#/$defs/x"}}}`,
			`{"$defs":{"x":{"pattern":"^y"}},"type":"object","properties":{"a":{"$ref":"#/$defs/x"}}}`, "", "", false},
		// Refs to "#" inlined three ways at every level would never end.
		{"a web of refs is left to the walk", `{"anyOf":[{"$ref":"#"},{"$ref":"#"},{"$ref":"#"}],"required":["a"]}`,
			`{"anyOf":[{"$ref":"#"},{"$ref":"#"},{"$ref":"#"}]}`, "", "", false},
		// Twelve plain arguments beside a root anyOf would make 3^12 objects:
		// those nothing else names are left out, or counted when a bound counts keys.
		{"many plain arguments beside an anyOf removed", `{"type":"object","properties":{` + plain(12) + `},"anyOf":[{"required":["p0"]},{"required":["p1"]}]}`,
			`{"type":"object","properties":{` + plain(12) + `}}`, "", `{}`, true},
		{"many plain arguments and maxProperties", `{"type":"object","properties":{` + plain(12) + `},"additionalProperties":false,"maxProperties":2}`,
			`{"type":"object","properties":{` + plain(12) + `},"additionalProperties":false,"maxProperties":3}`, "", `{"p0":"s","p1":"s","p10":"s"}`, true},
		{"two keys declared alike show their own names", `{"type":"object","properties":{"a":{"pattern":"^x"},"b":{"pattern":"^x"}},"required":["a","b"]}`,
			`{"type":"object","properties":{"a":{"pattern":"^x"},"b":{"pattern":"^x"}},"required":["a"]}`, "", `{"a":"<a value a accepts #1>"}`, true},
		{"remote refs are outside it", `{"type":"object","$ref":"https://example.com/s.json"}`, `{"type":"object"}`, "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old, new := mustParse(t, tc.old), mustParse(t, tc.new)
			v, ok := decide(old, old, new, new)
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

// A hostile enum is never sorted value by value: past maxValues it is no
// scalar predicate (it may still stand as one token).
func TestDecideBoundsValues(t *testing.T) {
	var vals []string
	for i := range 10000 {
		vals = append(vals, fmt.Sprintf("%q", fmt.Sprint(i)))
	}
	ps := newPresence()
	if ps.scalar(mustParse(t, `{"enum":[`+strings.Join(vals, ",")+`]}`), 0) || len(ps.pool) > maxValues {
		t.Errorf("a 10000-value enum was taken value by value (%d in the pool)", len(ps.pool))
	}
}

// plain declares n string arguments p0, p1, … as object members.
func plain(n int) string {
	var out []string
	for i := range n {
		out = append(out, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
	}
	return strings.Join(out, ",")
}
