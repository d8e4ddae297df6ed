// Package jsontree parses JSON into an ordered tree that remembers where every
// value sits in the source, so a finding about a JSON pointer can name
// file:line:column, and so schemas keep the key order, duplicate keys and
// number literals that encoding/json into map[string]any would lose.
package jsontree

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Kind is the JSON type of a Node.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "unknown"
}

// MaxDepth bounds nesting while parsing: tool lists come from servers we do not
// control, and unbounded recursion on hostile input is a crash waiting to happen.
// A schema level nested through "properties" takes two JSON levels, so this
// is well above the 5,000 schema levels a lint must survive.
const MaxDepth = 100000

// Node is one JSON value. Offset is a byte offset into the parsed document;
// nodes built in memory have Offset -1.
//
// A node is 32 bytes: a parsed tool file holds one per value, so the node's
// size is most of lint's memory on a big file (issue 32). An array's items
// or an object's members sit behind one pointer (Items, Members) instead
// of two slice headers in every node, since most values are scalars.
type Node struct {
	// Text holds a string's decoded value, or a number's literal exactly as written.
	Text string
	// kids points at the []*Node of an array or the []Member of an object,
	// as kidsOf says; nil for none.
	kids unsafe.Pointer
	// Offset is where the value starts in its document (-1 when it was
	// made, not parsed). Documents are at most fileio's limits, far below
	// 2 GiB. Where it ends is found on demand (ValueEnd): no caller needs
	// it per value.
	Offset int32
	Kind   Kind
	Bool   bool
	// kidsOf says what kids points at, apart from Kind, so a node whose
	// Kind is changed after its items or members were set is still read
	// as what was stored.
	kidsOf kidKind
}

type kidKind uint8

const (
	noKids kidKind = iota
	itemKids
	memberKids
)

// NewArray returns an array node made in memory (Offset -1).
func NewArray(items []*Node) *Node {
	n := &Node{Kind: Array, Offset: -1}
	n.SetItems(items)
	return n
}

// NewObject returns an object node made in memory (Offset -1).
func NewObject(members []Member) *Node {
	n := &Node{Kind: Object, Offset: -1}
	n.SetMembers(members)
	return n
}

// Items returns an array's items (nil for any other value). The slice is
// the node's own: writing an element changes the node; appending needs
// SetItems.
func (n *Node) Items() []*Node {
	if n == nil || n.kidsOf != itemKids {
		return nil
	}
	return *(*[]*Node)(n.kids)
}

// Members returns an object's members in source order (nil for any other
// value), shared with the node as Items is.
func (n *Node) Members() []Member {
	if n == nil || n.kidsOf != memberKids {
		return nil
	}
	return *(*[]Member)(n.kids)
}

// SetItems makes items the node's items. It stores a new slice header
// rather than writing over the old one, so a copy of the node (*n = *m)
// keeps its own items, as it did when they were a field.
func (n *Node) SetItems(items []*Node) {
	if items == nil {
		n.kids, n.kidsOf = nil, noKids
		return
	}
	n.kids, n.kidsOf = unsafe.Pointer(&items), itemKids
}

// SetMembers makes members the node's members, as SetItems does.
func (n *Node) SetMembers(members []Member) {
	if members == nil {
		n.kids, n.kidsOf = nil, noKids
		return
	}
	n.kids, n.kidsOf = unsafe.Pointer(&members), memberKids
}

// Member is one key of an object, in source order.
type Member struct {
	Key       string
	KeyOffset int32
	Value     *Node
}

// Get returns the value of key, or nil. Like encoding/json, the last of
// duplicate keys wins.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	members := n.Members()
	for i := len(members) - 1; i >= 0; i-- {
		if members[i].Key == key {
			return members[i].Value
		}
	}
	return nil
}

// Has reports whether n is an object holding key.
func (n *Node) Has(key string) bool { return n.Get(key) != nil }

// Keys returns an object's keys in source order (duplicates included).
func (n *Node) Keys() []string {
	if n == nil || n.Kind != Object {
		return nil
	}
	members := n.Members()
	keys := make([]string, len(members))
	for i, m := range members {
		keys[i] = m.Key
	}
	return keys
}

