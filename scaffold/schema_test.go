package scaffold

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/source"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

const schemaFile = "../schema/mcp-contract.schema.json"

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	s, err := c.Compile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// yamlInstance turns YAML into the JSON value an editor's YAML language
// server checks against the schema.
func yamlInstance(t *testing.T, text string) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(text), &v); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// configBlocks are the ```yaml blocks of a Markdown file that are configs.
func configBlocks(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(data), -1) {
		if strings.HasPrefix(m[1], "version: 1\n") {
			out = append(out, m[1])
		}
	}
	return out
}

// Every config the project shows a user is one the schema accepts, and one
// the parser accepts too: the repository's own, every example, the README's
// and the design's, and what init writes.
func TestSchemaAcceptsEveryExample(t *testing.T) {
	schema := compileSchema(t)
	examples := map[string]string{}
	for _, doc := range []string{"../README.md", "../docs/design.md"} {
		blocks := configBlocks(t, doc)
		if len(blocks) == 0 {
			t.Errorf("%s shows no config", doc)
		}
		for i, b := range blocks {
			examples[doc+" block "+string(rune('1'+i))] = b
		}
	}
	filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git" || d.Name() == "npm") {
			return filepath.SkipDir
		}
		if !d.IsDir() && (d.Name() == source.ConfigFile || strings.HasSuffix(d.Name(), ".mcp-contract.yaml")) {
			data, _ := os.ReadFile(path)
			examples[path] = string(data)
		}
		return nil
	})
	if _, ok := examples["../"+source.ConfigFile]; !ok {
		t.Errorf("the repository's own %s was not found", source.ConfigFile)
	}
	cfg, err := BuildConfig(Options{Servers: []Server{
		{&source.ServerConfig{Name: "s", Command: []string{"npx", "-y", "pkg"}, Env: map[string]string{"K": "${K}"}, InheritEnv: []string{"HTTPS_PROXY"}}, "--stdio"},
		{&source.ServerConfig{Name: "h", URL: "https://h.example/mcp", Headers: map[string]string{"Authorization": "Bearer x1234"}, Transport: "sse"}, "--url"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	examples["init output"] = string(cfg.YAML)
	for name, text := range examples {
		if err := schema.Validate(yamlInstance(t, text)); err != nil {
			t.Errorf("%s: the schema refuses it: %v", name, err)
		}
		if _, err := source.ParseConfig([]byte(text), name, func(string) (string, bool) { return "set", true }); err != nil {
			t.Errorf("%s: the parser refuses it: %v", name, err)
		}
	}
}

// The schema is no rubber stamp: what the parser refuses, it refuses.
func TestSchemaRefusesWhatTheParserRefuses(t *testing.T) {
	schema := compileSchema(t)
	for _, text := range []string{
		"servers: {}\n",
		"version: 2\n",
		"version: 1\nsnapshot: x\n",
		"version: 1\nservers:\n  a: {}\n",
		"version: 1\nservers:\n  a: {url: x, file: y}\n",
		"version: 1\nservers:\n  a b: {file: y}\n",
		"version: 1\nservers:\n  a: {file: y, transport: websocket}\n",
		"version: 1\nservers:\n  a: {command: [x], capabilities: [tools]}\n",
		"version: 1\nservers:\n  a: {command: [x], timeout: soon}\n",
		"version: 1\nservers:\n  a: {command: [x], inherit-env: [\"A B\"]}\n",
		"version: 1\nservers:\n  a: {url: x, auth: {}}\n",
		"version: 1\nservers:\n  a: {command: [x], auth: {client-credentials: {client-id: a, client-secret: b}}}\n",
		"version: 1\nservers:\n  a: {url: x, auth: {client-credentials: {client-id: a}}}\n",
		"version: 1\nservers:\n  a: {url: x, auth: {client-credentials: {client-id: a, client-secret: b, private-key: c}}}\n",
		"version: 1\nfail-on: sometimes\n",
		"version: 1\nrules: {docs/prose-only-constraint: loud}\n",
		"version: 1\nignore:\n  - {rule: a/b}\n",
		"version: 1\nbudget: {max-tools: -1}\n",
		"version: 1\nbudget: {tools: 3}\n",
	} {
		if _, err := source.ParseConfig([]byte(text), "c.yaml", func(string) (string, bool) { return "v", true }); err == nil {
			t.Errorf("the parser accepts %q; this case no longer shows anything", text)
		}
		if err := schema.Validate(yamlInstance(t, text)); err == nil {
			t.Errorf("the schema accepts %q, which the parser refuses", text)
		}
	}
}

// The lists the schema spells out are the ones the program knows.
func TestSchemaEnumsMatchTheProgram(t *testing.T) {
	var doc map[string]any
	data, _ := os.ReadFile(schemaFile)
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	enum := func(v any) []string {
		var out []string
		for _, e := range v.(map[string]any)["enum"].([]any) {
			out = append(out, e.(string))
		}
		sort.Strings(out)
		return out
	}
	sorted := func(s []string) []string { s = append([]string{}, s...); sort.Strings(s); return s }
	defs := doc["$defs"].(map[string]any)
	props := doc["properties"].(map[string]any)
	if got, want := enum(defs["profile"]), sorted(lint.ProfileNames()); !reflect.DeepEqual(got, want) {
		t.Errorf("schema profiles %v, program %v", got, want)
	}
	if got, want := enum(props["mcp-version"]), sorted(lint.KnownMCPVersions); !reflect.DeepEqual(got, want) {
		t.Errorf("schema mcp-versions %v, program %v", got, want)
	}
}

var knownKeys = regexp.MustCompile(`unknown key "zz-probe" in (.*) \(known: (.*)\)`)

// Every key the config parser accepts is in the schema, and the schema has
// no key the parser refuses, at every level of the file: a key added to the
// parser without the schema fails here. The parser names the keys it knows
// when it meets one it does not, so each level is probed with an unknown key.
func TestSchemaHasEveryKeyTheParserKnows(t *testing.T) {
	var doc map[string]any
	data, _ := os.ReadFile(schemaFile)
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	defs := doc["$defs"].(map[string]any)
	resolve := func(n map[string]any) map[string]any {
		if r, ok := n["$ref"].(string); ok {
			return defs[strings.TrimPrefix(r, "#/$defs/")].(map[string]any)
		}
		return n
	}
	levels := 0
	var probe func(path []string, n map[string]any)
	probe = func(path []string, n map[string]any) {
		n = resolve(n)
		props, ok := n["properties"].(map[string]any)
		if !ok {
			return
		}
		if n["additionalProperties"] != false {
			t.Errorf("%v: an object with fixed keys must refuse others (additionalProperties: false), as the parser does", path)
		}
		// Place {zz-probe: 1} at path inside an otherwise valid config.
		var v any = map[string]any{"zz-probe": 1}
		for i := len(path) - 1; i >= 0; i-- {
			switch path[i] {
			case "*":
				v = map[string]any{"x": v}
			case "[]":
				v = []any{v}
			default:
				v = map[string]any{path[i]: v}
			}
		}
		root := v.(map[string]any)
		if len(path) > 0 {
			root["version"] = 1
		}
		text, _ := yaml.Marshal(root)
		_, err := source.ParseConfig(text, "c.yaml", nil)
		m := knownKeys.FindStringSubmatch(errString(err))
		if m == nil {
			t.Errorf("%v: probing with an unknown key gave %v, not the parser's list of known keys", path, err)
			return
		}
		levels++
		parser := strings.Split(m[2], ", ")
		var schema []string
		for k := range props {
			schema = append(schema, k)
		}
		sort.Strings(parser)
		sort.Strings(schema)
		if !reflect.DeepEqual(parser, schema) {
			t.Errorf("%s: the parser knows %v, the schema %v", m[1], parser, schema)
		}
		for k, p := range props {
			child := resolve(p.(map[string]any))
			switch {
			case child["properties"] != nil:
				probe(append(append([]string{}, path...), k), child)
			case child["type"] == "array" && child["items"] != nil:
				probe(append(append([]string{}, path...), k, "[]"), child["items"].(map[string]any))
			default:
				if ap, ok := child["additionalProperties"].(map[string]any); ok {
					probe(append(append([]string{}, path...), k, "*"), ap)
				}
			}
		}
	}
	probe(nil, doc)
	if levels < 4 {
		t.Errorf("probed %d levels; want the root, servers.*, ignore[] and budget at least", levels)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
