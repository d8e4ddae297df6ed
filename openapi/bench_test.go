package openapi

import (
	"os"
	"testing"
)

// BenchmarkGitHub is `openapi tools` on GitHub's REST description, the
// largest real spec we have (bench/openapi.sh installs it into bench/npm).
func BenchmarkGitHub(b *testing.B) {
	const spec = "../bench/npm/node_modules/@octokit/openapi/generated/api.github.com.json"
	if _, err := os.Stat(spec); err != nil {
		b.Skip("run bench/openapi.sh once to install @octokit/openapi")
	}
	for b.Loop() {
		s, err := Load(spec, "..")
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := Generate(s, Options{Service: "github"}); err != nil {
			b.Fatal(err)
		}
	}
}