// Is reports whether n is non-nil and of kind k.
func (n *Node) Is(k Kind) bool { return n != nil && n.Kind == k }

// IsString reports whether n is the string s.
func (n *Node) IsString(s string) bool { return n.Is(String) && n.Text == s }

// Float returns a number's value.
func (n *Node) Float() (float64, bool) {
	if !n.Is(Number) {
		return 0, false
	}
	f, err := strconv.ParseFloat(n.Text, 64)
	return f, err == nil
}

// Strings returns the string items of an array, skipping others.
func (n *Node) Strings() []string {
	if !n.Is(Array) {
		return nil
	}
	var out []string
	for _, it := range n.Items() {
		if it.Kind == String {
			out = append(out, it.Text)
		}
	}
	return out
}

// Interface converts n to the values encoding/json would produce, with numbers
// as json.Number so no precision is lost.
func (n *Node) Interface() any {
	switch n.Kind {
	case Null:
		return nil
	case Bool:
		return n.Bool
	case Number:
		return json.Number(n.Text)
	case String:
		return n.Text
	case Array:
		items := n.Items()
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = it.Interface()
		}
		return out
	default:
		members := n.Members()
		out := make(map[string]any, len(members))
		for _, m := range members {
			out[m.Key] = m.Value.Interface()
		}
		return out
	}
}

// SyntaxError is malformed JSON at a byte offset.
type SyntaxError struct {
	Offset int
	Line   int
	Column int
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
}

// Parse reads exactly one JSON value (surrounding whitespace allowed). A
// UTF-8 byte order mark at the start is skipped (RFC 8259 §8.1 lets a parser
// ignore it; Windows editors write one); a UTF-16 or UTF-32 one is an error
// that says so, since JSON is UTF-8.
//
// The tree's strings are cut from one copy of data rather than copied one
// by one (a string with escapes gets its own decoded copy), so they never
// alias data, and a tree that is kept keeps that copy.
func Parse(data []byte) (*Node, error) {
	return parse(string(data))
}

// ParseText parses a document held as a string (fileio.ReadText), and
// indexes its lines for positions: the tree's strings are cut from text,
// and the Lines keeps it, so the document is held once.
func ParseText(text string) (*Node, *Lines, error) {
	n, err := parse(text)
	if err != nil {
		return nil, nil, err
	}
	return n, newLines(text), nil
}

func parse(data string) (*Node, error) {
	p := &parser{data: data}
	if enc := utf16BOM(data); enc != "" {
		return nil, p.errorf("the file is %s (it starts with a byte order mark); JSON is UTF-8, so save it as UTF-8", enc)
	}
	p.pos = len(data) - len(strings.TrimPrefix(data, utf8BOM))
	p.skipSpace()
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(p.data) {
		return nil, p.errorf("unexpected %s after the top-level value", p.describe())
	}
	return n, nil
}

type parser struct {
	data string
	pos  int
	// nodes is the unused rest of the current slab: one allocation per
	// chunk of nodes instead of one per node.
	nodes []Node
	// members and items are the unused rest of the current slabs that
	// objects' and arrays' finished slices are cut from.
	members []Member
	items   []*Node
	// nodeChunk, memberChunk and itemChunk are the lengths of the last slab
	// of each kind: they double up to maxNodeChunk or maxChunk, so a small
	// document does not pay for a big slab.
	nodeChunk, memberChunk, itemChunk int
	// memberStack and itemStack hold the members and items of the objects
	// and arrays being parsed, innermost last, until each is copied out at
	// its exact size.
	memberStack chunkStack[Member]
	itemStack   chunkStack[*Node]
	// memberHeads and itemHeads are the unused rest of the slabs that
	// objects' and arrays' slice headers (Node.kids) are cut from.
	memberHeads [][]Member
	itemHeads   [][]*Node
	headChunk   int
	// scratch holds the decoded bytes of a string with escapes.
	scratch []byte
	// textSlab is the current slab the bytes of strings are copied into;
	// textChunk is its size, doubling up to maxTextChunk.
	textSlab  strings.Builder
	textChunk int
}

// maxChunk bounds the length of a slab of members or items (8 KB and 2 KB,
// sizes the allocator has a class of). A slice longer than a quarter of it
// gets an allocation of its own, so a big array does not waste a slab's rest.
const maxChunk = 256

