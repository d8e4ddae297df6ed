package drift

import (
	"strings"
	"testing"
)

// A pattern is judged by the strings it matches (issue 28).
func TestPatternChange(t *testing.T) {
	prop := func(schema string) string { return tool(`{"type":"object","properties":{"a":` + schema + `}}`) }
	cases := []struct {
		name, old, new string
		want           []string
		says           string
	}{
		// github-mcp-server-style owner names widened to allow a dot.
		{"widened", `{"type":"string","pattern":"^[a-z0-9_-]+$"}`, `{"type":"string","pattern":"^[a-z0-9_.-]+$"}`,
			[]string{"drift/input-constraint-relaxed /inputSchema/properties/a/pattern"}, `now matches and did not before`},
		{"narrowed", `{"type":"string","pattern":"^[a-z0-9_.-]+$"}`, `{"type":"string","pattern":"^[a-z0-9_-]+$"}`,
			[]string{"drift/input-constraint-tightened /inputSchema/properties/a/pattern"}, `(for example ".`},
		{"rewritten alike", `{"type":"string","pattern":"^(?:a|b)+$"}`, `{"type":"string","pattern":"^[ab]+$"}`, nil, ""},
		{"outside the shared subset", `{"type":"string","pattern":"^\\s*\\w+$"}`, `{"type":"string","pattern":"^\\s*[a-z]+$"}`,
			[]string{"drift/pattern-changed /inputSchema/properties/a/pattern"}, "could not be told"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := expectDrift(t, prop(c.old), prop(c.new), c.want...)
			if c.says != "" && (len(fs) != 1 || !strings.Contains(fs[0].Message, c.says)) {
				t.Errorf("want a message saying %q: %v", c.says, fs)
			}
		})
	}
}
