package jsontree

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"sort"
	"strings"
	"unicode/utf8"
)

// EncodeOptions controls Encode.
type EncodeOptions struct {
	// Indent per level; empty writes compact JSON.
	Indent string
	// SortKeys orders object members by key (byte order, as encoding/json does).
	SortKeys bool
	// SortArray, when set, is asked for each array under an object key whether
	// its items are to be sorted (by their encoding).
	SortArray func(key string) bool
}

// Encode writes n as JSON. Numbers keep their literal text; strings are escaped
// as encoding/json escapes them, without HTML escaping.
func Encode(n *Node, opts EncodeOptions) []byte {
	var buf bytes.Buffer
	EncodeInto(&buf, n, opts)
	return buf.Bytes()
}

// EncodeInto appends Encode(n, opts) to buf, for a caller that encodes many
// nodes into one reused buffer.
func EncodeInto(buf *bytes.Buffer, n *Node, opts EncodeOptions) {
	encode(buf, n, opts, 0, "")
}

// EncodeTo writes Encode(n, opts) to w without holding it whole: indented,
// a deeply nested document encodes to the square of its depth, which a
// digest can hash as it streams by.
func EncodeTo(w io.Writer, n *Node, opts EncodeOptions) error {
	bw := bufio.NewWriter(w)
	encode(bw, n, opts, 0, "")
	return bw.Flush()
}

// sink is what encode writes to: a bytes.Buffer or a bufio.Writer.
type sink interface {
	io.Writer
	io.ByteWriter
	io.StringWriter
}

func writeString(buf sink, s string) {
	if plainString(s) {
		buf.WriteByte('"')
		buf.WriteString(s)
		buf.WriteByte('"')
		return
	}
	var tmp bytes.Buffer
	enc := json.NewEncoder(&tmp)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a Go string always encodes
	buf.Write(bytes.TrimSuffix(tmp.Bytes(), []byte("\n")))
}

// plainString reports whether encoding/json would write s between quotes
// unchanged: valid UTF-8 with no quote, backslash, control character or
// U+2028/U+2029 (which it escapes even without HTML escaping).
func plainString(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == '"' || c == '\\' {
			return false
		}
		ascii = ascii && c < utf8.RuneSelf
	}
	return ascii || (utf8.ValidString(s) && !strings.ContainsAny(s, "\u2028\u2029"))
}

func newline(buf sink, opts EncodeOptions, depth int) {
	if opts.Indent == "" {
		return
	}
	buf.WriteByte('\n')
	for i := 0; i < depth; i++ {
		buf.WriteString(opts.Indent)
	}
}

func encode(buf sink, n *Node, opts EncodeOptions, depth int, parentKey string) {
	switch n.Kind {
	case Null:
		buf.WriteString("null")
	case Bool:
		if n.Bool {
			buf.WriteString("true")
		} else {
			buf.WriteString("false")
		}
	case Number:
		buf.WriteString(n.Text)
	case String:
		writeString(buf, n.Text)
	case Array:
		if len(n.Items()) == 0 {
			buf.WriteString("[]")
			return
		}
		items := n.Items()
		var encoded [][]byte
		if opts.SortArray != nil && opts.SortArray(parentKey) {
			encoded = make([][]byte, len(items))
			for i, it := range items {
				var b bytes.Buffer
				encode(&b, it, opts, depth+1, "")
				encoded[i] = b.Bytes()
			}
			sort.SliceStable(encoded, func(i, j int) bool { return bytes.Compare(encoded[i], encoded[j]) < 0 })
		}
		buf.WriteByte('[')
		for i, it := range items {
			if i > 0 {
				buf.WriteByte(',')
			}
			newline(buf, opts, depth+1)
			if encoded != nil {
				buf.Write(encoded[i])
			} else {
				encode(buf, it, opts, depth+1, "")
			}
		}
		newline(buf, opts, depth)
		buf.WriteByte(']')
	case Object:
		if len(n.Members()) == 0 {
			buf.WriteString("{}")
			return
		}
		members := n.Members()
		if opts.SortKeys {
			members = append([]Member(nil), members...)
			sort.SliceStable(members, func(i, j int) bool { return members[i].Key < members[j].Key })
		}
		buf.WriteByte('{')
		for i, m := range members {
			if i > 0 {
				buf.WriteByte(',')
			}
			newline(buf, opts, depth+1)
			writeString(buf, m.Key)
			buf.WriteByte(':')
			if opts.Indent != "" {
				buf.WriteByte(' ')
			}
			encode(buf, m.Value, opts, depth+1, m.Key)
		}
		newline(buf, opts, depth)
		buf.WriteByte('}')
	}
}