// maxNodeChunk is as many nodes as fill 32 KB, the allocator's largest size
// class: 256 nodes would take 22.5 KB and be rounded up to 24 KB, wasting 9%.
var maxNodeChunk = (32 << 10) / int(reflect.TypeFor[Node]().Size())

// nextChunk returns the length of the next slab after one of *n, doubling
// up to limit.
func nextChunk(n *int, limit int) int {
	*n = min(max(2**n, 16), limit)
	return *n
}

func (p *parser) node(n Node) *Node {
	if len(p.nodes) == 0 {
		p.nodes = make([]Node, nextChunk(&p.nodeChunk, maxNodeChunk))
	}
	at := &p.nodes[0]
	*at = n
	p.nodes = p.nodes[1:]
	return at
}

// memberSlice moves the members on the stack from base up out to their
// own slice. Its capacity is its length, so an append by any user (Set)
// reallocates instead of writing over the members of the next object in
// the slab.
func (p *parser) memberSlice(base int) []Member {
	n := p.memberStack.len() - base
	var out []Member
	if n > len(p.members) && n > maxChunk/4 {
		out = make([]Member, n)
	} else {
		if n > len(p.members) {
			p.members = make([]Member, max(nextChunk(&p.memberChunk, maxChunk), n))
		}
		out = p.members[:n:n]
		p.members = p.members[n:]
	}
	p.memberStack.popInto(base, out)
	return out
}

// itemSlice is memberSlice for an array's items.
func (p *parser) itemSlice(base int) []*Node {
	n := p.itemStack.len() - base
	var out []*Node
	if n > len(p.items) && n > maxChunk/4 {
		out = make([]*Node, n)
	} else {
		if n > len(p.items) {
			p.items = make([]*Node, max(nextChunk(&p.itemChunk, maxChunk), n))
		}
		out = p.items[:n:n]
		p.items = p.items[n:]
	}
	p.itemStack.popInto(base, out)
	return out
}

// chunkStack is a stack kept in fixed chunks: a slice grown by append
// would leave a trail of copies about four times the longest array's size
// as garbage, which the collector, tuned lax while the heap is small, let
// stand as resident memory (issue 32).
type chunkStack[T any] struct {
	chunks [][]T
	n      int
}

const stackChunk = 4096

func (s *chunkStack[T]) len() int { return s.n }

func (s *chunkStack[T]) push(v T) {
	c, at := s.n/stackChunk, s.n%stackChunk
	switch {
	case c == 0 && at == len(s.firstChunk()):
		// The first chunk grows as a slice does, so a small document
		// does not pay for a whole chunk.
		if len(s.chunks) == 0 {
			s.chunks = append(s.chunks, nil)
		}
		s.chunks[0] = append(s.chunks[0], v)
	case c == len(s.chunks):
		s.chunks = append(s.chunks, make([]T, stackChunk))
		fallthrough
	default:
		s.chunks[c][at] = v
	}
	s.n++
}

func (s *chunkStack[T]) firstChunk() []T {
	if len(s.chunks) == 0 {
		return nil
	}
	return s.chunks[0]
}

// popInto copies the values from base to the top into out, in order, and
// drops them. Their slots are not cleared: the parser lives only while it
// parses, and what they point at is in the tree anyway.
func (s *chunkStack[T]) popInto(base int, out []T) {
	for i := base; i < s.n; {
		chunk := s.chunks[i/stackChunk][i%stackChunk:]
		i += copy(out[i-base:], chunk[:min(len(chunk), s.n-i)])
	}
	s.n = base
}

// memberHead stores the header of an object's members in the current slab.
func (p *parser) memberHead(ms []Member) unsafe.Pointer {
	if len(p.memberHeads) == 0 {
		p.memberHeads = make([][]Member, nextChunk(&p.headChunk, maxChunk))
	}
	at := &p.memberHeads[0]
	*at = ms
	p.memberHeads = p.memberHeads[1:]
	return unsafe.Pointer(at)
}

