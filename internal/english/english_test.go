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

func TestList(t *testing.T) {
	for _, tc := range []struct {
		items []string
		conj  string
		want  string
	}{
		{nil, "and", ""},
		{[]string{"a"}, "and", "a"},
		{[]string{"a", "b"}, "or", "a or b"},
		{[]string{"a", "b", "c"}, "and", "a, b and c"},
	} {
		if got := List(tc.items, tc.conj); got != tc.want {
			t.Errorf("List(%q, %q) = %q, want %q", tc.items, tc.conj, got, tc.want)
		}
	}
}
