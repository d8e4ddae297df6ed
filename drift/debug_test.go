package drift

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcp-contract/mcp-contract/source"
)

func TestDebugCorpus(t *testing.T) {
	dirs, _ := filepath.Glob("../testdata/corpus/drift/*")
	for _, d := range dirs {
		if os.Getenv("CASE") != "" && filepath.Base(d) != os.Getenv("CASE") {
			continue
		}
		o, err := source.LoadFile(filepath.Join(d, "before.json"))
		if err != nil {
			t.Fatal(err)
		}
		n, err := source.LoadFile(filepath.Join(d, "after.json"))
		if err != nil {
			t.Fatal(err)
		}
		o.Server, n.Server = "s", "s"
		fmt.Println("=====", filepath.Base(d))
		for _, f := range Compare(o, n, Options{}) {
			fmt.Printf("%s %s %s %s:%d | %s\n", f.Rule, f.Tool, f.Pointer, filepath.Base(f.File), f.Line, f.Message)
		}
	}
}
