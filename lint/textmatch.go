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
// ("object", "The repository owner") fail the guard, and finding needles is
// far cheaper than a regexp match. Needles are single words or fragments the
// pattern cannot match without, never phrases whose spaces the pattern lets
// be newlines.
type guardedPattern struct {
	groups [][]int // needle ids, see needleIDs
	// words, when set, is a further necessary condition on an ASCII text's
	// lowercase form, such as words in sequence (see followedBy): for the
	// long descriptions that hold the needles, the regexp is most of lint's
	// time.
	words func(lower string) bool
	// wordsOnly: every match is letters, digits, _, ' and \s (see
	// inSegment), so on an ASCII text find looks only inside such runs
	// that pass words.
	wordsOnly bool
	// starts, when set, are lowercase ASCII words one of which begins
	// every match; see startingWith.
	starts []string
	expr   string // the pattern, without (?i)
	re     func() *regexp.Regexp
	// anchored and anchoredAfter are the pattern anchored at the text's
	// start, and anchored one byte after it (that byte is the context \b
	// and ^ look at).
	anchored, anchoredAfter func() *regexp.Regexp
}

// newGuardedPattern compiles pattern case-insensitively, with each single space
// matching any run of whitespace, since descriptions wrap freely.
func newGuardedPattern(pattern string, needles ...string) guardedPattern {
	return rawGuardedPattern(strings.ReplaceAll(pattern, " ", `\s+`), needles...)
}

// rawGuardedPattern compiles pattern case-insensitively as written.
func rawGuardedPattern(pattern string, needles ...string) guardedPattern {
	return guardedPattern{groups: [][]int{needleIDs(needles)}, expr: pattern, re: lazyRegexp(`(?i)` + pattern)}
}

// startingWith declares that every match begins with one of words
// (lowercase ASCII, matched case-insensitively). On an ASCII text, find
// then tries the pattern anchored at each place such a word begins,
// leftmost first, instead of searching the whole text: an unanchored
// search of a long description is where the text rules spent their time,
// and an anchored attempt ends within a few bytes. The first place where
// the anchored pattern matches holds the leftmost match, and the anchored
// pattern prefers there what the search would (TestGuardsAreNecessary and
// FuzzGuardsAreNecessary compare the two).
func (p guardedPattern) startingWith(words ...string) guardedPattern {
	p.starts = words
	p.anchored = lazyRegexp(`(?i)^(?:` + p.expr + `)`)
	p.anchoredAfter = lazyRegexp(`(?i)^[\x00-\x7f](?:` + p.expr + `)`)
	return p
}

// atStarts returns the leftmost match's [start, end) and, with groups, its
// submatches, trying only the places where a word of starts begins.
func (p guardedPattern) atStarts(text string, f *folded, groups bool) (int, int, []string) {
	lower := f.lowered()
	for i := 0; i < len(lower); i++ {
		if !startsWithAny(lower[i:], p.starts) {
			continue
		}
		re, from := p.anchored(), i
		if i > 0 {
			re, from = p.anchoredAfter(), i-1
		}
		if groups {
			if m := re.FindStringSubmatch(text[from:]); m != nil {
				m[0] = m[0][i-from:]
				return i, i + len(m[0]), m
			}
		} else if loc := re.FindStringIndex(text[from:]); loc != nil {
			return i, from + loc[1], nil
		}
	}
	return -1, -1, nil
}

func startsWithAny(s string, words []string) bool {
	for _, w := range words {
		if strings.HasPrefix(s, w) {
			return true
		}
	}
	return false
}

// alsoNeeding adds a needle group that must also be present.
func (p guardedPattern) alsoNeeding(needles ...string) guardedPattern {
	p.groups = append(append([][]int(nil), p.groups...), needleIDs(needles))
	return p
}

// alsoWords adds a condition checked on ASCII texts, which must hold
// wherever the pattern matches (TestGuardsAreNecessary checks it does).
// Only ASCII texts, because (?i) folds some non-ASCII letters (ſ, K) onto
// ASCII ones that strings.ToLower leaves alone.
func (p guardedPattern) alsoWords(cond func(lower string) bool) guardedPattern {
	p.words = cond
	return p
}

// matchesWordsOnly marks a pattern whose matches hold only letters,
// digits, _, ' and whitespace, never beginning or ending on a lookaround
// other than \b; find then runs the regexp on the runs of such characters
// that satisfy words, instead of on the whole text.
func (p guardedPattern) matchesWordsOnly() guardedPattern {
	p.wordsOnly = true
	return p
}

