package drift

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcp-contract/mcp-contract/source"
)

// FuzzCompare feeds hostile tool lists to Compare: it must never panic or
// hang, and a list compared with itself must show no drift.
func FuzzCompare(f *testing.F) {
	seeds := []string{
		tool(`{"type":"object","properties":{"a":{"$ref":"#"}}}`),
		tool(`{"$ref":"#/$defs/A","$defs":{"A":{"$ref":"#/$defs/B"},"B":{"$ref":"#/$defs/A"}}}`),
		tool(`{"anyOf":[{"$ref":"#"},{"oneOf":[{"$ref":"#/anyOf/0"}]}],"allOf":[{"$ref":"#"}]}`),
		tool(`{"type":"object","properties":{"a":{"type":["string",1,null]},"a":{"enum":[{"a":[1,2]},1.0,1]}},"required":[1,"a","a"]}`),
		`[{"name":"x","annotations":{"readOnlyHint":"yes"},"inputSchema":true,"outputSchema":false}]`,
	}
	for _, s := range seeds {
		f.Add([]byte(s), []byte(s))
	}
	cases, _ := filepath.Glob("../testdata/corpus/drift/gh-*-made-optional/*.json")
	if len(cases) == 2 {
		before, _ := os.ReadFile(cases[1])
		after, _ := os.ReadFile(cases[0])
		f.Add(before, after)
	}
	f.Fuzz(func(t *testing.T, oldJSON, newJSON []byte) {
		old, err := source.Parse(oldJSON, "old.json", "s", "fuzz")
		if err != nil {
			return
		}
		new, err := source.Parse(newJSON, "new.json", "s", "fuzz")
		if err != nil {
			return
		}
		Compare(old, new, Options{})
		if fs := Compare(old, old, Options{}); len(fs) != 0 {
			t.Fatalf("a list differs from itself: %+v", fs[0])
		}
	})
}
