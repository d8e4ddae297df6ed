package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/docgen"
)

var update = flag.Bool("update", false, "rewrite the generated docs")

// The committed docs say what the registry, the schema and action.yml say:
// a rule, config key or input added without regenerating fails here.
func TestDocsAreGenerated(t *testing.T) {
	root := filepath.Join("..", "..")
	pages, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		if *update {
			if err := os.WriteFile(p.path, p.data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p.path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, p.data) {
			rel, _ := filepath.Rel(root, p.path)
			t.Errorf("%s is not what its sources generate (first difference at line %d); regenerate it from the repository root with\n\t%s\n(or go test ./cmd/docgen -update) and commit the result", rel, firstDiffLine(got, p.data), docgen.Regenerate)
		}
	}
}

func firstDiffLine(a, b []byte) int {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return i + 1
		}
	}
	return min(len(al), len(bl)) + 1
}
