package lint

import (
	"regexp"
	"strings"
)

// guardedPattern is a case-insensitive pattern guarded by plain substrings: the
// regexp runs only when the lowercased text holds one of the needles. Most
// strings of a tool ("object", "The repository owner") hold none, and a
// substring scan is far cheaper than a backtracking match.
type guardedPattern struct {
	needles []string
	re      *regexp.Regexp
}

// newGuardedPattern compiles pattern case-insensitively, with each single space
// matching any run of whitespace, since descriptions wrap freely.
func newGuardedPattern(pattern string, needles ...string) guardedPattern {
	return guardedPattern{needles: needles, re: regexp.MustCompile(`(?i)` + strings.ReplaceAll(pattern, " ", `\s+`))}
}

// rawGuardedPattern compiles pattern case-insensitively as written.
func rawGuardedPattern(pattern string, needles ...string) guardedPattern {
	return guardedPattern{needles: needles, re: regexp.MustCompile(`(?i)` + pattern)}
}

// find returns the leftmost match in text; lower is strings.ToLower(text).
func (p guardedPattern) find(text, lower string) string {
	if !p.mayMatch(lower) {
		return ""
	}
	return p.re.FindString(text)
}

// submatch returns the leftmost match and its groups, or nil.
func (p guardedPattern) submatch(text, lower string) []string {
	if !p.mayMatch(lower) {
		return nil
	}
	return p.re.FindStringSubmatch(text)
}

func (p guardedPattern) mayMatch(lower string) bool {
	for _, n := range p.needles {
		if strings.Contains(lower, n) {
			return true
		}
	}
	return len(p.needles) == 0
}
