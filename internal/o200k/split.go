package o200k

import (
	"unicode"
	"unicode/utf8"
)

// pieceEnd returns where the first piece of text ends under o200k_base's
// pre-tokenizer, the regexp
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|\p{N}{1,3}
//	| ?[^\s\p{L}\p{N}]+[\r\n/]*
//	|\s*[\r\n]+
//	|\s+(?!\S)
//	|\s+
//
// as the library's backtracking engine (regexp2, .NET semantics) matches it:
// the first alternative that matches at the start wins, and within one, a
// greedy loop gives back characters one at a time until the rest matches.
// text is non-empty valid UTF-8. A character no alternative matches (DEL
// alone: see asciiClass) is skipped by the engine and counts nothing; for it
// pieceEnd returns minus its length.
func pieceEnd(text string) int {
	if end := asciiPieceEnd(text); end > 0 {
		return end
	}
	c0, n0 := classAt(text, 0)
	if c0 == 0 {
		return -n0
	}
	// The letter alternatives need a letter or mark first, or second after
	// the optional leading character.
	if c0&(upper|lower) != 0 || c0&prefix != 0 && n0 < len(text) && classOf1(text, n0)&(upper|lower) != 0 {
		if end := letterPiece(text, c0, n0); end > 0 {
			return end
		}
	}
	if c0&number != 0 {
		end := n0
		for k := 1; k < 3 && end < len(text); k++ {
			c, n := classAt(text, end)
			if c&number == 0 {
				break
			}
			end += n
		}
		return end
	}
	// ` ?[^\s\p{L}\p{N}]+[\r\n/]*`
	end := 0
	if text[0] == ' ' {
		end = 1
	}
	if end < len(text) && classOf1(text, end)&punct != 0 {
		end = span(text, end, punct)
		for end < len(text) && (text[end] == '\r' || text[end] == '\n' || text[end] == '/') {
			end++
		}
		return end
	}
	// Whitespace: the run, where its first newline run ends, and where its
	// last character starts. Once the first newline run has ended the piece
	// ends there, so the scan stops: scanning on to the end of the
	// whitespace would make "\n \n \n ..." quadratic.
	run, afterNewline, lastStart := 0, 0, 0
	for run < len(text) {
		c, n := classAt(text, run)
		if c&space == 0 {
			break
		}
		if nl := text[run] == '\r' || text[run] == '\n'; nl && (afterNewline == 0 || afterNewline == run) {
			afterNewline = run + 1
		} else if afterNewline > 0 {
			break
		}
		lastStart = run
		run += n
	}
	switch {
	case afterNewline > 0:
		// \s*[\r\n]+. The library's engine (regexp2's generated matcher)
		// backtracks the greedy \s* to the run's FIRST newline, not its last
		// as a textbook engine would, so "\n \n" is two pieces; we count as
		// the library does.
		return afterNewline
	case run == len(text): // \s+(?!\S) at the end
		return run
	case lastStart > 0: // \s+(?!\S): all but the last, which goes with what follows
		return lastStart
	}
	return run // \s+
}

// asciiPieceEnd is pieceEnd for the pieces most of a tool's text is made
// of, in ASCII: a word with an optional leading character, digits, a run of
// punctuation. It returns 0 for any other start, and wherever a non-ASCII
// character could extend the piece, for pieceEnd to decide.
func asciiPieceEnd(text string) int {
	b := text[0]
	if b >= utf8.RuneSelf {
		return 0
	}
	c, i := asciiClass[b], 0
	if c&prefix != 0 && len(text) > 1 {
		b1 := text[1]
		if b1 >= utf8.RuneSelf {
			return 0
		}
		if c1 := asciiClass[b1]; c1&(upper|lower) != 0 {
			c, i = c1, 1
		}
	}
	switch {
	case c&(upper|lower) != 0:
		// Both letter alternatives match the uppercase letters and then the
		// lowercase ones: no ASCII letter is in both classes.
		j := span7(text, i, upper)
		j = span7(text, j, lower)
		if j < len(text) && text[j] >= utf8.RuneSelf {
			return 0
		}
		return contraction(text, j)
	case c&number != 0:
		j := span7(text[:min(len(text), 3)], 0, number)
		if j < 3 && j < len(text) && text[j] >= utf8.RuneSelf {
			return 0
		}
		return j
	case c&punct != 0 || b == ' ':
		j := 0
		if b == ' ' {
			j = 1
		}
		if j >= len(text) || asciiClass[text[j]]&punct == 0 { // text[1] is ASCII: see above
			return 0
		}
		j = span7(text, j, punct)
		if j < len(text) && text[j] >= utf8.RuneSelf {
			return 0
		}
		for j < len(text) && (text[j] == '\r' || text[j] == '\n' || text[j] == '/') {
			j++
		}
		return j
	}
	return 0
}

// span7 is span over ASCII only: it stops at the first non-ASCII byte.
func span7(text string, i int, want class) int {
	for i < len(text) && text[i] < utf8.RuneSelf && asciiClass[text[i]]&want != 0 {
		i++
	}
	return i
}

