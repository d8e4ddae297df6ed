package safetext

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The GitHub runner reads every line a step writes to stdout or stderr and
// runs two kinds of workflow command (actions/runner,
// src/Runner.Common/ActionCommand.cs): "::name props::data" once leading
// white space is trimmed (TryParseV2), and the legacy "##[name props]data"
// anywhere in a line (TryParse). Both match with .NET's culture-sensitive
// StartsWith and IndexOf, which on Linux compare through ICU, where control
// and format characters weigh nothing: "\u200b::error::x" and "#\u00ad#[error]"
// are commands too. So the invisible characters go first, then both forms
// are broken with a visible space, which ICU does not ignore.

// Neutralize returns line as the runner can read it without running anything:
// invisible characters (controls other than tab, format characters,
// variation selectors and the other default-ignorable code points) are
// dropped, every "##[" becomes "## [", and a "::" the line starts with after
// white space becomes ": :". line is one line: a "\n" or "\r" in it is a
// line break to the runner, so such text goes through a Guard instead.
func Neutralize(line string) string {
	out, _ := neutralize(line, true)
	return out
}

// neutralize is Neutralize over a piece of a line; atStart says whether
// nothing but white space came before it, and the result says the same of
// the piece's end.
func neutralize(s string, atStart bool) (string, bool) {
	if !needsWork(s, atStart) {
		return s, atStart && strings.TrimLeftFunc(s, unicode.IsSpace) == ""
	}
	s = strings.Map(func(r rune) rune {
		if Invisible(r) {
			return -1
		}
		return r
	}, s)
	s = strings.ReplaceAll(s, "##[", "## [")
	if atStart {
		rest := strings.TrimLeftFunc(s, unicode.IsSpace)
		if strings.HasPrefix(rest, "::") {
			s = s[:len(s)-len(rest)] + ": :" + rest[2:]
			rest = s
		}
		atStart = rest == ""
	}
	return s, atStart
}

// needsWork is the fast path: most text holds nothing to neutralise.
func needsWork(s string, atStart bool) bool {
	if strings.Contains(s, "##[") {
		return true
	}
	if atStart && strings.HasPrefix(strings.TrimLeftFunc(s, unicode.IsSpace), "::") {
		return true
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' || c == 0x7f || c >= utf8.RuneSelf {
			return strings.IndexFunc(s, Invisible) >= 0
		}
	}
	return false
}

// Invisible reports the code points that ICU's root collation ignores and a
// reader does not see: controls other than tab and line ends, format
// characters (Cf: zero-width spaces and joiners, the bidi controls, soft
// hyphen, BOM, tags), variation selectors and the other
// Default_Ignorable_Code_Point characters.
func Invisible(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return false
	case r < 0x20 || r >= 0x7f && r < 0xa0:
		return true
	case r < 0xa0:
		return false
	case unicode.Is(unicode.Cf, r):
		return true
	case r == 0x034f, r == 0x115f, r == 0x1160, r == 0x17b4, r == 0x17b5, r == 0x3164, r == 0xffa0:
		return true
	case r >= 0x180b && r <= 0x180f, r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0000 && r <= 0xe0fff:
		return true
	case r >= 0x2060 && r <= 0x206f, r >= 0xfff0 && r <= 0xfff8, r >= 0x1bca0 && r <= 0x1bca3:
		return true
	}
	return false
}

// maxPending bounds the part of a line a Guard holds before writing it: a
// line longer than this is neutralised in pieces, with a piece's trailing
// '#'s held back so a "##[" cannot straddle two pieces.
const maxPending = 64 << 10

// Guard writes text for the runner's log: every line written through it is
// Neutralize'd, so no byte of it runs as a workflow command, however the
// writes cut the lines. Our own workflow commands go through Commands,
// which shares the Guard's line state.
type Guard struct {
	mu sync.Mutex
	w  io.Writer
	// pending is the start of a line not yet written; atStart says whether
	// what was already written of that line is only white space.
	pending []byte
	atStart bool
}

// NewGuard returns a Guard writing to w.
func NewGuard(w io.Writer) *Guard { return &Guard{w: w, atStart: true} }

// Write neutralises p's complete lines and writes them; the rest of the
// last line waits for its end (or Flush).
func (g *Guard) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(p), g.write(p)
}

