package drift

import (
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Whether one "pattern" accepts every string another does is decided on
// automata, not on the text: "^[a-z0-9_-]+$" widened to "^[a-z0-9_.-]+$" is
// a relaxation, and a rewrite such as "^(a|b)$" to "^[ab]$" is no change.
// Both patterns are parsed by Go's regexp/syntax and compiled to its NFA
// program; the pair of subset-construction states is explored over the
// alphabet split at every rune range either program names, looking for a
// string one pattern matches and the other does not.
//
// JSON Schema patterns are ECMA-262 regular expressions matched anywhere in
// the string. Only the subset on which ECMA-262 and RE2 agree is read:
// without backreferences or lookaround (RE2 rejects them), without \s, \S,
// \b, \B, \p, \u (whose classes differ or which RE2 lacks), without RE2's
// own \A, \z, \Q, [[:class:]] and (?flags); "." is ECMA's, which also stops
// at \r, U+2028 and U+2029. Outside it, or past maxPatternStates, the
// answer is "cannot tell", and the change is drift/pattern-changed, a
// warning, never a tightening nobody proved.

// maxPatternStates bounds the pairs of automaton states explored, and
// maxPatternSteps the runes read over all of them (a hostile class of a
// thousand ranges cuts the alphabet as finely); maxPatternLen the pattern
// read at all.
const (
	maxPatternStates = 4096
	maxPatternSteps  = 1 << 16
	maxPatternLen    = 16384
)

// patternProg is a pattern compiled for the inclusion check.
type patternProg struct {
	prog *syntax.Prog
}

// compilePattern reads an ECMA-262 pattern of the shared subset; false
// outside it.
func compilePattern(pat string) (*patternProg, bool) {
	if len(pat) > maxPatternLen {
		return nil, false
	}
	for i := 0; i < len(pat); i++ {
		if pat[i] == '\\' && i+1 < len(pat) {
			if strings.IndexByte(`sSbBpPuAzQEcCk`, pat[i+1]) >= 0 {
				return nil, false
			}
			i++
		}
	}
	if strings.Contains(pat, "[:") || strings.Contains(strings.ReplaceAll(pat, "(?:", ""), "(?") {
		return nil, false
	}
	re, err := syntax.Parse(pat, syntax.Perl)
	if err != nil {
		return nil, false
	}
	re = ecmaDot(re.Simplify())
	prog, err := syntax.Compile(re)
	if err != nil {
		return nil, false
	}
	for _, in := range prog.Inst {
		switch in.Op {
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^(syntax.EmptyBeginText|syntax.EmptyEndText) != 0 {
				return nil, false
			}
		case syntax.InstRune:
			if syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
				return nil, false
			}
		}
	}
	return &patternProg{prog: prog}, true
}

// ecmaDot rewrites "." (any character but \n) as ECMA-262 reads it.
func ecmaDot(re *syntax.Regexp) *syntax.Regexp {
	if re.Op == syntax.OpAnyCharNotNL {
		return &syntax.Regexp{Op: syntax.OpCharClass, Rune: []rune{
			0, '\n' - 1, '\n' + 1, '\r' - 1, '\r' + 1, 0x2027, 0x202a, unicode.MaxRune}}
	}
	for i, sub := range re.Sub {
		re.Sub[i] = ecmaDot(sub)
	}
	return re
}

// nfaState is a subset-construction state: the program counters alive,
// and whether some thread has matched (a match anywhere is a match).
type nfaState struct {
	pcs     []uint32
	matched bool
}

func (s nfaState) key() string {
	var b strings.Builder
	if s.matched {
		b.WriteByte('!')
	}
	for _, pc := range s.pcs {
		b.WriteString(strconv.FormatUint(uint64(pc), 36))
		b.WriteByte(',')
	}
	return b.String()
}

// closure adds pc and what it reaches without reading, at the beginning of
// the text or not, and at its end or not; it reports reaching a match. Not
// at the end, a thread waiting at "$" is kept in out, for accepts to try
// once the text ends there.
func (p *patternProg) closure(pc uint32, begin, end bool, seen map[uint32]bool, out *[]uint32) bool {
	if seen[pc] {
		return false
	}
	seen[pc] = true
	in := &p.prog.Inst[pc]
	switch in.Op {
	case syntax.InstAlt, syntax.InstAltMatch:
		a := p.closure(in.Out, begin, end, seen, out)
		return p.closure(in.Arg, begin, end, seen, out) || a
	case syntax.InstCapture, syntax.InstNop:
		return p.closure(in.Out, begin, end, seen, out)
	case syntax.InstEmptyWidth:
		op := syntax.EmptyOp(in.Arg)
		if op&syntax.EmptyBeginText != 0 && !begin {
			return false
		}
		if op&syntax.EmptyEndText != 0 && !end {
			*out = append(*out, pc)
			return false
		}
		return p.closure(in.Out, begin, end, seen, out)
	case syntax.InstMatch:
		return true
	case syntax.InstFail:
		return false
	}
	*out = append(*out, pc)
	return false
}

