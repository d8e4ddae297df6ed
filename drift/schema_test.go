package drift

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestRefsAreResolved(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"moved into $defs", tool(`{"type":"object","properties":{"a":{"type":"string","maxLength":5}}}`),
			tool(`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string","maxLength":5}}}`), nil},
		{"moved into definitions, percent-encoded", tool(`{"type":"object","properties":{"a":{"type":"string"}}}`),
			tool(`{"type":"object","properties":{"a":{"$ref":"#/definitions/A%20B"}},"definitions":{"A B":{"type":"string"}}}`), nil},
		{"change behind a $ref is located in $defs", tool(`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string","maxLength":5}}}`),
			tool(`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string","maxLength":3}}}`),
			[]string{"drift/input-constraint-tightened /inputSchema/$defs/A/maxLength"}},
		// The two properties are the same text; what their $ref points at is not.
		{"change behind a nested $ref", tool(`{"type":"object","properties":{"xs":{"type":"array","items":{"$ref":"#/$defs/A"}}},"$defs":{"A":{"type":"string"}}}`),
			tool(`{"type":"object","properties":{"xs":{"type":"array","items":{"$ref":"#/$defs/A"}}},"$defs":{"A":{"type":"integer"}}}`),
			[]string{"drift/input-type-changed /inputSchema/$defs/A/type"}},
		{"alternative moved into $defs", tool(`{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`),
			tool(`{"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/$defs/S"},{"type":"null"}]}},"$defs":{"S":{"type":"string"}}}`), nil},
		{"sibling description beside $ref", tool(`{"type":"object","properties":{"a":{"$ref":"#/$defs/A","description":"x"}},"$defs":{"A":{"type":"string"}}}`),
			tool(`{"type":"object","properties":{"a":{"$ref":"#/$defs/A","description":"y"}},"$defs":{"A":{"type":"string"}}}`),
			[]string{"drift/description-changed /inputSchema/properties/a/description"}},
		{"unused $defs change is no drift", tool(`{"type":"object","$defs":{"U":{"type":"string"}}}`), tool(`{"type":"object","$defs":{"U":{"type":"integer"}}}`), nil},
		{"remote $ref changed", tool(`{"type":"object","properties":{"a":{"$ref":"https://x/a.json"}}}`), tool(`{"type":"object","properties":{"a":{"$ref":"https://x/b.json"}}}`),
			[]string{"drift/input-constraint-tightened /inputSchema/properties/a/$ref"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}

func TestRefCyclesTerminate(t *testing.T) {
	// A recursive tree type, and a $ref pointing at itself.
	tree := func(leaf string) string {
		return tool(`{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"},"self":{"$ref":"#/properties/self"}},
"$defs":{"Node":{"type":"object","properties":{"value":{"type":"` + leaf + `"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}}}`)
	}
	expectDrift(t, tree("string"), tree("string"))
	expectDrift(t, tree("string"), tree("integer"), "drift/input-type-changed /inputSchema/$defs/Node/properties/value/type")
}

func TestDeepSchemasAreBounded(t *testing.T) {
	deep := func(leaf string) string {
		return tool(strings.Repeat(`{"type":"array","items":`, 3000) + `{"type":"` + leaf + `"}` + strings.Repeat(`}`, 3000))
	}
	// The change sits below maxDepth: reported once as unclassified, where
	// the walk stopped, and no crash; identical deep schemas are no drift.
	expectDrift(t, deep("string"), deep("integer"), "drift/schema-too-deep /inputSchema"+strings.Repeat("/items", maxDepth+1))
	expectDrift(t, deep("string"), deep("string"))
}

// Nesting under properties sends every level through the presence decision,
// which once encoded each level's whole subtree: memory grew with the square
// of the depth (833 MB at 4,000 levels). The walk stops at maxDepth, and so
// must the work done per level.
func TestDeepPropertiesAreBounded(t *testing.T) {
	const depth = 4000
	deep := func(leaf string) string {
		return tool(strings.Repeat(`{"type":"object","properties":{"p":`, depth) + `{"type":"` + leaf + `"}` + strings.Repeat(`}}`, depth))
	}
	old, changed, same := catalog(t, "old.json", deep("string")), catalog(t, "new.json", deep("integer")), catalog(t, "new.json", deep("string"))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fs := Compare(old, changed, Options{})
	unchanged := Compare(old, same, Options{})
	runtime.ReadMemStats(&after)
	if extra := after.TotalAlloc - before.TotalAlloc; extra > 64<<20 {
		t.Errorf("drift on %d-level properties allocated %d MB, want under 64 MB", depth, extra>>20)
	}
	want := []string{"drift/schema-too-deep /inputSchema" + strings.Repeat("/properties/p", maxDepth+1)}
	if got := summary(fs); !reflect.DeepEqual(got, want) {
		t.Errorf("findings\n got %q\nwant %q", got, want)
	} else if f := fs[0]; f.Patch != nil || !strings.HasSuffix(f.Message, "the tool nests too deep for a patch") {
		t.Errorf("a tool past the depth drift compares gets no patch, and the message says so: %.80s… %s", f.Patch, f.Message)
	}
	if len(unchanged) != 0 {
		t.Errorf("identical deep schemas: %v", summary(unchanged))
	}
}