// inSegment is the alphabet of the runs find searches for a wordsOnly
// pattern: ASCII word characters, ' and \s, and the two non-ASCII letters
// (?i) folds onto ASCII ones, ſ (s) and K (k). A match lies within one run,
// and what borders a run is neither a word character nor \s, so \b and \s+
// behave at a run's ends as in the whole text: the first run with a match
// holds the text's leftmost match.
func inSegment(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '\'' ||
		c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// foldsToASCII returns the length of ſ or K at the start of s, or 0.
func foldsToASCII(s string) int {
	for _, r := range []string{"\u017f", "\u212a"} {
		if strings.HasPrefix(s, r) {
			return len(r)
		}
	}
	return 0
}

// findInSegments is find for a wordsOnly pattern: the regexp runs only on
// the runs that pass words (a run holding ſ or K, which words cannot judge,
// always runs).
func (p guardedPattern) findInSegments(text string, f *folded) string {
	lower := f.asciiLower(text)
	for i := 0; i < len(text); {
		n := foldsToASCII(text[i:])
		if n == 0 && !inSegment(text[i]) {
			i++
			continue
		}
		j, folds := i, false
		for j < len(text) {
			if n := foldsToASCII(text[j:]); n > 0 {
				j += n
				folds = true
			} else if inSegment(text[j]) {
				j++
			} else {
				break
			}
		}
		if folds || p.words(lower[i:j]) {
			if m := p.re().FindString(text[i:j]); m != "" {
				return m
			}
		}
		i = j
	}
	return ""
}

// followedBy reports whether lower holds a word of each list in turn,
// separated by whitespace as the patterns' \s+ is (Go's \s: space, \t,
// \n, \f, \r). Words are prefixes ("tell" stands for "telling" too).
func followedBy(lower string, lists ...[]string) bool {
	for _, w := range lists[0] {
		for i := 0; ; {
			k := strings.Index(lower[i:], w)
			if k < 0 {
				break
			}
			if then(lower[i+k+len(w):], lists[1:]) {
				return true
			}
			i += k + 1
		}
	}
	return false
}

func then(s string, lists [][]string) bool {
	if len(lists) == 0 {
		return true
	}
	j := 0
	for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\f' || s[j] == '\r') {
		j++
	}
	if j == 0 {
		return false
	}
	for _, w := range lists[0] {
		if strings.HasPrefix(s[j:], w) && then(s[j+len(w):], lists[1:]) {
			return true
		}
	}
	return false
}

// find returns the leftmost match in text, folded by fold.
func (p guardedPattern) find(text string, f *folded) string {
	if !p.mayMatch(f) {
		return ""
	}
	if p.wordsOnly && p.words != nil {
		return p.findInSegments(text, f)
	}
	if p.starts != nil && f.ascii {
		if start, end, _ := p.atStarts(text, f, false); start >= 0 {
			return text[start:end]
		}
		return ""
	}
	return p.re().FindString(text)
}

// submatch returns the leftmost match and its groups, or nil.
func (p guardedPattern) submatch(text string, f *folded) []string {
	if !p.mayMatch(f) {
		return nil
	}
	if p.starts != nil && f.ascii {
		_, _, m := p.atStarts(text, f, true)
		return m
	}
	return p.re().FindStringSubmatch(text)
}

func (p guardedPattern) mayMatch(f *folded) bool {
	for _, group := range p.groups {
		found := false
		for _, id := range group {
			if f.has(id) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return p.words == nil || !f.ascii || p.words(f.lowered())
}

// needles are the guard needles of every pattern, numbered as the patterns
// are made at package initialisation, so that one pass of one automaton
// over a text finds all of them for all the text rules (fold), instead of
// one substring scan per needle per pattern.
var (
	needles     []string
	needleIndex = map[string]int{}
)

func needleIDs(list []string) []int {
	ids := make([]int, len(list))
	for i, n := range list {
		id, ok := needleIndex[n]
		if !ok {
			id = len(needles)
			needles = append(needles, n)
			needleIndex[n] = id
		}
		ids[i] = id
	}
	return ids
}

// folded is a text with the needles it holds, found as if the text were
// lowercased (strings.ToLower, and ſ as s).
type folded struct {
	text    string
	ascii   bool
	present [maxNeedles / 64]uint64
	// lower is the lowercased text, made on first use for an ASCII text:
	// most texts fail every guard and never need it.
	lower     string
	lowerDone bool
	// alower is the text with only A-Z lowercased, byte for byte; see asciiLower.
	alower *string
}

// lowered returns the text lowercased (strings.ToLower, and ſ as s).
func (f *folded) lowered() string {
	if !f.lowerDone {
		f.lower, f.lowerDone = strings.ToLower(f.text), true
	}
	return f.lower
}

// asciiLower returns text with A-Z lowercased and every other byte kept, so
// its runs of ASCII line up with the text's (strings.ToLower's output does
// not, for some non-ASCII letters).
func (f *folded) asciiLower(text string) string {
	if f.ascii {
		return f.lowered()
	}
	if f.alower == nil {
		b := []byte(text)
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				b[i] = c + 'a' - 'A'
			}
		}
		s := string(b)
		f.alower = &s
	}
	return *f.alower
}

