package jsontree

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// corpusFiles reads the repository's real tool lists, the shape Parse spends
// its time on in a lint.
func corpusFiles(b *testing.B) [][]byte {
	files, _ := filepath.Glob("../../testdata/corpus/servers/*.json")
	if len(files) == 0 {
		b.Fatal("no corpus files")
	}
	var docs [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, data)
	}
	return docs
}

// corpusCatalog is every tool of docs in one tool list, indented as a
// snapshot is.
func corpusCatalog(b *testing.B, docs [][]byte) []byte {
	var tools [][]byte
	for _, d := range docs {
		n, err := Parse(d)
		if err != nil {
			b.Fatal(err)
		}
		for _, t := range n.Get("tools").Items() {
			tools = append(tools, Encode(t, EncodeOptions{Indent: "    "}))
		}
	}
	return []byte("{\n  \"tools\": [\n" + string(bytes.Join(tools, []byte(",\n"))) + "\n  ]\n}\n")
}

// BenchmarkParse parses every corpus tool list once per iteration
// ("files"), and all their tools as one catalog, where keys and small
// values repeat as in a big tool list ("catalog").
func BenchmarkParse(b *testing.B) {
	docs := corpusFiles(b)
	catalog := corpusCatalog(b, docs)
	for _, c := range []struct {
		name string
		docs [][]byte
	}{{"files", docs}, {"catalog", [][]byte{catalog}}} {
		b.Run(c.name, func(b *testing.B) {
			size := 0
			for _, d := range c.docs {
				size += len(d)
			}
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range c.docs {
					if _, err := Parse(d); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkParseText parses the corpus catalog of BenchmarkParse as a
// string, with its Lines, as a file is read for lint.
func BenchmarkParseText(b *testing.B) {
	catalog := string(corpusCatalog(b, corpusFiles(b)))
	b.SetBytes(int64(len(catalog)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ParseText(catalog); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLines indexes the lines of every corpus tool list.
func BenchmarkLines(b *testing.B) {
	var docs []string
	for _, d := range corpusFiles(b) {
		docs = append(docs, string(d))
	}
	size := 0
	for _, d := range docs {
		size += len(d)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range docs {
			newLines(d)
		}
	}
}
