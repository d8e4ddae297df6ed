package jsontree

import "testing"

func TestCompareNumbers(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"1", "1.0", 0},
		{"10e-1", "1", 0},
		{"0", "-0.0e5", 0},
		{"1e-400", "0", 1},
		{"-1e-400", "0", -1},
		{"9007199254740993", "9007199254740992", 1},
		{"0.1", "0.10000000000000001", -1},
		{"1e999999999999999999999", "1e999999999999999999998", 1},
		{"-5", "-4.99", -1},
		{"123", "1.23E2", 0},
		{"12", "123e-1", -1},
		{"100", "99.999", 1},
		{"-100", "-99.999", -1},
		{"2", "-3", 1},
	} {
		got, ok := CompareNumbers(tc.a, tc.b)
		if !ok || got != tc.want {
			t.Errorf("CompareNumbers(%s, %s) = %d, %v; want %d", tc.a, tc.b, got, ok, tc.want)
		}
		if back, _ := CompareNumbers(tc.b, tc.a); back != -tc.want {
			t.Errorf("CompareNumbers(%s, %s) = %d, not the opposite of the reverse", tc.b, tc.a, back)
		}
		if (CanonicalNumber(tc.a) == CanonicalNumber(tc.b)) != (tc.want == 0) {
			t.Errorf("CanonicalNumber(%s) = %s, CanonicalNumber(%s) = %s", tc.a, CanonicalNumber(tc.a), tc.b, CanonicalNumber(tc.b))
		}
	}
	if _, ok := CompareNumbers("1", "x"); ok {
		t.Error("a non-number compared")
	}
	for lit, whole := range map[string]bool{"1": true, "1.0": true, "1e2": true, "15e-1": false, "1e-400": false, "0.0": true, "-3": true} {
		if IsInteger(lit) != whole {
			t.Errorf("IsInteger(%s) = %v", lit, !whole)
		}
	}
}
