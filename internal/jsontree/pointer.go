package jsontree

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Lines maps byte offsets of one document to 1-based line and column numbers.
// Columns count characters (not bytes), as editors and GitHub annotations do.
type Lines struct {
	data   []byte
	starts []int
}

// NewLines indexes the line starts of data.
func NewLines(data []byte) *Lines {
	starts := []int{0}
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &Lines{data: data, starts: starts}
}

// Position returns the line and column of a byte offset.
func (l *Lines) Position(offset int) (line, column int) {
	if offset < 0 {
		return 0, 0
	}
	if offset > len(l.data) {
		offset = len(l.data)
	}
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > offset }) - 1
	return i + 1, utf8.RuneCount(l.data[l.starts[i]:offset]) + 1
}

// EscapeToken escapes one reference token of a JSON pointer (RFC 6901).
func EscapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// Append returns pointer extended by one unescaped token.
func Append(pointer, token string) string { return pointer + "/" + EscapeToken(token) }

// AppendIndex returns pointer extended by an array index.
func AppendIndex(pointer string, i int) string { return pointer + "/" + strconv.Itoa(i) }

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
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch {
		case cur.Is(Object):
			next := cur.Get(tok)
			if next == nil {
				return nil, false
			}
			cur = next
		case cur.Is(Array):
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items) || (len(tok) > 1 && tok[0] == '0') {
				return nil, false
			}
			cur = cur.Items[i]
		default:
			return nil, false
		}
	}
	return cur, true
}
