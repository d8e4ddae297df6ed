package drift

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// patternIncludes agrees with Go's regexp (which reads this subset as
// ECMA-262 does) on generated pairs: an inclusion it claims holds on every
// sampled string, and a counterexample it gives is matched by the first
// pattern only.
func TestPatternIncludesAgreesWithRegexp(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2026))
	atoms := []string{"a", "b", "x", "[ab]", "[a-c]", `\d`, "[^a]", "1"}
	var gen func(depth int) string
	gen = func(depth int) string {
		if depth > 2 || rng.IntN(3) == 0 {
			return atoms[rng.IntN(len(atoms))]
		}
		switch rng.IntN(5) {
		case 0:
			return gen(depth+1) + gen(depth+1)
		case 1:
			return "(?:" + gen(depth+1) + "|" + gen(depth+1) + ")"
		case 2:
			return "(?:" + gen(depth+1) + ")" + []string{"*", "+", "?", "{1,2}"}[rng.IntN(4)]
		}
		return gen(depth+1) + gen(depth+1) + gen(depth+1)
	}
	anchor := func(p string) string {
		if rng.IntN(2) == 0 {
			p = "^" + p
		}
		if rng.IntN(2) == 0 {
			p += "$"
		}
		return p
	}
	var samples []string
	for range 400 {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteByte("abcx19"[rng.IntN(6)])
		}
		samples = append(samples, b.String())
	}
	decided, included := 0, 0
	for range 300 {
		a := anchor(gen(0))
		b := a
		if rng.IntN(4) != 0 {
			b = anchor(gen(0))
		}
		inc, counter, ok := patternIncludes(a, b)
		if !ok {
			t.Errorf("%q ⊆ %q undecided", a, b)
			continue
		}
		decided++
		ra, rb := regexp.MustCompile(a), regexp.MustCompile(b)
		if !inc {
			if !ra.MatchString(counter) || rb.MatchString(counter) {
				t.Errorf("%q ⊄ %q, but the counterexample %q does not tell them apart", a, b, counter)
			}
			continue
		}
		included++
		for _, s := range samples {
			if ra.MatchString(s) && !rb.MatchString(s) {
				t.Errorf("%q ⊆ %q claimed, but %q matches the first only", a, b, s)
				break
			}
		}
	}
	t.Logf("%d pairs decided, %d inclusions", decided, included)
	if included < 50 || decided-included < 50 {
		t.Fatalf("too few of each answer: %d inclusions of %d", included, decided)
	}
}

func TestPatternIncludesCases(t *testing.T) {
	cases := []struct {
		a, b     string
		includes bool
		ok       bool
	}{
		// github-mcp-server's owner/repo names widened to allow dots.
		{"^[a-z0-9_-]+$", "^[a-z0-9_.-]+$", true, true},
		{"^[a-z0-9_.-]+$", "^[a-z0-9_-]+$", false, true},
		{"^(?:a|b)$", "^[ab]$", true, true},
		{"^ghp_[A-Za-z0-9]{36}$", "^gh[pousr]_[A-Za-z0-9]{36,255}$", true, true},
		{"^\\d{4}-\\d{2}-\\d{2}$", "\\d", true, true},
		{"abc", "b", true, true},
		{"b", "abc", false, true},
		{"^a.c$", "^a[^\\n]c$", true, true},
		// "." stops at \r in ECMA-262, not in RE2.
		{"^a[^\\n]c$", "^a.c$", false, true},
		{"^\\s+$", "^ +$", false, false},
		{"(a)\\1", "a", false, false},
		{"(?=a)a", "a", false, false},
		{"(?i)a", "a", false, false},
	}
	for _, c := range cases {
		inc, counter, ok := patternIncludes(c.a, c.b)
		if inc != c.includes || ok != c.ok {
			t.Errorf("%q ⊆ %q: got %v (ok %v, counterexample %q), want %v (ok %v)", c.a, c.b, inc, ok, counter, c.includes, c.ok)
		}
	}
}

// A hostile pattern (a class of thousands of ranges, repeated) is left
// undecided within the bounds instead of exploring for long.
func TestPatternIncludesIsBounded(t *testing.T) {
	var class strings.Builder
	class.WriteString("^[")
	for r := 'a'; r < 'a'+6000; r += 2 {
		class.WriteRune(r)
	}
	class.WriteString("]{40}$")
	if _, _, ok := patternIncludes(class.String(), class.String()); ok {
		t.Errorf("a 3000-range class repeated 40 times was decided within the bounds")
	}
	if _, _, ok := patternIncludes(strings.Repeat("a", maxPatternLen+1), "a"); ok {
		t.Errorf("a pattern over maxPatternLen was read")
	}
}
