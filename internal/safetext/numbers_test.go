package safetext

import (
	"strings"
	"testing"
)

// A numeric secret is masked in every JSON spelling of its value, in
// hexadecimal, and any secret where a line break splits it.
func TestMaskNumbersHexAndWrapped(t *testing.T) {
	m := NewMasker("48151623", "s3cr3t-t0ken-value-42")
	for _, echo := range []string{
		`{"pin": 4.8151623e7}`, `{"pin": 481516230e-1}`, `{"pin": 48151623.000}`, `{"pin": 0.48151623E+8}`,
		`pin=0x2debc47`, `PIN 2DEBC47`, `hex 3438313531363233`, "hex 7333637233742d74306b656e2d76616c75652d3432",
		"token: s3cr3t-t0ke\n    n-value-42", "b64 czNjcjN0LXQwa2Vu\r\nLXZhbHVlLTQy",
	} {
		got := m.Mask(echo)
		if !m.Contains(echo) || strings.Contains(got, "4815") || strings.Contains(strings.ToLower(got), "2debc47") ||
			strings.Contains(got, "t0ke") || strings.Contains(got, "3438") || strings.Contains(got, "7333") || strings.Contains(got, "LXZh") {
			t.Errorf("%q masks to %q", echo, got)
		}
	}
	for _, other := range []string{`{"n": 48151624}`, `{"n": 4.8151623e6}`, "token: s3cr3t\n-other"} {
		if got := m.Mask(other); got != other {
			t.Errorf("%q is no secret but masks to %q", other, got)
		}
	}
}