// itemHead is memberHead for an array's items.
func (p *parser) itemHead(items []*Node) unsafe.Pointer {
	if len(p.itemHeads) == 0 {
		p.itemHeads = make([][]*Node, nextChunk(&p.headChunk, maxChunk))
	}
	at := &p.itemHeads[0]
	*at = items
	p.itemHeads = p.itemHeads[1:]
	return unsafe.Pointer(at)
}

func (p *parser) errorf(format string, args ...any) error {
	line, col := newLines(p.data).Position(p.pos)
	return &SyntaxError{Offset: p.pos, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) describe() string {
	if p.pos >= len(p.data) {
		return "end of input"
	}
	c := p.data[p.pos]
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("character %q", rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

func (p *parser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (*Node, error) {
	if depth > MaxDepth {
		return nil, p.errorf("nesting deeper than %d levels", MaxDepth)
	}
	if p.pos >= len(p.data) {
		return nil, p.errorf("expected a value, found end of input")
	}
	start := p.pos
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return p.node(Node{Kind: String, Text: s, Offset: int32(start)}), nil
	case c == 't':
		return p.literal("true", Node{Kind: Bool, Bool: true, Offset: int32(start)})
	case c == 'f':
		return p.literal("false", Node{Kind: Bool, Offset: int32(start)})
	case c == 'n':
		return p.literal("null", Node{Kind: Null, Offset: int32(start)})
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	default:
		return nil, p.errorf("expected a value, found %s", p.describe())
	}
}

func (p *parser) literal(word string, n Node) (*Node, error) {
	if !strings.HasPrefix(p.data[p.pos:], word) {
		return nil, p.errorf("expected %q, found %s", word, p.describe())
	}
	p.pos += len(word)
	return p.node(n), nil
}

func (p *parser) number() (*Node, error) {
	start := p.pos
	if p.data[p.pos] == '-' {
		p.pos++
	}
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	intStart := p.pos
	if digits() == 0 {
		return nil, p.errorf("expected a digit, found %s", p.describe())
	}
	if p.data[intStart] == '0' && p.pos-intStart > 1 {
		p.pos = intStart + 1
		return nil, p.errorf("numbers must not have leading zeros")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return nil, p.errorf("expected a digit after the decimal point, found %s", p.describe())
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, p.errorf("expected a digit in the exponent, found %s", p.describe())
		}
	}
	return p.node(Node{Kind: Number, Text: p.data[start:p.pos], Offset: int32(start)}), nil
}

// str reads a string. Without escapes, it is cut from the input; with
// them, decoded into scratch and copied out (text).
func (p *parser) str() (string, error) {
	p.pos++ // opening quote
	start := p.pos
	// Fast path: no escapes and no control characters.
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		if c == '"' {
			s := p.data[start:p.pos]
			if !utf8.ValidString(s) {
				s = validUTF8([]byte(s))
			}
			p.pos++
			return s, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		p.pos++
	}
	sb := append(p.scratch[:0], p.data[start:p.pos]...)
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			p.scratch = sb
			return p.text(sb), nil
		case c < 0x20:
			return "", p.errorf("control character 0x%02x inside a string (escape it)", c)
		case c == '\\':
			if p.pos+1 >= len(p.data) {
				p.pos++
				return "", p.errorf("unterminated escape in string")
			}
			esc := p.data[p.pos+1]
			switch esc {
			case '"', '\\', '/':
				sb = append(sb, esc)
			case 'b':
				sb = append(sb, '\b')
			case 'f':
				sb = append(sb, '\f')
			case 'n':
				sb = append(sb, '\n')
			case 'r':
				sb = append(sb, '\r')
			case 't':
				sb = append(sb, '\t')
			case 'u':
				r, n, err := p.unicodeEscape()
				if err != nil {
					return "", err
				}
				sb = utf8.AppendRune(sb, r)
				p.pos += n
				continue
			default:
				p.pos++
				return "", p.errorf("invalid escape \\%c in string", esc)
			}
			p.pos += 2
		default:
			sb = append(sb, c)
			p.pos++
		}
	}
	return "", p.errorf("unterminated string")
}

// maxTextChunk bounds the size of a slab of string bytes; a string longer
// than a quarter of it gets an allocation of its own.
const maxTextChunk = 16 << 10

