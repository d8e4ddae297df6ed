package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// In a configured project, `openapi tools` writes tools the project's own
// lint accepts: the config's provider profiles are applied in turn.
func TestOpenAPIToolsTakesTheConfigsProfiles(t *testing.T) {
	repoRoot(t)
	dir := t.TempDir()
	config, out := filepath.Join(dir, "c.yaml"), filepath.Join(dir, "notion.json")
	if err := os.WriteFile(config, []byte("version: 1\nprofiles: [openai-strict, gemini-jsonschema]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := mcpContract(t, "openapi", "tools", notionSpec, "--config", config, "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, profile := range []string{"openai-strict", "gemini-jsonschema"} {
		report, errOut, code := mcpContract(t, "lint", out, "--profile", profile, "--format", "json", "--fail-on", "error")
		if code != 0 {
			t.Errorf("lint --profile %s of tools generated under profiles: [openai-strict, gemini-jsonschema]: exit %d %s\n%s", profile, code, errOut, report)
		}
	}
	plain, _, _ := mcpContract(t, "openapi", "tools", notionSpec)
	if written, _ := os.ReadFile(out); strings.TrimSpace(string(written)) == strings.TrimSpace(plain) {
		t.Error("the config's profiles changed nothing")
	}
}

// What a tool cannot carry is a finding on the spec's line, and the
// operation still becomes a tool.
func TestOpenAPIToolsReportsWhatCannotBeExpressed(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "api.yaml")
	if err := os.WriteFile(spec, []byte("openapi: 3.0.3\ninfo: {title: Pets, version: '1'}\npaths:\n  /pets/{id}:\n    get:\n      operationId: getPet\n      parameters:\n        - {name: id, in: path, required: true, schema: {type: integer}}\n        - {name: id, in: query, schema: {type: string}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := mcpContract(t, "openapi", "tools", spec)
	if code != 0 || !strings.Contains(out, `"getPet"`) {
		t.Fatalf("exit %d, stdout %s", code, out)
	}
	if want := spec + `:9:11: warning openapi/operation-not-expressible: GET /pets/{id}: query parameter "id" is left out`; !strings.Contains(errOut, want) {
		t.Errorf("stderr %q\nwant it to contain %q", errOut, want)
	}
}
