package drift

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
	"github.com/mcp-contract/mcp-contract/source"
)

// corpusCatalogs loads every real tool list of the corpus: the public servers
// (testdata/corpus/SOURCES.md) and both sides of every drift case.
func corpusCatalogs(t testing.TB) []*contract.Catalog {
	t.Helper()
	servers, _ := filepath.Glob("../testdata/corpus/servers/*.json")
	cases, _ := filepath.Glob("../testdata/corpus/drift/*/*.json")
	var out []*contract.Catalog
	for _, path := range append(servers, cases...) {
		c, err := source.LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, c)
	}
	if len(out) < 10 {
		t.Fatalf("corpus too small: %d lists", len(out))
	}
	return out
}

// rewritten returns a copy of c with every tool node passed through fn.
func rewritten(c *contract.Catalog, fn func(*jsontree.Node) *jsontree.Node) *contract.Catalog {
	out := &contract.Catalog{Server: c.Server, Origin: c.Origin}
	for _, t := range c.Tools {
		nt := *t
		nt.Node = fn(t.Node.Clone())
		out.Tools = append(out.Tools, &nt)
	}
	return out
}

func expectNoDrift(t *testing.T, what string, old, new *contract.Catalog) {
	t.Helper()
	for _, f := range Compare(old, new, Options{}) {
		t.Errorf("%s: %s: %s %s %s: %s", what, old.Origin, f.Rule, f.Tool, f.Pointer, f.Message)
	}
}

func TestNoDriftAgainstItself(t *testing.T) {
	for _, c := range corpusCatalogs(t) {
		expectNoDrift(t, "identity", c, rewritten(c, func(n *jsontree.Node) *jsontree.Node { return n }))
	}
}

// shuffle reorders every object's keys and every required/enum/type array.
func shuffle(rng *rand.Rand, n *jsontree.Node, parentKey string) {
	switch n.Kind {
	case jsontree.Object:
		rng.Shuffle(len(n.Members()), func(i, j int) { n.Members()[i], n.Members()[j] = n.Members()[j], n.Members()[i] })
		for _, m := range n.Members() {
			shuffle(rng, m.Value, m.Key)
		}
	case jsontree.Array:
		if unordered(parentKey) {
			rng.Shuffle(len(n.Items()), func(i, j int) { n.Items()[i], n.Items()[j] = n.Items()[j], n.Items()[i] })
		}
		for _, it := range n.Items() {
			shuffle(rng, it, "")
		}
	}
}

func TestNoDriftAfterShuffling(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range corpusCatalogs(t) {
		shuffled := rewritten(c, func(n *jsontree.Node) *jsontree.Node { shuffle(rng, n, ""); return n })
		// Tool order changes too: tools pair by name.
		rng.Shuffle(len(shuffled.Tools), func(i, j int) { shuffled.Tools[i], shuffled.Tools[j] = shuffled.Tools[j], shuffled.Tools[i] })
		expectNoDrift(t, "shuffled", c, shuffled)
	}
}

// moveIntoDefs replaces every property schema, items schema and anyOf/oneOf
// alternative of both schemas with a $ref to the same schema under the
// root's $defs.
func moveIntoDefs(tool *jsontree.Node) *jsontree.Node {
	for _, key := range []string{"inputSchema", "outputSchema"} {
		root := tool.Get(key)
		if !root.Is(jsontree.Object) {
			continue
		}
		// Each slot puts a new node where a subschema sits.
		var slots []func(*jsontree.Node) *jsontree.Node
		schemawalk.Walk(root, "", func(s schemawalk.Schema) bool {
			if !s.Node.Is(jsontree.Object) || s.Parent == nil {
				return true
			}
			holder := s.Parent.Get(s.Via)
			switch {
			case s.Via == "properties":
				name := s.Name
				slots = append(slots, func(n *jsontree.Node) *jsontree.Node { old := holder.Get(name); holder.Set(name, n); return old })
			case s.Via == "items" && holder.Is(jsontree.Object):
				parent := s.Parent
				slots = append(slots, func(n *jsontree.Node) *jsontree.Node { old := parent.Get("items"); parent.Set("items", n); return old })
			case (s.Via == "anyOf" || s.Via == "oneOf") && holder.Is(jsontree.Array):
				for i, it := range holder.Items() {
					if it == s.Node {
						slots = append(slots, func(n *jsontree.Node) *jsontree.Node { old := holder.Items()[i]; holder.Items()[i] = n; return old })
					}
				}
			}
			return true
		})
		defs := root.Get("$defs")
		if !defs.Is(jsontree.Object) {
			defs = &jsontree.Node{Kind: jsontree.Object, Offset: -1}
			root.Set("$defs", defs)
		}
		for i, put := range slots {
			name := fmt.Sprintf("moved_%d", i)
			defs.Set(name, put(jsontree.FromValue(map[string]any{"$ref": "#/$defs/" + name})))
		}
	}
	return tool
}

func TestNoDriftAfterMovingIntoDefs(t *testing.T) {
	moved := 0
	for _, c := range corpusCatalogs(t) {
		m := rewritten(c, moveIntoDefs)
		for _, tool := range m.Tools {
			if tool.Input().Get("$defs") != nil {
				moved++
			}
		}
		expectNoDrift(t, "moved into $defs", c, m)
	}
	if moved == 0 {
		t.Fatal("no schema was moved: the property proves nothing")
	}
}
