// Package scripts_test tests the release script and workflow
// (scripts/release, .github/workflows/release.yml) on real git repositories.
package scripts_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const actionYML = `name: mcp-contract
description: Lint, snapshot and diff MCP tool contracts
runs:
  using: docker
  image: Dockerfile
  args: [action]
`

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func release(t *testing.T, dir string, args ...string) (string, int) {
	t.Helper()
	script, _ := filepath.Abs("release")
	cmd := exec.Command("bash", append([]string{script}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "IMAGE=ghcr.io/acme/mcp-contract")
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code
}

// The release commit is HEAD with action.yml pinned to the image, reachable
// only through its tag; the branch, the index and the work tree stay as
// they were, the check accepts the tag, and a second release of the same
// version or a tag made by hand is refused.
func TestReleaseScript(t *testing.T) {
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "config", "user.email", "t@example.invalid")
	git(t, dir, "config", "user.name", "t")
	os.WriteFile(filepath.Join(dir, "action.yml"), []byte(actionYML), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n"), 0o644)
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-qm", "base")
	head := git(t, dir, "rev-parse", "HEAD")
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main // staged\n"), 0o644)
	git(t, dir, "add", "main.go")
	os.WriteFile(filepath.Join(dir, "action.yml"), []byte(actionYML+"# unstaged\n"), 0o644)

	if out, code := release(t, dir, "1.2.3"); code != 2 || !strings.Contains(out, "want a version vX.Y.Z") {
		t.Errorf("a version without v: exit %d, %s", code, out)
	}
	out, code := release(t, dir, "v1.2.3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	tagged := git(t, dir, "show", "v1.2.3:action.yml")
	if want := strings.Replace(actionYML, "image: Dockerfile", "image: 'docker://ghcr.io/acme/mcp-contract:v1.2.3'", 1); tagged+"\n" != want {
		t.Errorf("tagged action.yml:\n%s\nwant:\n%s", tagged, want)
	}
	if parent := git(t, dir, "rev-parse", "v1.2.3^{commit}^"); parent != head {
		t.Errorf("the release commit's parent is %s, not HEAD %s", parent, head)
	}
	if files := git(t, dir, "diff", "--name-only", head, "v1.2.3"); files != "action.yml" {
		t.Errorf("the release commit changes %q, want only action.yml", files)
	}
	if now := git(t, dir, "rev-parse", "HEAD"); now != head {
		t.Error("the script moved the branch")
	}
	// (git trims the first line's leading space: " M action.yml" is unstaged, "M  main.go" staged.)
	if st := git(t, dir, "status", "--porcelain"); st != "M action.yml\nM  main.go" {
		t.Errorf("the index or work tree changed:\n%s", st)
	}
	if out, code := release(t, dir, "--check", "v1.2.3"); code != 0 || !strings.Contains(out, "runs docker://ghcr.io/acme/mcp-contract:v1.2.3") {
		t.Errorf("--check of the release tag: exit %d, %s", code, out)
	}
	if out, code := release(t, dir, "v1.2.3"); code != 1 || !strings.Contains(out, "exists already") {
		t.Errorf("a second release of v1.2.3: exit %d, %s", code, out)
	}
	git(t, dir, "tag", "v1.2.4")
	if out, code := release(t, dir, "--check", "v1.2.4"); code != 1 || !strings.Contains(out, "image: Dockerfile") {
		t.Errorf("--check of a tag made by hand on main: exit %d, %s", code, out)
	}
}

// The workflow builds what docs/development.md promises: six platforms, a checksums
// file, a two-platform image, and the release tag checked by the script.
func TestReleaseWorkflow(t *testing.T) {
	data, err := os.ReadFile("../.github/workflows/release.yml")
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		On   map[string]any `yaml:"on"`
		Jobs map[string]struct {
			Needs    any
			Strategy struct{ Matrix map[string][]string }
			Steps    []struct {
				Uses, Run string
				With      map[string]any
			}
		}
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	if _, ok := wf.On["push"]; !ok {
		t.Error("no tag trigger")
	}
	m := wf.Jobs["binaries"].Strategy.Matrix
	if strings.Join(m["goos"], ",") != "linux,darwin,windows" || strings.Join(m["goarch"], ",") != "amd64,arm64" {
		t.Errorf("binaries matrix %v", m)
	}
	text := string(data)
	for _, want := range []string{"sha256sum mcp-contract_* > checksums.txt", "platforms: linux/amd64,linux/arm64", "-X main.version=$VERSION",
		"bash scripts/release --check", `bash scripts/release "$VERSION"`, "CGO_ENABLED: '0'"} {
		if !strings.Contains(text, want) {
			t.Errorf("release.yml lacks %q", want)
		}
	}
	pinned := regexp.MustCompile(`@[0-9a-f]{40}$`)
	for name, job := range wf.Jobs {
		for _, s := range job.Steps {
			if s.Uses != "" && !strings.HasPrefix(s.Uses, "actions/") && !pinned.MatchString(s.Uses) {
				t.Errorf("job %s: %s is a third-party action not pinned by commit, in a workflow that can publish", name, s.Uses)
			}
			if strings.Contains(s.Run, "${{") {
				t.Errorf("job %s: a run script holds ${{ }}, which the runner pastes in as code; pass it through env", name)
			}
		}
	}
}

// The repository's own action.yml is one scripts/release can pin.
func TestRepositoryActionIsPinnable(t *testing.T) {
	data, err := os.ReadFile("../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "image: Dockerfile" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("action.yml has %d `image: Dockerfile` lines; scripts/release rewrites exactly one", n)
	}
}
