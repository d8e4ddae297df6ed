// Package safetext makes text from servers, files and configs safe to print.
// Every writer that puts such text in front of a person or a CI runner goes
// through Line (and every secret through a Masker first), so a hostile tool
// description cannot move the cursor, reorder what a reviewer reads, or issue
// a GitHub workflow command.
package safetext

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"html"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Line returns s on one line with nothing a terminal or a CI runner would
// act on: C0 and C1 control characters (ESC among them) and DEL become spaces,
// runs of white space fold to one, bidi controls and every other invisible
// character are dropped, and what is left is Neutralize'd (no "##[", no
// leading "::").
func Line(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r < 0x20, r >= 0x7f && r < 0xa0:
			return ' '
		case isBidiControl(r), Invisible(r):
			return -1
		}
		return r
	}, s)
	return Neutralize(strings.Join(strings.Fields(s), " "))
}

// isBidiControl reports the characters that reorder how a line is displayed
// (the Trojan Source class, CVE-2021-42574), and the marks that go with them.
func isBidiControl(r rune) bool {
	switch {
	case r >= 0x202a && r <= 0x202e: // LRE, RLE, PDF, LRO, RLO
		return true
	case r >= 0x2066 && r <= 0x2069: // LRI, RLI, FSI, PDI
		return true
	case r == 0x200e, r == 0x200f, r == 0x061c: // LRM, RLM, ALM
		return true
	}
	return false
}

// Masker hides secret values. Mask runs on raw text, before any truncation,
// escaping or encoding, so a secret is never cut into pieces that escape it.
// A server or an error message may still have encoded a secret itself, so
// every secret is also looked for in the forms echoes take (Forms).
type Masker struct {
	// mu lets a live fetch register a token it obtained while other
	// fetches of the same run mask their output.
	mu      sync.RWMutex
	secrets []string
	// forms are every secret's Forms, longest first.
	forms []string
	// numbers are the exact values (decimalValue) of the secrets that are
	// numbers, matched in any JSON spelling.
	numbers map[string]bool
}

// Replacement is what a secret is shown as.
const Replacement = "***"

// MinSecretLen is the shortest value masked: a one- to three-character value
// would blank out unrelated text everywhere.
const MinSecretLen = 4

// NewMasker returns a Masker for the given values; short and repeated ones
// are dropped, and longer ones are replaced first so a secret that contains
// another is hidden whole.
func NewMasker(secrets ...string) *Masker {
	m := &Masker{}
	m.Add(secrets...)
	return m
}

// Add registers more secret values.
func (m *Masker) Add(secrets ...string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, s := range secrets {
		if len(s) < MinSecretLen || slices.Contains(m.secrets, s) {
			continue
		}
		m.secrets = append(m.secrets, s)
		forms := Forms(s)
		if numericSecret.MatchString(s) {
			if v, ok := decimalValue(s); ok {
				if m.numbers == nil {
					m.numbers = map[string]bool{}
				}
				m.numbers[v] = true
			}
			forms = append(forms, numberForms(s)...)
		}
		for _, f := range forms {
			if len(f) >= MinSecretLen && !slices.Contains(m.forms, f) {
				m.forms = append(m.forms, f)
			}
		}
	}
	sort.SliceStable(m.secrets, func(i, j int) bool { return len(m.secrets[i]) > len(m.secrets[j]) })
	sort.SliceStable(m.forms, func(i, j int) bool { return len(m.forms[i]) > len(m.forms[j]) })
}

// minBase64Form is the shortest base64 piece masked: shorter ones would
// match unrelated base64 text.
const minBase64Form = 8

// Forms are the spellings of secret a server or a message may echo: as is,
// upper- and lower-cased, URL-encoded (query and path), escaped by Go's %q
// and %+q, by JSON (with and without HTML escaping) and by HTML, and
// base64-encoded (standard and URL alphabets). A secret inside a longer
// base64 text is encoded differently at each of the three offsets it can
// start at, so for each offset the characters that depend on the secret
// alone are a form too; at most two bytes at each end are then left
// unmasked, as the GitHub runner's masker leaves them. Its bytes in
// hexadecimal are a form too.
func Forms(secret string) []string {
	forms := []string{secret, strings.ToUpper(secret), strings.ToLower(secret),
		url.QueryEscape(secret), url.PathEscape(secret), html.EscapeString(secret),
		unquote(strconv.Quote(secret)), unquote(strconv.QuoteToASCII(secret))}
	for _, escapeHTML := range []bool{true, false} {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(escapeHTML)
		if enc.Encode(secret) == nil {
			forms = append(forms, unquote(strings.TrimSuffix(b.String(), "\n")))
		}
	}
	raw := []byte(secret)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
		forms = append(forms, enc.EncodeToString(raw))
		for shift := range 3 {
			if whole := (len(raw) - shift) / 3 * 3; whole > 0 {
				if f := enc.EncodeToString(raw[shift : shift+whole]); len(f) >= minBase64Form {
					forms = append(forms, f)
				}
			}
		}
	}
	return append(forms, hexForms(secret)...)
}

// unquote drops the quotes around a quoted string, leaving its escapes.
func unquote(q string) string { return q[1 : len(q)-1] }

// Secrets returns the registered values, longest first.
func (m *Masker) Secrets() []string {
	if m == nil {
		return nil
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	return append([]string(nil), m.secrets...)
}

// Mask replaces every secret, in any of its Forms, in s. A nil Masker masks
// nothing.
func (m *Masker) Mask(s string) string {
	if m == nil {
		return s
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	for _, form := range m.forms {
		if strings.Contains(s, form) {
			s = strings.ReplaceAll(s, form, Replacement)
		}
	}
	return m.maskWrapped(m.maskNumbers(s))
}

// MaskCut masks s, the start of a longer text cut at its end: besides
// every whole secret it hides a secret's beginning left at the cut, so
// that no part of a secret shows however the text was cut.
func (m *Masker) MaskCut(s string) string {
	s = m.Mask(s)
	if m == nil {
		return s
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	cut := len(s)
	for _, secret := range m.forms {
		for n := min(len(secret)-1, len(s)); n > 0; n-- {
			if strings.HasSuffix(s, secret[:n]) {
				cut = min(cut, len(s)-n)
				break
			}
		}
	}
	if cut == len(s) {
		return s
	}
	return s[:cut] + Replacement
}

// Contains reports whether s holds any secret in any of its Forms.
func (m *Masker) Contains(s string) bool {
	return m != nil && m.Mask(s) != s
}
