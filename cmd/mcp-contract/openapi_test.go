package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/testenv"
)

const notionSpec = "testdata/openapi/notion/notion-openapi.json"

func TestOpenAPIToolsIsStableAndStrict(t *testing.T) {
	repoRoot(t)
	first, errOut, code := mcpContract(t, "openapi", "tools", notionSpec, "--service", "notion")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	second, _, _ := mcpContract(t, "openapi", "tools", notionSpec, "--service", "notion")
	if first != second {
		t.Error("two runs on the same spec wrote different bytes")
	}
	var list struct {
		Tools []struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal([]byte(first), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Tools) != 24 {
		t.Errorf("%d tools, want one per operation: 24", len(list.Tools))
	}

	dir := t.TempDir()
	strict := filepath.Join(dir, "notion.json")
	if _, errOut, code := mcpContract(t, "openapi", "tools", notionSpec, "--service", "notion", "--profile", "openai-strict", "-o", strict); code != 0 {
		t.Fatalf("--profile openai-strict: exit %d: %s", code, errOut)
	}
	out, errOut, code := mcpContract(t, "lint", strict, "--profile", "openai-strict", "--format", "json", "--fail-on", "never")
	if code != 0 {
		t.Fatalf("lint: exit %d: %s", code, errOut)
	}
	var report struct {
		Findings []struct{ Rule, Severity string } `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatal(err)
	}
	for _, f := range report.Findings {
		if strings.HasPrefix(f.Rule, "openai-strict/") {
			t.Errorf("generated with --profile openai-strict, yet lint finds %s (%s)", f.Rule, f.Severity)
		}
	}
}

func TestOpenAPIBindingFindsNotionsOwnTools(t *testing.T) {
	repoRoot(t)
	dir := t.TempDir()
	config := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(config, []byte(`version: 1
servers:
  notion:
    file: testdata/openapi/notion/notion-tools.json
    openapi: {spec: `+notionSpec+`, operations: auto}
profiles: [openai]
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := mcpContract(t, "lint", "--config", config, "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %s", code, errOut)
	}
	var report struct {
		Findings []struct {
			Rule, Tool, Pointer, Message, File string
			Line                               int
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range report.Findings {
		if f.Rule == "openapi/tool-unbound" {
			t.Errorf("auto matching left %s unbound: every Notion tool is API- and an operationId", f.Tool)
		}
		// The server's workaround for models that send objects as strings
		// (typing parent object|string) is an argument the API rejects,
		// placed on the tool's own node (its anyOf has no type to point at).
		if f.Rule == "openapi/tool-accepts-what-api-rejects" && f.Tool == "API-create-a-comment" && f.Pointer == "/inputSchema/properties/parent" && strings.Contains(f.Message, "type narrowed") {
			found = true
			if !strings.Contains(f.Message, "object|string to object") || !strings.Contains(f.Message, "(the spec: "+notionSpec+":") || f.File != "testdata/openapi/notion/notion-tools.json" || f.Line == 0 {
				t.Errorf("message %q at %q", f.Message, f.File)
			}
		}
	}
	if !found {
		t.Errorf("no openapi/tool-accepts-what-api-rejects on API-create-a-comment's parent; findings:\n%s", out)
	}
	// The prose rule reads the spec too: page_size says "Maximum: 100"
	// and its schema has no maximum, reported once on the parameter.
	var prose []string
	for _, f := range report.Findings {
		if f.Rule == "docs/prose-only-constraint" && f.File == notionSpec {
			prose = append(prose, f.Message)
			if len(prose) == 1 && f.Line != 363 {
				t.Errorf("the first prose finding is on line %d, want 363, where the page_size parameter starts", f.Line)
			}
		}
	}
	if len(prose) != 4 || !strings.Contains(prose[0], `in the OpenAPI spec, so every tool generated from it inherits it: description states "Maximum: 100" but the schema has no maximum`) {
		t.Errorf("prose findings on the spec: %q", prose)
	}
}

func TestOpenAPIBadInput(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "api.yaml")
	if err := os.WriteFile(spec, []byte("openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, schema: {$ref: 'http://example.com/q.json'}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := mcpContract(t, "openapi", "tools", spec)
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if want := "api.yaml:7:47: $ref \"http://example.com/q.json\" is remote and is never fetched"; !strings.Contains(errOut, want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Errorf("stderr %q, want one line containing %q", errOut, want)
	}
}

// A change of the spec since the base is reported on each tool bound to the
// changed operation, as drift classifies it, and fails the check when it
// breaks the tool's callers.
func TestOpenAPISpecChangeImpact(t *testing.T) {
	dir := t.TempDir()
	spec := `openapi: 3.0.3
info: {title: Pets, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: limit, in: query, schema: {type: integer, maximum: 100}}
`
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("api.yaml", spec)
	write(".mcp-contract.yaml", "version: 1\nservers:\n  pets:\n    file: pets.json\n    openapi: {spec: api.yaml, operations: auto}\nprofiles: [openai]\n")
	t.Chdir(dir)
	if _, errOut, code := mcpContract(t, "openapi", "tools", "api.yaml", "--service", "pets", "-o", "pets.json"); code != 0 {
		t.Fatalf("openapi tools: exit %d: %s", code, errOut)
	}
	git(t, dir, "init", "-q")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "base")

	if out, errOut, code := mcpContract(t, "check", "--against", "git:HEAD", "--offline"); code != 0 || strings.Contains(out, "openapi/") {
		t.Fatalf("an unchanged spec: exit %d\n%s%s", code, out, errOut)
	}
	write("api.yaml", strings.Replace(spec, "maximum: 100", "maximum: 50", 1))
	out, errOut, code := mcpContract(t, "check", "--against", "git:HEAD", "--offline", "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}
	var report struct {
		Findings []struct{ Rule, Tool, Change, Message, File string } `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range report.Findings {
		if f.Rule == "openapi/operation-changed" {
			found = true
			if f.Tool != "listPets" || f.Change != "breaking" || f.File != "api.yaml" || !strings.Contains(f.Message, `tool "listPets" breaks: GET /pets changed: inputSchema.limit maximum tightened from 100 to 50`) {
				t.Errorf("%+v", f)
			}
		}
	}
	if !found {
		t.Errorf("no openapi/operation-changed finding:\n%s", out)
	}
}

// A spec bound to a server is read by lint --offline too: a 669-byte
// document of nested aliases is refused on the alias's line, not expanded
// until the memory runs out. The binary runs under a 2 GB address-space
// limit, so a regression fails here instead of exhausting the machine.
func TestBoundSpecOfAliasesIsRefused(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "api.yaml"), []byte(testenv.BillionLaughs()), 0o644)
	os.WriteFile(filepath.Join(dir, "laughs.json"), []byte(`{"tools":[{"name":"laugh","inputSchema":{"type":"object"}}]}`), 0o644)
	os.WriteFile(filepath.Join(dir, ".mcp-contract.yaml"), []byte("version: 1\nservers:\n  laughs:\n    file: laughs.json\n    openapi: {spec: api.yaml, operations: auto}\n"), 0o644)
	cmd := exec.Command("sh", "-c", `ulimit -v 2000000; exec "$0" lint --offline`, builtBinary(t))
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != exitInput || !strings.Contains(string(out), "api.yaml:9:") || !strings.Contains(string(out), "aliases here expand past") {
		t.Fatalf("exit %d (%v), want 2 naming the alias:\n%.2000s", code, err, out)
	}
}

// A $ref to a symlink inside --root that leads outside it is refused
// through the binary too, and nothing of the file outside is printed.
func TestOpenAPIRefThroughSymlinkIsRefused(t *testing.T) {
	outside, root := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret.yaml"), []byte("Secret: {type: string, description: OUTSIDE-THE-ROOT}\n"), 0o644)
	if err := os.Symlink(filepath.Join(outside, "secret.yaml"), filepath.Join(root, "s.yaml")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "api.yaml"), []byte("openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, schema: {$ref: 's.yaml#/Secret'}}\n      responses: {'200': {description: ok}}\n"), 0o644)
	cmd := exec.Command(builtBinary(t), "openapi", "tools", "api.yaml", "--root", root)
	cmd.Dir = root
	out, _ := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != exitInput || strings.Contains(string(out), "OUTSIDE-THE-ROOT") || !strings.Contains(string(out), "leads out of") {
		t.Errorf("exit %d, want 2 refusing the ref:\n%s", code, out)
	}
}
