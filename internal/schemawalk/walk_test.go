package schemawalk

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

func parse(t *testing.T, s string) *jsontree.Node {
	t.Helper()
	n, err := jsontree.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestWalkVisitsEverySubschemaInOrder(t *testing.T) {
	// Shapes from the corpus: github-mcp-server's nullable anyOf, filesystem's
	// outputSchema arrays, and the banking example's $defs and if/then.
	schema := parse(t, `{
		"type": "object",
		"properties": {
			"a/b": {"anyOf": [{"type": "string"}, {"type": "null"}]},
			"list": {"type": "array", "items": {"type": "object", "additionalProperties": false}}
		},
		"$defs": {"Money": {"type": "number"}},
		"if": {"properties": {"amount": {"minimum": 10000}}},
		"then": {"required": ["code"]},
		"prefixItems": [true],
		"enum": [{"type": "not a schema"}],
		"default": {"properties": {"x": {}}}
	}`)
	var got []string
	Walk(schema, "/inputSchema", func(s Schema) bool {
		got = append(got, s.Pointer()+" via="+s.Via+" name="+s.Name)
		return true
	})
	want := []string{
		"/inputSchema via= name=",
		"/inputSchema/properties/a~1b via=properties name=a/b",
		"/inputSchema/properties/a~1b/anyOf/0 via=anyOf name=",
		"/inputSchema/properties/a~1b/anyOf/1 via=anyOf name=",
		"/inputSchema/properties/list via=properties name=list",
		"/inputSchema/properties/list/items via=items name=",
		"/inputSchema/properties/list/items/additionalProperties via=additionalProperties name=",
		"/inputSchema/$defs/Money via=$defs name=Money",
		"/inputSchema/if via=if name=",
		"/inputSchema/if/properties/amount via=properties name=amount",
		"/inputSchema/then via=then name=",
		"/inputSchema/prefixItems/0 via=prefixItems name=",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("visited:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Visit goes the same way and builds no pointer; a schema built once
	// keeps the pointer it would build.
	type place struct {
		node, parent *jsontree.Node
		depth        int
		via, name    string
	}
	var walked, visited []place
	Walk(schema, "/inputSchema", func(s Schema) bool {
		if b := s.Built(); b.Pointer() != s.Pointer() || b.base != s.Pointer() {
			t.Errorf("built %q (base %q), walked %q", b.Pointer(), b.base, s.Pointer())
		}
		walked = append(walked, place{s.Node, s.Parent, s.Depth, s.Via, s.Name})
		return true
	})
	Visit(schema, func(s Schema) bool {
		if s.Pointer() != "" {
			t.Errorf("Visit gave pointer %q", s.Pointer())
		}
		visited = append(visited, place{s.Node, s.Parent, s.Depth, s.Via, s.Name})
		return true
	})
	if !reflect.DeepEqual(walked, visited) {
		t.Errorf("Visit went\n%+v\nWalk went\n%+v", visited, walked)
	}
}

func TestWalkSkipsChildrenAndSurvivesDepth(t *testing.T) {
	deep := parse(t, strings.Repeat(`{"items":`, 5000)+"{}"+strings.Repeat("}", 5000))
	max, count := 0, 0
	Walk(deep, "", func(s Schema) bool {
		count++
		if s.Depth > max {
			max = s.Depth
		}
		return true
	})
	if max != MaxDepth || count != MaxDepth+1 {
		t.Errorf("depth %d, count %d: the walk must stop at MaxDepth", max, count)
	}
	count = 0
	Walk(deep, "", func(s Schema) bool { count++; return s.Depth < 2 })
	if count != 3 {
		t.Errorf("returning false must skip children: visited %d", count)
	}
}

func TestTypes(t *testing.T) {
	for src, want := range map[string][]string{
		`{"type": "object"}`:           {"object"},
		`{"type": ["string", "null"]}`: {"string", "null"},
		`{}`:                           nil,
		`{"type": 5}`:                  nil,
	} {
		if got := Types(parse(t, src)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v", src, got)
		}
	}
	if !IsObjectSchema(parse(t, `{"properties": {}}`)) || IsObjectSchema(parse(t, `{"type": "string", "properties": {}}`)) || !HasType(parse(t, `{"type": ["object", "null"]}`), "object") {
		t.Error("IsObjectSchema/HasType")
	}
}
