// Package layering holds the test that keeps internal/ the ground floor:
// everything stands on it, so it imports nothing else of this module
// (internal/fileio cannot know contract's error type; the lint cache lives
// in lint/, next to what it caches).
package layering

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/mcp-contract/mcp-contract"

func TestInternalImportsNothingOfOurs(t *testing.T) {
	// Tests count too: a test of internal/ that needs lint/ belongs in lint/.
	cmd := exec.Command("go", "list", "-f",
		`{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}`, module+"/...")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	internalPkgs := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || !isInternal(fields[0]) {
			continue
		}
		internalPkgs++
		seen := map[string]bool{}
		for _, imp := range fields[1:] {
			if (imp == module || strings.HasPrefix(imp, module+"/")) && !isInternal(imp) && !seen[imp] {
				seen[imp] = true
				t.Errorf("%s imports %s: internal/ may import only internal/ packages of this module", fields[0], imp)
			}
		}
	}
	if internalPkgs < 5 {
		t.Fatalf("go list named %d internal packages; the listing is not what this test expects:\n%s", internalPkgs, out)
	}
}

func isInternal(pkg string) bool {
	return pkg == module+"/internal" || strings.HasPrefix(pkg, module+"/internal/")
}