// letterPiece tries the two letter alternatives, each first with the
// optional leading character and then without it; 0 when neither matches.
func letterPiece(text string, c0 class, n0 int) int {
	// [^\r\n\p{L}\p{N}]? [U]* [L]+
	if c0&prefix != 0 {
		if end := upperThenLower(text, n0); end > 0 {
			return contraction(text, end)
		}
	}
	if end := upperThenLower(text, 0); end > 0 {
		return contraction(text, end)
	}
	// [^\r\n\p{L}\p{N}]? [U]+ [L]*
	if c0&prefix != 0 {
		if end := upperRun(text, n0); end > n0 {
			return contraction(text, lowerRun(text, end))
		}
	}
	if end := upperRun(text, 0); end > 0 {
		return contraction(text, lowerRun(text, end))
	}
	return 0
}

// upperThenLower matches [U]*[L]+ at i and returns its end, or 0. The
// greedy [U]* gives back characters until [L]+ can start: onto the last
// character of the run that is in both classes (Lm, Lo, M), when what
// follows the run is not lowercase.
func upperThenLower(text string, i int) int {
	end, lastBoth := i, 0
	for end < len(text) {
		if b := text[end]; b < utf8.RuneSelf { // no ASCII character is in both classes
			if asciiClass[b]&upper == 0 {
				break
			}
			end++
			continue
		}
		c, n := classOfRune(text, end)
		if c&upper == 0 {
			break
		}
		end += n
		if c&lower != 0 {
			lastBoth = end
		}
	}
	if after := lowerRun(text, end); after > end {
		return after
	}
	return lastBoth
}

func upperRun(text string, i int) int { return span(text, i, upper) }

func lowerRun(text string, i int) int { return span(text, i, lower) }

// span returns where the run of characters in class want that starts at i
// ends. ASCII, most of a tool's text, is tested inline without a call per
// character.
func span(text string, i int, want class) int {
	for i < len(text) {
		if b := text[i]; b < utf8.RuneSelf {
			if asciiClass[b]&want == 0 {
				break
			}
			i++
			continue
		}
		c, n := classOfRune(text, i)
		if c&want == 0 {
			break
		}
		i += n
	}
	return i
}

// contraction extends a letter piece ending at end over a following
// (?i:'s|'t|'re|'ve|'m|'ll|'d). The engine's case-insensitive set for s
// holds ſ (U+017F, long s) too.
func contraction(text string, end int) int {
	if end+1 >= len(text) || text[end] != '\'' {
		return end
	}
	rest := text[end+1:]
	switch rest[0] {
	case 's', 'S', 't', 'T', 'm', 'M', 'd', 'D':
		return end + 2
	case 'r', 'R', 'v', 'V':
		if len(rest) > 1 && rest[1]|0x20 == 'e' {
			return end + 3
		}
	case 'l', 'L':
		if len(rest) > 1 && rest[1]|0x20 == 'l' {
			return end + 3
		}
	case 0xC5: // ſ is C5 BF
		if len(rest) > 1 && rest[1] == 0xBF {
			return end + 3
		}
	}
	return end
}

// class is a set of the pattern's character classes a character is in.
type class uint8

const (
	upper  class = 1 << iota // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	lower                    // [\p{Ll}\p{Lm}\p{Lo}\p{M}]
	number                   // \p{N}
	space                    // \s (unicode.IsSpace)
	prefix                   // [^\r\n\p{L}\p{N}]
	punct                    // [^\s\p{L}\p{N}]
)

var asciiClass = func() (t [utf8.RuneSelf]class) {
	for r := range rune(utf8.RuneSelf) {
		t[r] = classOf(r)
	}
	// The library's engine tests ASCII against a bitmap that leaves out DEL
	// in both [^\r\n\p{L}\p{N}] and [^\s\p{L}\p{N}], so no alternative
	// matches it and it counts no token; we count as the library does.
	t[0x7f] = 0
	return t
}()

// classAt returns the classes of the character at text[i] and its length.
func classAt(text string, i int) (class, int) {
	if b := text[i]; b < utf8.RuneSelf {
		return asciiClass[b], 1
	}
	return classOfRune(text, i)
}

func classOfRune(text string, i int) (class, int) {
	r, n := utf8.DecodeRuneInString(text[i:])
	return classOf(r), n
}

func classOf1(text string, i int) class {
	c, _ := classAt(text, i)
	return c
}

func classOf(r rune) class {
	var c class
	switch {
	case unicode.Is(unicode.Lu, r), unicode.Is(unicode.Lt, r):
		c = upper
	case unicode.Is(unicode.Ll, r):
		c = lower
	case unicode.Is(unicode.Lm, r), unicode.Is(unicode.Lo, r), unicode.Is(unicode.M, r):
		c = upper | lower
	case unicode.IsNumber(r):
		c = number
	case unicode.IsSpace(r):
		c = space
	}
	isLetter := c&(upper|lower) != 0 && !unicode.Is(unicode.M, r)
	if !isLetter && c&number == 0 && r != '\r' && r != '\n' {
		c |= prefix
	}
	if !isLetter && c&(number|space) == 0 {
		c |= punct
	}
	return c
}
