package drift

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/source"
)

const benchTools = 10000

var (
	benchOnce     sync.Once
	benchOld      []byte
	benchNew      []byte
	benchMutation int
)

// benchLists builds two 10,000-tool lists from the corpus's real tools
// (renamed apart), the new one differing in every 20th tool (5%): a reworded
// description, a new optional parameter, a removed parameter, a changed type,
// or the tool replaced by another.
func benchLists(b *testing.B) (oldJSON, newJSON []byte) {
	benchOnce.Do(func() {
		var corpus []*jsontree.Node
		for _, c := range corpusCatalogs(b) {
			for _, t := range c.Tools {
				if t.Input().Get("properties").Is(jsontree.Object) && len(t.Input().Get("properties").Members()) > 0 {
					corpus = append(corpus, t.Node)
				}
			}
		}
		old := &jsontree.Node{Kind: jsontree.Array, Offset: -1}
		new := &jsontree.Node{Kind: jsontree.Array, Offset: -1}
		for i := 0; i < benchTools; i++ {
			o := corpus[i%len(corpus)].Clone()
			o.Set("name", jsontree.FromValue(fmt.Sprintf("%s_%d", o.Get("name").Text, i)))
			n := o.Clone()
			if i%20 == 0 {
				benchMutation++
				props := n.Get("inputSchema").Get("properties")
				first := props.Members()[0].Key
				switch (i / 20) % 5 {
				case 0:
					n.Set("description", jsontree.FromValue(o.Get("description").Text+" Now also reads your mail."))
				case 1:
					props.Set("added_param", jsontree.FromValue(map[string]any{"type": "string"}))
				case 2:
					props.Delete(first)
				case 3:
					props.Set(first, jsontree.FromValue(map[string]any{"type": "boolean"}))
				case 4:
					n.Set("name", jsontree.FromValue(fmt.Sprintf("replacement_%d", i)))
					n.Set("inputSchema", jsontree.FromValue(map[string]any{"type": "object"}))
				}
			}
			old.SetItems(append(old.Items(), o))
			new.SetItems(append(new.Items(), n))
		}
		wrap := func(list *jsontree.Node) []byte {
			doc := &jsontree.Node{Kind: jsontree.Object, Offset: -1}
			doc.Set("tools", list)
			return jsontree.Encode(doc, jsontree.EncodeOptions{Indent: "  "})
		}
		benchOld, benchNew = wrap(old), wrap(new)
	})
	return benchOld, benchNew
}

// BenchmarkDrift is the whole job from bytes: parse both lists (keeping
// positions) and compare them.
func BenchmarkDrift(b *testing.B) {
	oldJSON, newJSON := benchLists(b)
	b.SetBytes(int64(len(oldJSON) + len(newJSON)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		old, err := source.Parse(oldJSON, "old.json", "bench", "bench")
		if err != nil {
			b.Fatal(err)
		}
		new, err := source.Parse(newJSON, "new.json", "bench", "bench")
		if err != nil {
			b.Fatal(err)
		}
		if fs := Compare(old, new, Options{}); len(fs) < benchMutation {
			b.Fatalf("%d findings for %d changed tools", len(fs), benchMutation)
		}
	}
}

// BenchmarkDecodeBoth is the baseline: encoding/json decoding both lists into
// plain Go values, with no comparison at all.
func BenchmarkDecodeBoth(b *testing.B) {
	oldJSON, newJSON := benchLists(b)
	b.SetBytes(int64(len(oldJSON) + len(newJSON)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var o, n any
		if err := json.Unmarshal(oldJSON, &o); err != nil {
			b.Fatal(err)
		}
		if err := json.Unmarshal(newJSON, &n); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompareOnly isolates the comparison from parsing.
func BenchmarkCompareOnly(b *testing.B) {
	oldJSON, newJSON := benchLists(b)
	old, err := source.Parse(oldJSON, "old.json", "bench", "bench")
	if err != nil {
		b.Fatal(err)
	}
	new, err := source.Parse(newJSON, "new.json", "bench", "bench")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Compare(old, new, Options{})
	}
}

// BenchmarkWideObject compares a tool of 100,000 properties with itself
// but for its description: each key was once looked up by a scan, the
// square of the width (a 16 MiB file of 1.5 million took ten minutes).
func BenchmarkWideObject(b *testing.B) {
	var props strings.Builder
	for i := range 100_000 {
		if i > 0 {
			props.WriteByte(',')
		}
		fmt.Fprintf(&props, `"%x":{}`, i)
	}
	list := func(desc string) *contract.Catalog {
		c, err := source.Parse([]byte(`[{"name":"p","description":"`+desc+`","inputSchema":{"type":"object","properties":{`+props.String()+`}}}]`), "t.json", "bench", "bench")
		if err != nil {
			b.Fatal(err)
		}
		return c
	}
	old, new := list("Many."), list("Lots.")
	for b.Loop() {
		if fs := Compare(old, new, Options{}); len(fs) != 1 {
			b.Fatalf("%d findings, want the description change", len(fs))
		}
	}
}