func (g *Guard) write(p []byte) error {
	var out bytes.Buffer
	for len(p) > 0 {
		i := bytes.IndexAny(p, "\r\n")
		if i < 0 {
			g.pending = append(g.pending, p...)
			break
		}
		g.pending = append(g.pending, p[:i+1]...)
		p = p[i+1:]
		g.emit(&out, true)
	}
	if len(g.pending) > maxPending {
		g.emit(&out, false)
	}
	if out.Len() == 0 {
		return nil
	}
	_, err := g.w.Write(out.Bytes())
	return err
}

// emit neutralises pending into out. With ended, pending ends with its line
// break; without, it is a long line's piece, and whatever could still grow
// into "##[" (trailing '#'s, a cut UTF-8 sequence) is kept for the next.
func (g *Guard) emit(out *bytes.Buffer, ended bool) {
	s := string(g.pending)
	keep := ""
	if !ended {
		cut := len(s)
		for cut > 0 && !utf8.RuneStart(s[cut-1]) {
			cut--
		}
		if cut > 0 && !utf8.FullRuneInString(s[cut-1:]) {
			cut--
		}
		for cut > 0 && s[cut-1] == '#' {
			cut--
		}
		s, keep = s[:cut], s[cut:]
	}
	text, atStart := neutralize(s, g.atStart)
	out.WriteString(text)
	g.pending = append(g.pending[:0], keep...)
	g.atStart = ended || atStart
}

// Flush writes the pending part of the last line, neutralised.
func (g *Guard) Flush() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.pending) == 0 {
		return nil
	}
	text, _ := neutralize(string(g.pending), g.atStart)
	g.pending, g.atStart = g.pending[:0], true
	_, err := io.WriteString(g.w, text)
	return err
}

// Commands returns the one writer our own workflow commands go through: a
// line that is one command ("::name props::data", one line, the runner's
// escapes done by the caller) is written as it is, after ending any line
// left pending; anything else written to it is neutralised like the
// Guard's own text.
func (g *Guard) Commands() io.Writer { return commandWriter{g} }

type commandWriter struct{ g *Guard }

func (c commandWriter) Write(p []byte) (int, error) {
	g := c.g
	g.mu.Lock()
	defer g.mu.Unlock()
	var out bytes.Buffer
	if len(g.pending) > 0 {
		// A command must start its own line.
		g.pending = append(g.pending, '\n')
		g.emit(&out, true)
	}
	rest := p
	for len(rest) > 0 {
		line := rest
		if i := bytes.IndexAny(rest, "\r\n"); i >= 0 {
			line = rest[:i+1]
		}
		rest = rest[len(line):]
		body := strings.TrimSuffix(string(line), "\n")
		if isCommandLine(body) && strings.HasSuffix(string(line), "\n") {
			out.WriteString(body + "\n")
			continue
		}
		g.pending = append(g.pending, line...)
		if bytes.HasSuffix(line, []byte("\n")) || bytes.HasSuffix(line, []byte("\r")) {
			g.emit(&out, true)
		}
	}
	if out.Len() > 0 {
		if _, err := g.w.Write(out.Bytes()); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// isCommandLine reports a line that is exactly one of our commands: it
// starts with "::", a lower-case name, optional properties, "::", and holds
// no character the runner would split it at or ignore.
func isCommandLine(line string) bool {
	rest, ok := strings.CutPrefix(line, "::")
	if !ok {
		return false
	}
	info, _, ok := strings.Cut(rest, "::")
	if !ok {
		return false
	}
	name, _, _ := strings.Cut(info, " ")
	if name == "" || strings.TrimFunc(name, func(r rune) bool { return r >= 'a' && r <= 'z' || r == '-' }) != "" {
		return false
	}
	return strings.IndexFunc(line, func(r rune) bool { return r == '\r' || r == '\n' || Invisible(r) }) < 0
}

// CommandsTo returns the writer for our own workflow commands on w: the
// Guard's Commands when w is a Guard, else w itself (a file, a buffer: no
// runner reads it).
func CommandsTo(w io.Writer) io.Writer {
	if g, ok := w.(*Guard); ok {
		return g.Commands()
	}
	return w
}
