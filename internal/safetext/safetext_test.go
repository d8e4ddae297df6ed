package safetext

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"strings"
	"testing"
)

func TestLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"a\x1b[31mred\x1b[0m", "a [31mred [0m"},
		{"two\nlines\r\nhere", "two lines here"},
		{"::error::injected", ": :error::injected"},
		{"\n::add-mask::x", ": :add-mask::x"},
		{"  ::warning::x", ": :warning::x"},
		{"\u200b::warning::x", ": :warning::x"},
		{"see ##[set-output name=x]y", "see ## [set-output name=x]y"},
		{"#\u00ad#[error]x", "## [error]x"},
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

// A secret a server or a message echoed in another spelling is masked in
// that spelling too; the secret holds what each escaping rewrites.
func TestMaskEncodedEchoes(t *testing.T) {
	secret := `Tk"9\q/é+Zw 7&x<`
	m := NewMasker(secret)
	plain := func(s string) bool {
		for _, f := range []string{"Tk", "9", "Zw", "7"} {
			if !strings.Contains(s, f) {
				return false
			}
		}
		return true
	}
	echoes := map[string]string{
		"%q":           fmt.Sprintf("cannot run %q: not found", secret),
		"%+q":          fmt.Sprintf("cannot run %+q", secret),
		"json":         string(mustJSON(t, map[string]string{"token": secret})),
		"query":        "https://h/x?token=" + url.QueryEscape(secret),
		"path":         "https://h/" + url.PathEscape(secret) + "/x",
		"upper":        "TOKEN=" + strings.ToUpper(secret),
		"lower":        "token=" + strings.ToLower(secret),
		"html":         "<p>" + html.EscapeString(secret) + "</p>",
		"base64":       "Authorization: Basic " + base64.StdEncoding.EncodeToString([]byte(secret)),
		"base64url":    "jwt." + base64.RawURLEncoding.EncodeToString([]byte(secret)),
		"base64 at +1": base64.StdEncoding.EncodeToString([]byte("u:" + secret + ":x")),
		"base64 at +2": base64.StdEncoding.EncodeToString([]byte("us:" + secret + ":x")),
		"base64 at +3": base64.StdEncoding.EncodeToString([]byte("use:" + secret + ":x")),
	}
	for form, echo := range echoes {
		masked := m.Mask(echo)
		if !m.Contains(echo) || masked == echo {
			t.Errorf("%s: %q is not masked", form, echo)
		}
		if strings.HasPrefix(form, "base64") {
			// At most two bytes at each end can share characters with
			// their neighbours: the characters of all the others must be
			// gone.
			if gone := len(echo) - len(masked) + len(Replacement); gone < 4*(len(secret)-4)/3 {
				t.Errorf("%s: only %d characters of %q were masked: %q", form, gone, echo, masked)
			}
		} else if plain(masked) {
			t.Errorf("%s: %q still shows the secret", form, masked)
		}
	}
	if got := len(m.Secrets()); got != 1 {
		t.Errorf("Secrets() = %d values, want only the one registered", got)
	}
	if m.Mask("an ordinary description of 97 tools") != "an ordinary description of 97 tools" {
		t.Error("text without the secret changed")
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
