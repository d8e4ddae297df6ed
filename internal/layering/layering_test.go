// Package layering holds the tests that keep the module's floors apart.
// internal/ is the ground floor: everything stands on it, so it imports
// nothing else of this module (internal/fileio cannot know contract's error
// type; the lint cache lives in lint/, next to what it caches). pipeline/
// decides a run and is called only by the command line, so it never
// reaches up to the flags, the renderers or the GitHub side.
package layering

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/mcp-contract/mcp-contract"

// goList runs go list at the module's root with args.
func goList(t *testing.T, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	return out
}

// importsFormat lists a package and what it and its tests import.
const importsFormat = `{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}`

func TestInternalImportsNothingOfOurs(t *testing.T) {
	// Tests count too: a test of internal/ that needs lint/ belongs in lint/.
	out := goList(t, "-f", importsFormat, module+"/...")
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

const pipelinePkg = module + "/pipeline"

// The pipeline decides and never prints: nothing it builds on, however
// indirectly, parses flags, renders a report, talks to GitHub or writes a
// scaffold.
func TestPipelineReachesNoFlagsReportsOrGitHub(t *testing.T) {
	forbidden := []string{"github.com/spf13/cobra", "github.com/spf13/pflag", module + "/report", module + "/github", module + "/scaffold", module + "/cmd/"}
	deps := strings.Fields(string(goList(t, "-deps", "-test", pipelinePkg)))
	if len(deps) < 10 {
		t.Fatalf("go list -deps named %d packages for %s; the listing is not what this test expects", len(deps), pipelinePkg)
	}
	for _, dep := range deps {
		for _, f := range forbidden {
			if dep == f || strings.HasPrefix(dep, f+"/") || (strings.HasSuffix(f, "/") && strings.HasPrefix(dep, f)) {
				t.Errorf("%s depends on %s: the pipeline takes Options and returns a Result; flags, rendering and GitHub stay with its callers", pipelinePkg, dep)
			}
		}
	}
}

// Only the command line calls the pipeline: a check package that imported
// it would run the whole pipeline from one of its steps.
func TestOnlyCmdImportsPipeline(t *testing.T) {
	sc := bufio.NewScanner(bytes.NewReader(goList(t, "-f", importsFormat, module+"/...")))
	callers := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || fields[0] == pipelinePkg {
			continue
		}
		for _, imp := range fields[1:] {
			if imp != pipelinePkg {
				continue
			}
			if !strings.HasPrefix(fields[0], module+"/cmd/") {
				t.Errorf("%s imports %s: only cmd/ may", fields[0], pipelinePkg)
			}
			callers++
			break
		}
	}
	if callers == 0 {
		t.Fatalf("no package imports %s; the listing is not what this test expects", pipelinePkg)
	}
}
