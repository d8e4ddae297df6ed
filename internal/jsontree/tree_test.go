package jsontree

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseKeepsWhatEncodingJSONLoses(t *testing.T) {
	doc := `{"b": 1, "a": 12345678901234567890.50, "b": 2, "s": "\u00e9\ud83d\ude00\n\"", "z": [true, false, null]}`
	n, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got := n.Keys(); !reflect.DeepEqual(got, []string{"b", "a", "b", "s", "z"}) {
		t.Errorf("keys %v: order and duplicates must be kept", got)
	}
	if n.Get("b").Text != "2" {
		t.Errorf("the last duplicate wins, as in encoding/json; got %s", n.Get("b").Text)
	}
	if n.Get("a").Text != "12345678901234567890.50" {
		t.Errorf("number literal changed: %s", n.Get("a").Text)
	}
	if n.Get("s").Text != "é😀\n\"" {
		t.Errorf("string escapes: %q", n.Get("s").Text)
	}
	if got := string(Encode(n, EncodeOptions{})); got != `{"b":1,"a":12345678901234567890.50,"b":2,"s":"é😀\n\"","z":[true,false,null]}` {
		t.Errorf("compact encoding: %s", got)
	}
	var std any
	json.Unmarshal([]byte(doc), &std)
	if b, _ := json.Marshal(n.Interface()); !json.Valid(b) {
		t.Errorf("Interface does not marshal: %s", b)
	}
}

func TestPositions(t *testing.T) {
	doc := "{\n  \"tools\": [\n    {\"name\": \"é\", \"inputSchema\": {\"type\": \"object\"}}\n  ]\n}"
	n, lines, err := ParseText(doc)
	if err != nil {
		t.Fatal(err)
	}
	for pointer, want := range map[string][2]int{
		"":                          {1, 1},
		"/tools":                    {2, 12},
		"/tools/0":                  {3, 5},
		"/tools/0/inputSchema":      {3, 34}, // columns count characters: "é" is one
		"/tools/0/inputSchema/type": {3, 43},
		"/tools/0/name":             {3, 14},
	} {
		node, ok := n.Lookup(pointer)
		if !ok {
			t.Fatalf("%q does not resolve", pointer)
		}
		line, col := lines.Position(int(node.Offset))
		if [2]int{line, col} != want {
			t.Errorf("%q at %d:%d, want %d:%d", pointer, line, col, want[0], want[1])
		}
	}
}

func TestLookup(t *testing.T) {
	n, _ := Parse([]byte(`{"a/b": {"m~n": [10, 20]}, "": 1}`))
	for pointer, want := range map[string]string{"/a~1b/m~0n/1": "20", "/": "1"} {
		got, ok := n.Lookup(pointer)
		if !ok || got.Text != want {
			t.Errorf("%q = %v, %v", pointer, got, ok)
		}
	}
	for _, bad := range []string{"a", "/x", "/a~1b/m~0n/2", "/a~1b/m~0n/01", "/a~1b/m~0n/-1"} {
		if _, ok := n.Lookup(bad); ok {
			t.Errorf("%q must not resolve", bad)
		}
	}
	if Append("/p", "a/b~c") != "/p/a~1b~0c" {
		t.Error("Append must escape ~ and /")
	}
}

func TestSyntaxErrors(t *testing.T) {
	for doc, want := range map[string]string{
		``:                "1:1: expected a value, found end of input",
		`{"a" 1}`:         `1:6: expected ':' after key "a", found character '1'`,
		`{"a": 1,}`:       "1:9: expected a string key, found character '}'",
		`[1 2]`:           "1:4: expected ',' or ']' after array item, found character '2'",
		`01`:              "1:2: numbers must not have leading zeros",
		`"a` + "\n" + `"`: "1:3: control character 0x0a inside a string",
		`"\x"`:            `1:3: invalid escape \x in string`,
		`tru`:             `1:1: expected "true", found character 't'`,
		"{}\n\n  x":       "3:3: unexpected character 'x' after the top-level value",
		`{"a":` + "\xff":  "1:6: expected a value, found byte 0xff",
		`-`:               "1:2: expected a digit, found end of input",
		`1.e5`:            "1:3: expected a digit after the decimal point",
	} {
		_, err := Parse([]byte(doc))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: error %v, want prefix %q", doc, err, want)
		}
	}
}

