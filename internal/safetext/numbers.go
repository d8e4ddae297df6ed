package safetext

import (
	"encoding/hex"
	"math/big"
	"regexp"
	"slices"
	"strings"
)

// A secret made of digits (a PIN, an account number, a numeric API key) is
// echoed in spellings no fixed list holds: a server that parses it as a
// number writes it back as 4.8151623e7, 481516230e-1 or 48151623.0. So
// such a secret is kept as its exact decimal value, and every JSON number
// in a text is compared by value.

// numericSecret matches a secret that is a plain decimal number.
var numericSecret = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// jsonNumber matches a JSON number not inside a longer word or number.
var jsonNumber = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?`)

// decimalValue is a number literal's exact value as "digits e exponent",
// the digits without leading or trailing zeros, so every spelling of one
// value gives the same string; ok is false for what is not a number.
func decimalValue(lit string) (string, bool) {
	sign := ""
	if strings.HasPrefix(lit, "-") {
		sign, lit = "-", lit[1:]
	}
	mant, expPart, hasExp := strings.Cut(strings.ToLower(lit), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" || !allDigits(intPart) || !allDigits(frac) {
		return "", false
	}
	exp := big.NewInt(0)
	if hasExp {
		if _, ok := exp.SetString(strings.TrimPrefix(expPart, "+"), 10); !ok {
			return "", false
		}
	}
	digits := strings.TrimLeft(intPart+frac, "0")
	exp.Sub(exp, big.NewInt(int64(len(frac))))
	trimmed := strings.TrimRight(digits, "0")
	exp.Add(exp, big.NewInt(int64(len(digits)-len(trimmed))))
	if trimmed == "" {
		return "0", true
	}
	return sign + trimmed + "e" + exp.String(), true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// numberForms are the spellings of a numeric secret's value a fixed list
// can hold: its hexadecimal, bare and 0x-prefixed, in both cases.
func numberForms(secret string) []string {
	v, ok := new(big.Int).SetString(secret, 10)
	if !ok || v.Sign() < 0 {
		return nil
	}
	h := v.Text(16)
	return []string{h, strings.ToUpper(h), "0x" + h, "0x" + strings.ToUpper(h)}
}

// hexForms are secret's bytes in hexadecimal, as a dump or a digest-like
// echo writes them.
func hexForms(secret string) []string {
	h := hex.EncodeToString([]byte(secret))
	return []string{h, strings.ToUpper(h)}
}

// maskNumbers replaces every JSON number in s whose value is a numeric
// secret's.
func (m *Masker) maskNumbers(s string) string {
	if len(m.numbers) == 0 || !strings.ContainsAny(s, "0123456789") {
		return s
	}
	return jsonNumber.ReplaceAllStringFunc(s, func(lit string) string {
		if v, ok := decimalValue(lit); ok && m.numbers[v] {
			return Replacement
		}
		return lit
	})
}

// maskWrapped replaces every form of a secret that a line break (and the
// indentation after it) splits: a wrapped base64 block, a long token
// folded by a terminal or a log.
func (m *Masker) maskWrapped(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	// flat is s without line breaks and the blanks around them; at[i] is
	// where flat[i] sits in s.
	flat := make([]byte, 0, len(s))
	at := make([]int, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\r' || s[i] == '\n' {
			for len(flat) > 0 && (flat[len(flat)-1] == ' ' || flat[len(flat)-1] == '\t') && at[len(at)-1] == i-1 {
				flat, at = flat[:len(flat)-1], at[:len(at)-1]
			}
			for i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t' || s[i+1] == '\r' || s[i+1] == '\n') {
				i++
			}
			continue
		}
		flat = append(flat, s[i])
		at = append(at, i)
	}
	var spans []span
	text := string(flat)
	for _, form := range m.forms {
		if len(form) < minWrappedForm {
			continue
		}
		for off := 0; ; {
			j := strings.Index(text[off:], form)
			if j < 0 {
				break
			}
			start, end := off+j, off+j+len(form)
			if from, to := at[start], at[end-1]+1; to-from > len(form) {
				spans = append(spans, span{from, to})
			}
			off = end
		}
	}
	if len(spans) == 0 {
		return s
	}
	slices.SortStableFunc(spans, func(a, b span) int { return a.from - b.from })
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		if sp.from < last {
			// Inside a span already masked.
			last = max(last, sp.to)
			continue
		}
		b.WriteString(s[last:sp.from])
		b.WriteString(Replacement)
		last = sp.to
	}
	b.WriteString(s[last:])
	return b.String()
}

// span is a range of a text to mask.
type span struct{ from, to int }

// minWrappedForm is the shortest form looked for across line breaks:
// shorter ones would join unrelated words of two lines.
const minWrappedForm = 8
