package jsontree

import (
	"math/big"
	"strings"
)

// decimal is a JSON number literal's exact value: ±digits × 10^exp, digits
// without leading or trailing zeros ("" for zero). Comparing literals this
// way, rather than as float64, keeps 9007199254740993 apart from
// 9007199254740992 and 1e-400 apart from 0; the exponent is a big.Int, so
// "1e999999999999999999999" costs its digits and no more.
type decimal struct {
	neg    bool
	digits string
	exp    *big.Int
}

func parseDecimal(lit string) (decimal, bool) {
	var d decimal
	s := lit
	if strings.HasPrefix(s, "-") {
		d.neg, s = true, s[1:]
	}
	mantissa, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, _ := strings.Cut(mantissa, ".")
	if intPart == "" || !allDigits(intPart) || !allDigits(frac) {
		return d, false
	}
	d.exp = new(big.Int)
	if hasExp {
		if _, ok := d.exp.SetString(strings.TrimPrefix(expText, "+"), 10); !ok {
			return d, false
		}
	}
	digits := strings.TrimLeft(intPart+frac, "0")
	trimmed := strings.TrimRight(digits, "0")
	// value = intPart.frac × 10^exp = digits × 10^(exp - len(frac))
	d.exp.Sub(d.exp, big.NewInt(int64(len(frac))))
	d.exp.Add(d.exp, big.NewInt(int64(len(digits)-len(trimmed))))
	d.digits = trimmed
	if d.digits == "" {
		d.neg = false
		d.exp.SetInt64(0)
	}
	return d, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// CompareNumbers compares two JSON number literals exactly, as written:
// -1, 0 or 1, and false when either is not a number literal.
func CompareNumbers(a, b string) (int, bool) {
	x, ok1 := parseDecimal(a)
	y, ok2 := parseDecimal(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	sign := func(d decimal) int {
		switch {
		case d.digits == "":
			return 0
		case d.neg:
			return -1
		}
		return 1
	}
	if sx, sy := sign(x), sign(y); sx != sy || sx == 0 {
		return cmpInt(sx, sy), true
	}
	c := compareMagnitude(x, y)
	if x.neg {
		c = -c
	}
	return c, true
}

// compareMagnitude orders |x| and |y|, both non-zero: first by the power of
// ten of the leading digit, then digit by digit.
func compareMagnitude(x, y decimal) int {
	lead := func(d decimal) *big.Int { return new(big.Int).Add(d.exp, big.NewInt(int64(len(d.digits)))) }
	if c := lead(x).Cmp(lead(y)); c != 0 {
		return c
	}
	// Same leading power: the digit strings compare as written, a missing
	// digit counting as 0 (there are no trailing zeros).
	return strings.Compare(x.digits, y.digits)
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// NumbersEqual reports whether two literals are the same number exactly
// (1.0 and 1 and 10e-1 are; 0.1 and 0.10000000000000001 are not).
func NumbersEqual(a, b string) bool {
	if a == b {
		// The same literal is the same value, and most compared numbers
		// are: parsing each into big.Ints took 92 MB and most of the time
		// of drift on an enum of 8 million numbers (issue 32).
		return true
	}
	c, ok := CompareNumbers(a, b)
	if !ok {
		return a == b
	}
	return c == 0
}

// CanonicalNumber is one spelling for every literal of the same exact value
// ("0", "15e-1", "-1e2"), for sets and hashes; a non-number is returned as is.
func CanonicalNumber(lit string) string {
	d, ok := parseDecimal(lit)
	switch {
	case !ok:
		return lit
	case d.digits == "":
		return "0"
	}
	s := d.digits
	if d.neg {
		s = "-" + s
	}
	if d.exp.Sign() != 0 {
		s += "e" + d.exp.String()
	}
	return s
}

// IsInteger reports whether a number literal's exact value is whole (1.0
// and 1e2 are, 1.5 and 1e-400 are not).
func IsInteger(lit string) bool {
	d, ok := parseDecimal(lit)
	return ok && d.exp.Sign() >= 0
}
