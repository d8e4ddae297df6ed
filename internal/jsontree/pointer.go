package jsontree

import (
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Lines maps byte offsets of one document to 1-based line and column numbers.
// Columns count characters (not bytes), as editors and GitHub annotations do.
// A Lines is not safe for concurrent use: it caches as it answers.
type Lines struct {
	// text is the document.
	text string
	// blocks describes every blockSize bytes of text: a position is found
	// from its block by counting the line breaks between the block's start
	// and it. A start per line would cost 8 bytes a line (33 MB for a
	// 100,000-tool catalog); this costs 16 bytes per blockSize.
	blocks []block
	// marks caches, per long line, the character count at every
	// markInterval bytes, so a minified file (one huge line) with thousands
	// of findings does not rescan the line for each of them. Lint locates
	// findings from several goroutines, hence the lock.
	marksMu sync.Mutex
	marks   map[int][]mark
}

type mark struct{ offset, chars int }

// block is where the blockSize bytes from one multiple of blockSize sit:
// lines is the number of line breaks before it, start the offset of the
// line it begins in.
type block struct{ lines, start int }

// blockSize bounds the bytes a position's lookup scans for line breaks
// (with strings.Count and strings.LastIndexByte, which are fast).
const blockSize = 1024

const markInterval = 4096

// newLines indexes the lines of text.
func newLines(text string) *Lines {
	blocks := make([]block, len(text)/blockSize+1)
	b := block{}
	for j := range blocks {
		chunk := text[j*blockSize : min((j+1)*blockSize, len(text))]
		blocks[j] = b
		if k := strings.LastIndexByte(chunk, '\n'); k >= 0 {
			b.lines += strings.Count(chunk, "\n")
			b.start = j*blockSize + k + 1
		}
	}
	return &Lines{text: text, blocks: blocks}
}

// Bytes returns a copy of the document's bytes from start to end.
func (l *Lines) Bytes(start, end int) []byte { return []byte(l.text[start:end]) }

// Raw returns a copy of the bytes of n, a value parsed from the document.
func (l *Lines) Raw(n *Node) []byte {
	return l.Bytes(int(n.Offset), ValueEnd(l.text, int(n.Offset)))
}

// ValueEnd returns the offset just past the JSON value that starts at
// offset in text, a document Parse accepted.
func ValueEnd(text string, offset int) int {
	depth := 0
	for i := offset; i < len(text); i++ {
		switch text[i] {
		case '"':
			for i++; i < len(text) && text[i] != '"'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return min(i+1, len(text))
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1
			}
		default:
			if depth == 0 {
				// A number or a literal: it ends where the next token or
				// space begins.
				j := i
				for j < len(text) && !strings.ContainsRune(",:]} \t\r\n", rune(text[j])) {
					j++
				}
				return j
			}
		}
	}
	return len(text)
}

// Position returns the line and column of a byte offset.
func (l *Lines) Position(offset int) (line, column int) {
	if offset < 0 {
		return 0, 0
	}
	if offset > len(l.text) {
		offset = len(l.text)
	}
	// i is the line's index, start its first byte.
	j := offset / blockSize
	i, start := l.blocks[j].lines, l.blocks[j].start
	before := l.text[j*blockSize : offset]
	if k := strings.LastIndexByte(before, '\n'); k >= 0 {
		i += strings.Count(before, "\n")
		start = j*blockSize + k + 1
	}
	if offset-start <= markInterval {
		return i + 1, utf8.RuneCountInString(l.text[start:offset]) + 1
	}
	marks := l.lineMarks(i, start)
	k := sort.Search(len(marks), func(k int) bool { return marks[k].offset > offset }) - 1
	return i + 1, marks[k].chars + utf8.RuneCountInString(l.text[marks[k].offset:offset]) + 1
}

// lineMarks returns the checkpoints of line i, which starts at start,
// computing them once. Each checkpoint sits on the first byte of a
// character.
func (l *Lines) lineMarks(i, start int) []mark {
	l.marksMu.Lock()
	defer l.marksMu.Unlock()
	if m, ok := l.marks[i]; ok {
		return m
	}
	end := len(l.text)
	if k := strings.IndexByte(l.text[start:], '\n'); k >= 0 {
		end = start + k + 1
	}
	marks := []mark{{start, 0}}
	chars := 0
	for at := start; at < end; {
		next := min(at+markInterval, end)
		for next < end && !utf8.RuneStart(l.text[next]) {
			next++
		}
		chars += utf8.RuneCountInString(l.text[at:next])
		at = next
		marks = append(marks, mark{at, chars})
	}
	if l.marks == nil {
		l.marks = map[int][]mark{}
	}
	l.marks[i] = marks
	return marks
}

var escapeToken = strings.NewReplacer("~", "~0", "/", "~1")

// EscapeToken escapes one reference token of a JSON pointer (RFC 6901).
func EscapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return escapeToken.Replace(s)
}

// Append returns pointer extended by one unescaped token.
func Append(pointer, token string) string { return pointer + "/" + EscapeToken(token) }

// AppendIndex returns pointer extended by an array index.
func AppendIndex(pointer string, i int) string { return pointer + "/" + strconv.Itoa(i) }

var unescapeToken = strings.NewReplacer("~1", "/", "~0", "~")

// Lookup resolves an RFC 6901 pointer ("" is n itself) below n.
func (n *Node) Lookup(pointer string) (*Node, bool) {
	if pointer == "" {
		return n, n != nil
	}
	if !strings.HasPrefix(pointer, "/") {
		return nil, false
	}
	cur := n
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = unescapeToken.Replace(tok)
		switch {
		case cur.Is(Object):
			next := cur.Get(tok)
			if next == nil {
				return nil, false
			}
			cur = next
		case cur.Is(Array):
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items()) || (len(tok) > 1 && tok[0] == '0') {
				return nil, false
			}
			cur = cur.Items()[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// Nearest returns the node at pointer, or the deepest ancestor on its path
// that n holds (n itself at worst): where a finding about a node that is
// gone (a removed property) is best shown.
func (n *Node) Nearest(pointer string) *Node {
	for {
		if node, ok := n.Lookup(pointer); ok {
			return node
		}
		j := strings.LastIndexByte(pointer, '/')
		if j < 0 {
			return n
		}
		pointer = pointer[:j]
	}
}
