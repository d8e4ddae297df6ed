package safetext

import "testing"

func TestLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"a\x1b[31mred\x1b[0m", "a [31mred [0m"},
		{"two\nlines\r\nhere", "two lines here"},
		{"::error::injected", " ::error::injected"},
		{"\n::add-mask::x", " ::add-mask::x"},
		{"  ::warning::x", " ::warning::x"},
		{"evil\u202eexe.txt", "evilexe.txt"},
		{"iso\u2066late\u2069d", "isolated"},
		{"marks\u200f\u061c\u200e gone", "marks gone"}, // RLM, ALM, LRM
		{"c1\u0085next\u009bline", "c1 next line"},
		{"del\x7fete", "del ete"},
		{"tab\tand  spaces", "tab and spaces"},
		{"émoji ✓ kept", "émoji ✓ kept"},
	} {
		if got := Line(tc.in); got != tc.want {
			t.Errorf("Line(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestMask(t *testing.T) {
	m := NewMasker("abc", "tok-123456", "tok-123456-extended", "tok-123456")
	for _, tc := range []struct{ in, want string }{
		{"Bearer tok-123456-extended", "Bearer ***"},
		{"x tok-123456 y tok-123456", "x *** y ***"},
		{"abc stays: too short to mask", "abc stays: too short to mask"},
	} {
		if got := m.Mask(tc.in); got != tc.want {
			t.Errorf("Mask(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"key=tok-12", "key=***"},
		{"key=tok-123456 then t", "key=*** then ***"},
		{"no part of one", "no part of one"},
	} {
		if got := m.MaskCut(tc.in); got != tc.want {
			t.Errorf("MaskCut(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := len(m.Secrets()); got != 2 {
		t.Errorf("Secrets() has %d values, want 2 (short and repeated dropped)", got)
	}
	if !m.Contains("..tok-123456..") || m.Contains("nothing") {
		t.Error("Contains is wrong")
	}
	var none *Masker
	if none.Mask("x") != "x" || none.Contains("x") {
		t.Error("a nil Masker must mask nothing")
	}
}
