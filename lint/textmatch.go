package lint

import (
	"regexp"
	"strings"
	"sync"
)

// lazyRegexp compiles pattern on first use. Patterns are package variables,
// and compiling them all at start-up costs every process (version, rules,
// explain, a drift-only run) a millisecond for rules it may never run.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

// guardedPattern is a case-insensitive pattern guarded by plain substrings:
// the regexp runs only when the lowercased text holds, for every needle
// group, at least one of the group's needles. Most strings of a tool
// ("object", "The repository owner") fail the guard, and a substring scan is
// far cheaper than a regexp match. Needles are single words or fragments the
// pattern cannot match without, never phrases whose spaces the pattern lets
// be newlines.
type guardedPattern struct {
	groups [][]string
	re     func() *regexp.Regexp
}

// newGuardedPattern compiles pattern case-insensitively, with each single space
// matching any run of whitespace, since descriptions wrap freely.
func newGuardedPattern(pattern string, needles ...string) guardedPattern {
	return guardedPattern{groups: [][]string{needles}, re: lazyRegexp(`(?i)` + strings.ReplaceAll(pattern, " ", `\s+`))}
}

// rawGuardedPattern compiles pattern case-insensitively as written.
func rawGuardedPattern(pattern string, needles ...string) guardedPattern {
	return guardedPattern{groups: [][]string{needles}, re: lazyRegexp(`(?i)` + pattern)}
}

// alsoNeeding adds a needle group that must also be present.
func (p guardedPattern) alsoNeeding(needles ...string) guardedPattern {
	p.groups = append(append([][]string(nil), p.groups...), needles)
	return p
}

// find returns the leftmost match in text; lower is strings.ToLower(text).
func (p guardedPattern) find(text, lower string) string {
	if !p.mayMatch(lower) {
		return ""
	}
	return p.re().FindString(text)
}

// submatch returns the leftmost match and its groups, or nil.
func (p guardedPattern) submatch(text, lower string) []string {
	if !p.mayMatch(lower) {
		return nil
	}
	return p.re().FindStringSubmatch(text)
}

func (p guardedPattern) mayMatch(lower string) bool {
	for _, group := range p.groups {
		found := false
		for _, n := range group {
			if strings.Contains(lower, n) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