func (f *folded) has(id int) bool { return f.present[id/64]&(1<<(id%64)) != 0 }

// maxNeedles bounds the guard needles of all patterns, so that a text's
// needle set is a fixed array rather than an allocation per text
// (TestNeedlesFit).
const maxNeedles = 256

// fold finds every needle in text as if it were lowercased. An ASCII text
// is scanned as it is, since the automaton reads A-Z as a-z; any other is
// lowercased first.
func fold(text string) folded {
	f := folded{text: text, ascii: true}
	m := needleMatcher()
	if !f.scan(m, text) {
		f.ascii = false
		f.present = [maxNeedles / 64]uint64{}
		// (?i) matches ſ where a pattern says s; strings.ToLower keeps
		// it (and turns K into k), so the needles must see s too.
		f.lower, f.lowerDone = strings.ReplaceAll(strings.ToLower(text), "\u017f", "s"), true
		f.scan(m, f.lower)
	}
	return f
}

// scan records the needles in s, stopping at the first non-ASCII byte of
// an ASCII text; it reports whether it reached the end.
func (f *folded) scan(m *acMatcher, s string) bool {
	state := int32(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 && f.ascii {
			return false
		}
		state = m.next[int(state)*m.classes+int(m.class[c])]
		for _, id := range m.out[state] {
			f.present[id/64] |= 1 << (id % 64)
		}
	}
	return true
}

// acMatcher is an Aho-Corasick automaton over bytes with its transitions
// made total, so a scan is one table lookup per byte. Bytes that occur in
// no needle share class 0.
type acMatcher struct {
	class   [256]uint8
	classes int
	next    []int32   // next[state*classes+class]
	out     [][]int32 // needles ending at a state, through its suffix links too
}

var needleMatcher = sync.OnceValue(func() *acMatcher {
	m := &acMatcher{classes: 1}
	for _, n := range needles {
		for i := 0; i < len(n); i++ {
			if m.class[n[i]] == 0 {
				m.class[n[i]] = uint8(m.classes)
				m.classes++
			}
		}
	}
	// Needles are lowercase (TestNeedlesAreLowercase), so an ASCII text
	// need not be lowercased to be scanned.
	for c := 'A'; c <= 'Z'; c++ {
		m.class[c] = m.class[c+'a'-'A']
	}
	// The trie, with -1 for a missing edge.
	edge := func() []int32 {
		e := make([]int32, m.classes)
		for i := range e {
			e[i] = -1
		}
		return e
	}
	trie := [][]int32{edge()}
	m.out = [][]int32{nil}
	for id, n := range needles {
		s := int32(0)
		for i := 0; i < len(n); i++ {
			c := m.class[n[i]]
			if trie[s][c] < 0 {
				trie[s][c] = int32(len(trie))
				trie = append(trie, edge())
				m.out = append(m.out, nil)
			}
			s = trie[s][c]
		}
		m.out[s] = append(m.out[s], int32(id))
	}
	// Breadth first, each state's missing edges follow its suffix link's.
	m.next = make([]int32, len(trie)*m.classes)
	link := make([]int32, len(trie))
	var queue []int32
	for c := range m.classes {
		if t := trie[0][c]; t > 0 {
			m.next[c] = t
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		m.out[s] = append(m.out[s], m.out[link[s]]...)
		for c := range m.classes {
			if t := trie[s][c]; t >= 0 {
				link[t] = m.next[int(link[s])*m.classes+c]
				m.next[int(s)*m.classes+c] = t
				queue = append(queue, t)
			} else {
				m.next[int(s)*m.classes+c] = m.next[int(link[s])*m.classes+c]
			}
		}
	}
	return m
})