func TestDepthIsBounded(t *testing.T) {
	deep := strings.Repeat("[", MaxDepth+2) + strings.Repeat("]", MaxDepth+2)
	if _, err := Parse([]byte(deep)); err == nil || !strings.Contains(err.Error(), "nesting deeper than") {
		t.Errorf("deep input: %v", err)
	}
	ok := strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)
	if _, err := Parse([]byte(ok)); err != nil {
		t.Errorf("5,000 levels must parse: %v", err)
	}
}

func TestEncodeIndentedSorted(t *testing.T) {
	n, _ := Parse([]byte(`{"b": {"required": ["y", "x"], "enum": ["y", "x"]}, "a": [], "c": {}}`))
	got := string(Encode(n, EncodeOptions{Indent: "  ", SortKeys: true, SortArray: func(k string) bool { return k == "required" }}))
	want := "{\n  \"a\": [],\n  \"b\": {\n    \"enum\": [\n      \"y\",\n      \"x\"\n    ],\n    \"required\": [\n      \"x\",\n      \"y\"\n    ]\n  },\n  \"c\": {}\n}"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(string(Encode(FromValue("<a&b>"), EncodeOptions{})), "<a&b>") {
		t.Error("HTML characters must not be escaped")
	}
}

func TestCloneSetDelete(t *testing.T) {
	n, _ := Parse([]byte(`{"a": {"x": 1}, "b": 2, "b": 3}`))
	c := n.Clone()
	c.Get("a").Set("x", FromValue("changed"))
	c.Delete("b")
	c.Set("d", FromValue([]any{1, "two"}))
	if n.Get("a").Get("x").Text != "1" || len(n.Members()) != 3 {
		t.Error("Clone shares nodes with the original")
	}
	if got := string(Encode(c, EncodeOptions{})); got != `{"a":{"x":"changed"},"d":[1,"two"]}` {
		t.Errorf("got %s", got)
	}
}

// Parse cuts the members and items of many nodes from shared slabs: an
// append to one node's slice (Set, or a user's own) must not write over the
// next node's.
func TestAppendKeepsNeighbours(t *testing.T) {
	m, err := Parse([]byte(`[{"a": 1}, {"b": 2}, [3], [4]]`))
	if err != nil {
		t.Fatal(err)
	}
	m.Items()[0].Set("c", FromValue("new"))
	m.Items()[2].SetItems(append(m.Items()[2].Items(), FromValue("new")))
	if got := string(Encode(m, EncodeOptions{})); got != `[{"a":1,"c":"new"},{"b":2},[3,"new"],[4]]` {
		t.Errorf("got %s", got)
	}
}

// Callers may reuse the buffer they parsed: no key or string the tree holds
// may point into it, however the parser shares them among nodes.
func TestStringsDoNotAliasInput(t *testing.T) {
	doc := `{"type": "object", "properties": {"a long property name": {"type": "string", "description": "a description longer than sixteen bytes", "enum": ["x", "y\n", 1.5]}}}`
	data := []byte(doc)
	n, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	want := string(Encode(n, EncodeOptions{}))
	for i := range data {
		data[i] = 'X'
	}
	if got := string(Encode(n, EncodeOptions{})); got != want {
		t.Errorf("overwriting the input changed the tree:\n got %s\nwant %s", got, want)
	}
}

// Position agrees with counting from the start of the document, at every
// offset near the index's block edges and at random ones, in documents
// mixing short and long lines, blank lines, CRLF and characters of 1 to 4
// bytes.
func TestPositionsAgreeWithCounting(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "\n", "\r\n", "é", "€", "😀", "\n\n", strings.Repeat("x", blockSize-1), strings.Repeat("é", markInterval)}
	for doc := 0; doc < 40; doc++ {
		var sb strings.Builder
		for sb.Len() < 5*blockSize+rng.IntN(3*markInterval) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		data := []byte(sb.String())
		lines := newLines(string(data))
		offsets := []int{-1, len(data) + 1}
		for edge := 0; edge <= len(data)+blockSize; edge += blockSize {
			for d := -5; d <= 5; d++ {
				offsets = append(offsets, min(max(edge+d, 0), len(data)))
			}
		}
		for range 200 {
			offsets = append(offsets, rng.IntN(len(data)+1))
		}
		for _, offset := range offsets {
			wantLine, wantCol := 0, 0
			if at := min(offset, len(data)); at >= 0 {
				lineStart := bytes.LastIndexByte(data[:at], '\n') + 1
				wantLine, wantCol = bytes.Count(data[:at], []byte{'\n'})+1, utf8.RuneCount(data[lineStart:at])+1
			}
			if line, col := lines.Position(offset); line != wantLine || col != wantCol {
				t.Fatalf("document %d, offset %d of %d: %d:%d, want %d:%d", doc, offset, len(data), line, col, wantLine, wantCol)
			}
		}
	}
}

