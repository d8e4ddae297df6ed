// Package safetext makes text from servers, files and configs safe to print.
// Every writer that puts such text in front of a person or a CI runner goes
// through Line (and every secret through a Masker first), so a hostile tool
// description cannot move the cursor, reorder what a reviewer reads, or issue
// a GitHub workflow command.
package safetext

import (
	"sort"
	"strings"
)

// Line returns s on one line with nothing a terminal or a CI runner would
// act on: C0 and C1 control characters (ESC among them) and DEL become spaces,
// runs of white space fold to one, bidi embedding, override and isolate
// characters are dropped, and a line that would start with "::" (a workflow
// command) gets a space in front.
func Line(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r < 0x20, r >= 0x7f && r < 0xa0:
			return ' '
		case isBidiControl(r):
			return -1
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if strings.HasPrefix(s, "::") {
		s = " " + s
	}
	return s
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
type Masker struct {
	secrets []string
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
	for _, s := range secrets {
		if len(s) < MinSecretLen || m.has(s) {
			continue
		}
		m.secrets = append(m.secrets, s)
	}
	sort.SliceStable(m.secrets, func(i, j int) bool { return len(m.secrets[i]) > len(m.secrets[j]) })
}

func (m *Masker) has(s string) bool {
	for _, v := range m.secrets {
		if v == s {
			return true
		}
	}
	return false
}

// Secrets returns the registered values, longest first.
func (m *Masker) Secrets() []string {
	if m == nil {
		return nil
	}
	return append([]string(nil), m.secrets...)
}

// Mask replaces every secret in s. A nil Masker masks nothing.
func (m *Masker) Mask(s string) string {
	if m == nil {
		return s
	}
	for _, secret := range m.secrets {
		if strings.Contains(s, secret) {
			s = strings.ReplaceAll(s, secret, Replacement)
		}
	}
	return s
}

// MaskCut masks s, the start of a longer text cut at its end: besides
// every whole secret it hides a secret's beginning left at the cut, so
// that no part of a secret shows however the text was cut.
func (m *Masker) MaskCut(s string) string {
	s = m.Mask(s)
	if m == nil {
		return s
	}
	cut := len(s)
	for _, secret := range m.secrets {
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

// Contains reports whether s holds any secret.
func (m *Masker) Contains(s string) bool {
	if m == nil {
		return false
	}
	for _, secret := range m.secrets {
		if strings.Contains(s, secret) {
			return true
		}
	}
	return false
}