// start is the state from the threads at from and one starting here (a
// pattern matches anywhere).
func (p *patternProg) start(from []uint32, begin bool) nfaState {
	seen := map[uint32]bool{}
	var pcs []uint32
	matched := false
	for _, pc := range from {
		matched = p.closure(pc, begin, false, seen, &pcs) || matched
	}
	matched = p.closure(uint32(p.prog.Start), begin, false, seen, &pcs) || matched
	slices.Sort(pcs)
	return nfaState{pcs: slices.Compact(pcs), matched: matched}
}

// initial is the state before the first rune, where "^" holds.
func (p *patternProg) initial() nfaState { return p.start(nil, true) }

// step reads r.
func (p *patternProg) step(s nfaState, r rune) nfaState {
	if s.matched {
		return s
	}
	var next []uint32
	for _, pc := range s.pcs {
		if in := &p.prog.Inst[pc]; in.Op != syntax.InstEmptyWidth && in.MatchRune(r) {
			next = append(next, in.Out)
		}
	}
	return p.start(next, false)
}

// accepts reports whether the text read so far matches when it ends here.
func (p *patternProg) accepts(s nfaState, begin bool) bool {
	if s.matched {
		return true
	}
	seen := map[uint32]bool{}
	var sink []uint32
	for _, pc := range s.pcs {
		if p.prog.Inst[pc].Op == syntax.InstEmptyWidth && p.closure(pc, begin, true, seen, &sink) {
			return true
		}
	}
	return p.closure(uint32(p.prog.Start), begin, true, seen, &sink)
}

// patternIncludes reports whether every string a matches, b matches, with
// a string a matches and b does not when not; ok is false when it cannot
// tell.
func patternIncludes(a, b string) (includes bool, counter string, ok bool) {
	pa, okA := compilePattern(a)
	pb, okB := compilePattern(b)
	if !okA || !okB {
		return false, "", false
	}
	cuts := alphabet(pa.prog, pb.prog)
	type pair struct {
		a, b  nfaState
		begin bool
		text  string
	}
	startA, startB := pa.initial(), pb.initial()
	queue := []pair{{startA, startB, true, ""}}
	seen := map[string]bool{startA.key() + "|" + startB.key() + "|^": true}
	steps := 0
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if pa.accepts(cur.a, cur.begin) && !pb.accepts(cur.b, cur.begin) {
			return false, cur.text, true
		}
		if cur.b.matched {
			// b matches every extension: nothing below can tell them apart.
			continue
		}
		if steps += len(cuts); steps > maxPatternSteps {
			return false, "", false
		}
		for _, r := range cuts {
			na, nb := pa.step(cur.a, r), pb.step(cur.b, r)
			k := na.key() + "|" + nb.key()
			if seen[k] {
				continue
			}
			if seen[k] = true; len(seen) > maxPatternStates {
				return false, "", false
			}
			queue = append(queue, pair{na, nb, false, cur.text + string(r)})
		}
	}
	return true, "", true
}

// alphabet returns one rune of each interval on which neither program tells
// runes apart.
func alphabet(progs ...*syntax.Prog) []rune {
	cuts := []rune{0, unicode.MaxRune + 1}
	for _, prog := range progs {
		for _, in := range prog.Inst {
			switch in.Op {
			case syntax.InstRune:
				for i := 0; i+1 < len(in.Rune); i += 2 {
					cuts = append(cuts, in.Rune[i], in.Rune[i+1]+1)
				}
				if len(in.Rune) == 1 {
					cuts = append(cuts, in.Rune[0], in.Rune[0]+1)
				}
			case syntax.InstRune1:
				cuts = append(cuts, in.Rune[0], in.Rune[0]+1)
			case syntax.InstRuneAnyNotNL:
				cuts = append(cuts, '\n', '\n'+1)
			}
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	var out []rune
	for i := 0; i+1 < len(cuts); i++ {
		r := cuts[i]
		// A surrogate cannot be a string's rune; its interval's other
		// runes stand for it.
		if !utf8.ValidRune(r) {
			if cuts[i+1] > 0xE000 {
				out = append(out, 0xE000)
			}
			continue
		}
		// A printable representative reads better in an example.
		for _, c := range "a0A _" {
			if !unicode.IsPrint(r) && r <= c && c < cuts[i+1] {
				r = c
			}
		}
		out = append(out, r)
	}
	return out
}