// A minified file is one long line: columns far into it must still count
// characters, whatever the checkpoints in between.
func TestPositionsOnOneLongLine(t *testing.T) {
	var sb strings.Builder
	for sb.Len() < 5*markInterval {
		sb.WriteString("é€😀a")
	}
	data := []byte(sb.String())
	lines := newLines(string(data))
	for _, offset := range []int{0, markInterval - 1, markInterval + 3, 3*markInterval + 7, len(data)} {
		for offset > 0 && offset < len(data) && (data[offset]&0xC0) == 0x80 {
			offset++
		}
		_, col := lines.Position(offset)
		if want := len([]rune(string(data[:offset]))) + 1; col != want {
			t.Errorf("offset %d: column %d, want %d", offset, col, want)
		}
	}
}

// Invalid UTF-8 reads as U+FFFD per byte, as encoding/json decodes it, so a
// string survives Encode and Parse unchanged.
func TestInvalidUTF8(t *testing.T) {
	n, err := Parse([]byte("[\"a\xffb\", \"\xc3\\n\"]"))
	if err != nil {
		t.Fatal(err)
	}
	var std []string
	json.Unmarshal([]byte("[\"a\xffb\", \"\xc3\\n\"]"), &std)
	if n.Items()[0].Text != std[0] || n.Items()[1].Text != std[1] {
		t.Errorf("got %q %q, encoding/json %q", n.Items()[0].Text, n.Items()[1].Text, std)
	}
	again, _ := Parse(Encode(n, EncodeOptions{}))
	if again.Items()[0].Text != n.Items()[0].Text {
		t.Error("round trip changed the string")
	}
}

// Strings are written exactly as encoding/json (without HTML escaping) writes them.
func TestStringsEncodeLikeEncodingJSON(t *testing.T) {
	for _, s := range []string{"plain", "é€😀", "a\"b", `back\slash`, "tab\there", "\x01", "<a&b>", "line\u2028sep", "bad\xffutf8", ""} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		if got := string(Encode(&Node{Kind: String, Text: s}, EncodeOptions{})); got != strings.TrimSuffix(want.String(), "\n") {
			t.Errorf("%q: got %s, want %s", s, got, want.String())
		}
	}
}

