package report

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// zwsp is a zero-width space as an HTML entity. Put inside a word GitHub
// would turn into a link or a mention, it breaks the pattern without
// changing what a reader sees; as an entity it survives editors and APIs
// that trim invisible characters.
const zwsp = "&#8203;"

// MarkdownText makes text inert in GitHub-flavoured markdown: on one line,
// no HTML, no markdown syntax, no @mention, and none of GitHub's autolinks
// (URLs, www., #123, GH-123, owner/repo#123, commit SHAs), so a tool
// description can neither ping anyone nor point a reader at another issue,
// commit or site. It is the one escaper every bot-written body (comment,
// summary, issue title and body, notice) uses for any value that is not a
// code span; mask secrets before calling it.
func MarkdownText(s string) string {
	return escapeInline(safetext.Line(s))
}

// escapeInline is MarkdownText on text already on one line, keeping its
// spaces where a caller joins it to other pieces.
func escapeInline(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '&':
			b.WriteString("&amp;")
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '@':
			b.WriteString("@" + zwsp)
		case c == '#':
			b.WriteString(`\#`)
			if i+1 < len(s) && isDigit(s[i+1]) {
				b.WriteString(zwsp) // #123, owner/repo#123
			}
		case c == ':' && strings.HasPrefix(s[i:], "://"):
			b.WriteString(":" + zwsp) // https://…, any scheme
		case strings.IndexByte("\\`*_[]|~!$", c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		case wordStart(s, i) && hasPrefixFold(s[i:], "www."):
			b.WriteString(s[i:i+3] + zwsp + ".")
			i += 4
			continue
		case wordStart(s, i) && hasPrefixFold(s[i:], "gh-") && i+3 < len(s) && isDigit(s[i+3]):
			b.WriteString(s[i:i+2] + zwsp + "-")
			i += 3
			continue
		case wordStart(s, i) && isHex(c):
			n := hexRun(s[i:])
			if n >= 7 && !wordByte(s, i+n) {
				// GitHub links a word of 7 to 40 hex digits to the commit it names.
				b.WriteString(s[i:i+4] + zwsp + s[i+4:i+n])
				i += n
				continue
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
		i++
	}
	return b.String()
}

// MarkdownCode shows text verbatim in a code span, where GitHub renders no
// HTML, link, autolink or mention; only a backtick could end it early, and
// a span cannot hold a line break.
func MarkdownCode(s string) string {
	return "`" + strings.ReplaceAll(safetext.Line(s), "`", "'") + "`"
}

// markdownProse renders our own sentences that quote commands in
// backticks (a fix: "run `mcp-contract snapshot`"): each quoted part becomes
// a code span and the rest goes through MarkdownText, so a command reads as
// code instead of as escaped backticks, and server text inside either part
// stays inert. An unpaired backtick is text.
func markdownProse(s string) string {
	s = safetext.Line(s)
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 {
		// An odd number of backticks: the last one opens nothing.
		last := len(parts) - 1
		parts[last-1] += "`" + parts[last]
		parts = parts[:last]
	}
	var b strings.Builder
	for i, p := range parts {
		switch {
		case i%2 == 0:
			b.WriteString(escapeInline(p))
		case strings.TrimSpace(p) == "":
			b.WriteString(escapeInline("`" + p + "`"))
		default:
			b.WriteString("`" + p + "`")
		}
	}
	return b.String()
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func hexRun(s string) int {
	n := 0
	for n < len(s) && isHex(s[n]) {
		n++
	}
	return n
}

// wordByte reports whether s[i] continues a word (GitHub's autolinks need
// a word boundary on both sides).
func wordByte(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

func wordStart(s string, i int) bool { return !wordByte(s, i-1) }

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
