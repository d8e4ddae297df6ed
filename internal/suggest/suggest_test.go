package suggest

import (
	"reflect"
	"testing"
)

func TestClose(t *testing.T) {
	ids := []string{"docs/prose-only-constraint", "gemini/anyof-with-siblings", "gemini/type-array", "gemini/unsupported-keyword", "openai-strict/unsupported-keyword"}
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"anyof", []string{"gemini/anyof-with-siblings"}},
		{"GEMINI/", []string{"gemini/anyof-with-siblings", "gemini/type-array", "gemini/unsupported-keyword"}},
		{"unsupported-keyword", []string{"gemini/unsupported-keyword", "openai-strict/unsupported-keyword"}},
		{"gemini/anyof-with-sibling", []string{"gemini/anyof-with-siblings"}},
		{"anyof-with-siblngs", []string{"gemini/anyof-with-siblings"}},
		{"gemini/type-aray", []string{"gemini/type-array"}},
		{"gemini/nope", nil},
		{"", nil},
	} {
		if got := Close(ids, tc.query); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Close(%q) = %q, want %q", tc.query, got, tc.want)
		}
	}
}