// Clone returns a deep copy of n that keeps offsets.
func (n *Node) Clone() *Node {
	if n == nil {
		return nil
	}
	c := *n
	if items := n.Items(); items != nil {
		out := make([]*Node, len(items))
		for i, it := range items {
			out[i] = it.Clone()
		}
		c.SetItems(out)
	}
	if members := n.Members(); members != nil {
		out := make([]Member, len(members))
		for i, m := range members {
			out[i] = Member{Key: m.Key, KeyOffset: m.KeyOffset, Value: m.Value.Clone()}
		}
		c.SetMembers(out)
	}
	return &c
}

// Set replaces the value of key (the last duplicate) or appends it.
func (n *Node) Set(key string, v *Node) {
	members := n.Members()
	for i := len(members) - 1; i >= 0; i-- {
		if members[i].Key == key {
			members[i].Value = v
			return
		}
	}
	n.SetMembers(append(members, Member{Key: key, KeyOffset: -1, Value: v}))
}

// Delete removes every member named key.
func (n *Node) Delete(key string) {
	kept := n.Members()[:0]
	for _, m := range n.Members() {
		if m.Key != key {
			kept = append(kept, m)
		}
	}
	n.SetMembers(kept)
}

// FromValue builds a tree from values as encoding/json decodes them
// (map keys come out sorted, since Go maps have no order).
func FromValue(v any) *Node {
	switch x := v.(type) {
	case nil:
		return &Node{Kind: Null, Offset: -1}
	case bool:
		return &Node{Kind: Bool, Bool: x, Offset: -1}
	case json.Number:
		return &Node{Kind: Number, Text: x.String(), Offset: -1}
	case float64:
		b, _ := json.Marshal(x)
		return &Node{Kind: Number, Text: string(b), Offset: -1}
	case int:
		b, _ := json.Marshal(x)
		return &Node{Kind: Number, Text: string(b), Offset: -1}
	case string:
		return &Node{Kind: String, Text: x, Offset: -1}
	case []any:
		items := make([]*Node, len(x))
		for i, it := range x {
			items[i] = FromValue(it)
		}
		return NewArray(items)
	case []string:
		items := make([]*Node, len(x))
		for i, it := range x {
			items[i] = FromValue(it)
		}
		return NewArray(items)
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		n := &Node{Kind: Object, Offset: -1}
		for _, k := range keys {
			n.SetMembers(append(n.Members(), Member{Key: k, KeyOffset: -1, Value: FromValue(x[k])}))
		}
		return n
	default:
		b, err := json.Marshal(x)
		if err != nil {
			return &Node{Kind: Null, Offset: -1}
		}
		parsed, err := Parse(b)
		if err != nil {
			return &Node{Kind: Null, Offset: -1}
		}
		return parsed
	}
}

// EncodedSize is len(Encode(n, opts)) computed without building the bytes,
// stopping as soon as it passes limit (it then returns a value over limit).
// Indentation grows with the square of the depth, so a compact document
// that is small can encode to gigabytes; callers check before encoding. It
// holds one frame per level of nesting, never one per value.
func EncodedSize(n *Node, opts EncodeOptions, limit int) int {
	// A non-empty container costs its brackets, a comma between items, and
	// a newline plus indent before each item and the closing bracket.
	lineCost := func(depth int) int {
		if opts.Indent == "" {
			return 0
		}
		return 1 + depth*len(opts.Indent)
	}
	scalar := func(n *Node) int {
		switch n.Kind {
		case Null, Bool:
			if n.Kind == Bool && !n.Bool {
				return 5
			}
			return 4
		case Number:
			return len(n.Text)
		case String:
			return stringSize(n.Text)
		}
		return 0
	}
	type frame struct {
		n     *Node
		depth int
		next  int
	}
	size := 0
	var stack []frame
	enter := func(n *Node, depth int) {
		count := len(n.Items()) + len(n.Members())
		switch {
		case n.Kind != Array && n.Kind != Object:
			size += scalar(n)
			return
		case count > 0:
			size += count - 1 + count*lineCost(depth+1) + lineCost(depth)
		}
		size += 2
		stack = append(stack, frame{n: n, depth: depth})
	}
	enter(n, 0)
	for len(stack) > 0 && size <= limit {
		f := &stack[len(stack)-1]
		var child *Node
		switch {
		case f.n.Kind == Array && f.next < len(f.n.Items()):
			child = f.n.Items()[f.next]
		case f.n.Kind == Object && f.next < len(f.n.Members()):
			m := f.n.Members()[f.next]
			size += stringSize(m.Key) + 1
			if opts.Indent != "" {
				size++
			}
			child = m.Value
		default:
			stack = stack[:len(stack)-1]
			continue
		}
		f.next++
		enter(child, f.depth+1)
	}
	return size
}

func stringSize(s string) int {
	if plainString(s) {
		return len(s) + 2
	}
	var buf bytes.Buffer
	writeString(&buf, s)
	return buf.Len()
}
