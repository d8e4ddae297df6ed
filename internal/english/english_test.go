package english

import "testing"

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "tool", "0 tools"},
		{1, "tool", "1 tool"},
		{2, "tool", "2 tools"},
		{1, "snapshot", "1 snapshot"},
		{1, "breaking change", "1 breaking change"},
		{3, "breaking change", "3 breaking changes"},
		{0, "info", "0 info"},
		{2, "info", "2 info"},
	} {
		if got := Plural(tc.n, tc.noun); got != tc.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
}
