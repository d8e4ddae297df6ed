package jsontree

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// seedCorpus adds every tool of the repository's real tool lists, one seed
// each (whole 200 KB files make each execution slow and mutate no better),
// plus inputs aimed at the parser's edges.
func seedCorpus(f *testing.F) {
	for _, pattern := range []string{
		"../../testdata/corpus/servers/*.json",
		"../../testdata/corpus/drift/*/*.json",
		"../../examples/banking/*.json",
	} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			doc, err := Parse(data)
			if err != nil {
				f.Fatalf("%s: %v", file, err)
			}
			for _, tool := range doc.Get("tools").Items() {
				f.Add(Encode(tool, EncodeOptions{Indent: "  "}))
			}
		}
	}
	for _, s := range []string{
		``, ` `, `{}`, `[]`, `"\u00e9\ud83d\ude00"`, `"\ud800"`, `{"a":1,"a":2}`, `-0.0e+1`, `01`, `1.`,
		`{"a":[1,{"b~/c":null}]}`, "\"\xff\"", "{\"\t\":\n\"x\"}\n", `[[[[[[[[[[]]]]]]]]]]`, `tru`, `{"a" 1}`,
	} {
		f.Add([]byte(s))
	}
}

// FuzzParse checks the reader against encoding/json and against itself:
// the same documents are accepted, every node's offset names where its text
// starts and maps to a valid line:column, every pointer finds its node, and
// Parse(Encode(n)) gives back the same tree.
func FuzzParse(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data)
		if (err == nil) != json.Valid(data) && utf8.Valid(data) {
			t.Fatalf("Parse error %v, but encoding/json Valid = %v", err, json.Valid(data))
		}
		lines := newLines(string(data))
		if err != nil {
			se, ok := err.(*SyntaxError)
			if !ok {
				t.Fatalf("error %T is not a *SyntaxError", err)
			}
			if line, col := lines.Position(se.Offset); line != se.Line || col != se.Column || line < 1 || col < 1 {
				t.Fatalf("error at %d:%d, offset %d maps to %d:%d", se.Line, se.Column, se.Offset, line, col)
			}
			return
		}
		budget := 300
		checkNodes(t, data, lines, n, n, "", true, &budget)
		again, err := Parse(Encode(n, EncodeOptions{}))
		if err != nil {
			t.Fatalf("Encode output does not parse: %v\n%s", err, Encode(n, EncodeOptions{}))
		}
		if !sameTree(n, again) {
			t.Fatalf("round trip changed the tree:\n in: %s\nout: %s", data, Encode(again, EncodeOptions{}))
		}
		indented, err := Parse(Encode(n, EncodeOptions{Indent: "  "}))
		if err != nil || !sameTree(n, indented) {
			t.Fatalf("indented round trip: %v", err)
		}
	})
}

// checkNodes verifies offsets, positions and pointer lookup below n.
// unique is false once the path crossed a duplicated key, where Lookup
// (like encoding/json) finds the last duplicate instead. Position and Lookup
// cost grows with line length and depth, so only the first *budget nodes get
// them: checking every node is quadratic on long lines and deep nesting, and
// slow executions stall the fuzzer while it minimizes each new input.
func checkNodes(t *testing.T, data []byte, lines *Lines, root, n *Node, pointer string, unique bool, budget *int) {
	if end := ValueEnd(string(data), int(n.Offset)); n.Offset < 0 || end > len(data) || int(n.Offset) >= end {
		t.Fatalf("%s: bad span [%d,%d) in %d bytes", pointer, n.Offset, end, len(data))
	}
	if want := map[Kind]string{Object: "{", Array: "[", String: `"`, Null: "n"}[n.Kind]; want != "" && string(data[n.Offset]) != want {
		t.Fatalf("%s: %s starts with %q", pointer, n.Kind, data[n.Offset])
	}
	*budget--
	if *budget < 0 {
		return
	}
	if line, col := lines.Position(int(n.Offset)); line < 1 || col < 1 {
		t.Fatalf("%s: offset %d maps to %d:%d", pointer, n.Offset, line, col)
	}
	if unique {
		if got, ok := root.Lookup(pointer); !ok || got != n {
			t.Fatalf("Lookup(%q) did not find its node", pointer)
		}
	}
	switch n.Kind {
	case Array:
		for i, it := range n.Items() {
			checkNodes(t, data, lines, root, it, AppendIndex(pointer, i), unique, budget)
		}
	case Object:
		count := map[string]int{}
		for _, m := range n.Members() {
			count[m.Key]++
		}
		for _, m := range n.Members() {
			checkNodes(t, data, lines, root, m.Value, Append(pointer, m.Key), unique && count[m.Key] == 1, budget)
		}
	}
}

// sameTree compares values, key order and duplicates, ignoring offsets.
func sameTree(a, b *Node) bool {
	if a.Kind != b.Kind || a.Text != b.Text || a.Bool != b.Bool || len(a.Items()) != len(b.Items()) || len(a.Members()) != len(b.Members()) {
		return false
	}
	for i := range a.Items() {
		if !sameTree(a.Items()[i], b.Items()[i]) {
			return false
		}
	}
	for i := range a.Members() {
		if a.Members()[i].Key != b.Members()[i].Key || !sameTree(a.Members()[i].Value, b.Members()[i].Value) {
			return false
		}
	}
	return true
}