// text returns b as a string (validUTF8), copied into the current slab of
// string bytes rather than into an allocation of its own. A Builder only
// ever appends, so the strings cut from it stay as they were.
func (p *parser) text(b []byte) string {
	if len(b) > maxTextChunk/4 || !utf8.Valid(b) {
		return validUTF8(b)
	}
	if p.textSlab.Cap()-p.textSlab.Len() < len(b) {
		p.textChunk = min(max(2*p.textChunk, 1024), maxTextChunk)
		p.textSlab = strings.Builder{}
		p.textSlab.Grow(max(p.textChunk, len(b)))
	}
	at := p.textSlab.Len()
	p.textSlab.Write(b)
	return p.textSlab.String()[at:]
}

// validUTF8 replaces each byte that is not valid UTF-8 with U+FFFD, as
// encoding/json does, so a string reads the same after Encode and Parse.
func validUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		sb.WriteRune(r)
		b = b[size:]
	}
	return sb.String()
}

// unicodeEscape decodes \uXXXX (and a following low surrogate) at p.pos and
// returns the rune and the number of bytes consumed.
func (p *parser) unicodeEscape() (rune, int, error) {
	hex4 := func(at int) (rune, bool) {
		if at+6 > len(p.data) || p.data[at] != '\\' || p.data[at+1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(p.data[at+2:at+6], 16, 32)
		return rune(v), err == nil
	}
	r, ok := hex4(p.pos)
	if !ok {
		return 0, 0, p.errorf("invalid \\u escape in string")
	}
	if r >= 0xD800 && r < 0xDC00 {
		if lo, ok := hex4(p.pos + 6); ok && lo >= 0xDC00 && lo < 0xE000 {
			return (r-0xD800)<<10 + (lo - 0xDC00) + 0x10000, 12, nil
		}
		return 0xFFFD, 6, nil
	}
	if r >= 0xDC00 && r < 0xE000 {
		return 0xFFFD, 6, nil
	}
	return r, 6, nil
}

func (p *parser) object(depth int) (*Node, error) {
	start := p.pos
	p.pos++
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return p.node(Node{Kind: Object, Offset: int32(start)}), nil
	}
	base := p.memberStack.len()
	for {
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, p.errorf("expected a string key, found %s", p.describe())
		}
		keyAt := p.pos
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.errorf("expected ':' after key %q, found %s", key, p.describe())
		}
		p.pos++
		p.skipSpace()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		p.memberStack.push(Member{Key: key, KeyOffset: int32(keyAt), Value: v})
		p.skipSpace()
		if p.pos >= len(p.data) {
			return nil, p.errorf("expected ',' or '}', found end of input")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			members := p.memberSlice(base)
			return p.node(Node{Kind: Object, kids: p.memberHead(members), kidsOf: memberKids, Offset: int32(start)}), nil
		default:
			return nil, p.errorf("expected ',' or '}' after object member, found %s", p.describe())
		}
	}
}

func (p *parser) array(depth int) (*Node, error) {
	start := p.pos
	p.pos++
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return p.node(Node{Kind: Array, Offset: int32(start)}), nil
	}
	base := p.itemStack.len()
	for {
		p.skipSpace()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		p.itemStack.push(v)
		p.skipSpace()
		if p.pos >= len(p.data) {
			return nil, p.errorf("expected ',' or ']', found end of input")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			items := p.itemSlice(base)
			return p.node(Node{Kind: Array, kids: p.itemHead(items), kidsOf: itemKids, Offset: int32(start)}), nil
		default:
			return nil, p.errorf("expected ',' or ']' after array item, found %s", p.describe())
		}
	}
}

const utf8BOM = "\xef\xbb\xbf"

// TrimBOM drops a UTF-8 byte order mark from the start of data, for readers
// that hand JSON to another decoder.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, []byte(utf8BOM)) }

// utf16BOM names the encoding a UTF-16 or UTF-32 byte order mark announces.
func utf16BOM(data string) string {
	switch {
	case strings.HasPrefix(data, "\x00\x00\xfe\xff"), strings.HasPrefix(data, "\xff\xfe\x00\x00"):
		return "UTF-32"
	case strings.HasPrefix(data, "\xfe\xff"), strings.HasPrefix(data, "\xff\xfe"):
		return "UTF-16"
	}
	return ""
}