func TestEncodedSize(t *testing.T) {
	docs := []string{`null`, `[]`, `{}`, `false`, `true`, `1e-400`, `"a\u0001\"é\u2028"`,
		`{"b":[1,2,{"c":null,"a":[[]]}],"a":{"x":"y"},"\u00e9":false}`, `[[[[["deep"]]]],{"k":{}}]`}
	for _, doc := range docs {
		n, err := Parse([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range []EncodeOptions{{}, {Indent: "  ", SortKeys: true}, {Indent: "\t"}} {
			want := len(Encode(n, opts))
			if got := EncodedSize(n, opts, 1<<30); got != want {
				t.Errorf("EncodedSize(%s, %q) = %d, Encode gives %d bytes", doc, opts.Indent, got, want)
			}
			if want > 3 {
				if got := EncodedSize(n, opts, 2); got <= 2 {
					t.Errorf("EncodedSize(%s) with limit 2 = %d, want over the limit", doc, got)
				}
			}
		}
	}
}

// A UTF-8 byte order mark (as Windows editors write) is read past; a UTF-16
// one is refused with a message that says what the file is.
func TestByteOrderMarks(t *testing.T) {
	n, err := Parse([]byte("\xef\xbb\xbf{\"tools\": []}"))
	if err != nil || !n.Has("tools") || n.Offset != 3 {
		t.Fatalf("UTF-8 BOM: %v %+v", err, n)
	}
	for _, doc := range [][]byte{{0xff, 0xfe, '{', 0, '}', 0}, {0xfe, 0xff, 0, '{', 0, '}'}} {
		_, err := Parse(doc)
		if err == nil || !strings.Contains(err.Error(), "the file is UTF-16") {
			t.Errorf("%x: %v", doc, err)
		}
	}
	if string(TrimBOM([]byte("\xef\xbb\xbf[]"))) != "[]" {
		t.Error("TrimBOM kept the mark")
	}
}

func TestNearest(t *testing.T) {
	root, err := Parse([]byte(`{"a": {"b": [1, {"c": 2}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	for pointer, want := range map[string]string{
		"/a/b/1/c":    "2",
		"/a/b/1/gone": `{"c":2}`,
		"/a/b/7/x":    `[1,{"c":2}]`,
		"/zz":         `{"a":{"b":[1,{"c":2}]}}`,
		"":            `{"a":{"b":[1,{"c":2}]}}`,
	} {
		if got := string(Encode(root.Nearest(pointer), EncodeOptions{})); got != want {
			t.Errorf("Nearest(%q) = %s, want %s", pointer, got, want)
		}
	}
}

// ValueEnd finds where each parsed value ends, from its offset alone.
func TestValueEndFindsEveryValuesEnd(t *testing.T) {
	doc := ` {"a": [1, -2.5e3, true, null, "x\"]}\\", {"b": {}}], "c" : "]"}`
	n, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"":     doc[1:],
		"/a":   `[1, -2.5e3, true, null, "x\"]}\\", {"b": {}}]`,
		"/a/1": `-2.5e3`, "/a/2": `true`, "/a/3": `null`,
		"/a/4": `"x\"]}\\"`, "/a/5": `{"b": {}}`, "/a/5/b": `{}`, "/c": `"]"`,
	}
	for ptr, raw := range want {
		v, ok := n.Lookup(ptr)
		if !ok {
			t.Fatalf("%s: not found", ptr)
		}
		if got := doc[v.Offset:ValueEnd(doc, int(v.Offset))]; got != raw {
			t.Errorf("%s: %q, want %q", ptr, got, raw)
		}
	}
}

// A parsed tool file holds a node per value, so the node's size is most of
// lint's memory on a big file (issue 32): 80 bytes made a 16 MiB enum peak
// at 1 GB.
func TestNodeStaysSmall(t *testing.T) {
	if size := reflect.TypeFor[Node]().Size(); size > 32 {
		t.Fatalf("a Node is %d bytes, want at most 32", size)
	}
}

// Items and Members read what was set, whatever Kind says, and a copy of a
// node keeps its own list when the original's is replaced.
func TestKidsFollowWhatWasSet(t *testing.T) {
	a := NewArray([]*Node{{Kind: Null, Offset: -1}})
	a.Kind = Object
	if len(a.Items()) != 1 || a.Members() != nil {
		t.Fatalf("items %v, members %v", a.Items(), a.Members())
	}
	o := NewObject(nil)
	o.Set("k", &Node{Kind: Bool, Offset: -1})
	c := *o
	o.Set("j", &Node{Kind: Bool, Offset: -1})
	if len(c.Members()) != 1 || len(o.Members()) != 2 {
		t.Fatalf("copy has %d members, original %d", len(c.Members()), len(o.Members()))
	}
	var none *Node
	if none.Items() != nil || none.Members() != nil {
		t.Fatal("a nil node has kids")
	}
}

// Arrays and objects longer than a chunk of the parser's stacks, nested so
// that an inner one starts mid-chunk, come out whole and in order.
func TestLongListsSpanStackChunks(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"a":[`)
	for i := range 3*stackChunk + 7 {
		if i > 0 {
			b.WriteByte(',')
		}
		if i == stackChunk-2 {
			b.WriteString(`{"in":[`)
			for j := range stackChunk + 3 {
				if j > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"k%d":%d}`, j, j)
			}
			b.WriteString(`]}`)
			continue
		}
		fmt.Fprintf(&b, "%d", i)
	}
	b.WriteString(`],"z":true}`)
	n, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var want any
	if err := json.Unmarshal([]byte(b.String()), &want); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(n.Interface())
	wantJSON, _ := json.Marshal(want)
	if !bytes.Equal(got, wantJSON) {
		t.Fatalf("tree differs from encoding/json's reading")
	}
}
