package sanitize

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/source"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The article's banking example (examples/banking/strict.json) through every
// profile: the sanitized tools/list and the --explain lines, reviewed by
// hand. Regenerate with `go test ./sanitize -run Golden -update`.
func TestGoldenBanking(t *testing.T) {
	c, err := source.LoadFile("../examples/banking/strict.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, profile := range Profiles() {
		res, err := Catalog(c, profile)
		if err != nil {
			t.Fatalf("%s: %v", profile, err)
		}
		var explain strings.Builder
		for _, ch := range res.Changes {
			explain.WriteString(ch.String() + "\n")
		}
		for name, got := range map[string][]byte{profile + ".json": res.JSON, profile + ".explain": []byte(explain.String())} {
			path := filepath.Join("testdata", "banking", name)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the golden file; review the change and run with -update", path)
			}
		}
	}
}
