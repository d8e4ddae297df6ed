package main

import (
	"os/exec"
	"runtime/debug"
	"testing"
)

// A release binary says the version the workflow stamped into it, through
// both spellings.
func TestVersionStampedIntoTheBinary(t *testing.T) {
	bin := builtBinary(t)
	for _, arg := range []string{"version", "--version"} {
		if out, err := exec.Command(bin, arg).Output(); err != nil || string(out) != "mcp-contract "+stampedVersion+"\n" {
			t.Errorf("%s: %q (%v)", arg, out, err)
		}
	}
}

// Without a stamp, the module version Go records: `go install …@v1.2.3`
// records v1.2.3, a build from a checkout a pseudo-version or (devel).
func TestVersionFromBuildInfo(t *testing.T) {
	saved := readBuildInfo
	t.Cleanup(func() { readBuildInfo = saved })
	for _, tc := range []struct {
		main string
		ok   bool
		want string
	}{
		{"v1.2.3", true, "v1.2.3"},
		{"v0.0.0-20261201021900-0123456789ab+dirty", true, "v0.0.0-20261201021900-0123456789ab+dirty"},
		{"(devel)", true, "dev"},
		{"", false, "dev"},
	} {
		readBuildInfo = func() (*debug.BuildInfo, bool) {
			return &debug.BuildInfo{Main: debug.Module{Path: "github.com/mcp-contract/mcp-contract", Version: tc.main}}, tc.ok
		}
		v1, _, _ := mcpContract(t, "version")
		v2, _, _ := mcpContract(t, "--version")
		if v1 != "mcp-contract "+tc.want+"\n" || v2 != v1 {
			t.Errorf("build info %q: version %q, --version %q, want %q", tc.main, v1, v2, tc.want)
		}
	}
}
