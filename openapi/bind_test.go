package openapi_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/drift"
	"github.com/mcp-contract/mcp-contract/openapi"
	"github.com/mcp-contract/mcp-contract/source"
)

const petSpec = `openapi: 3.0.3
info: {title: Pets, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: limit, in: query, schema: {type: integer, maximum: 100}}
        - {name: status, in: query, schema: {type: string, enum: [available, sold]}}
        - {name: X-Api-Version, in: header, schema: {type: string, enum: ["2"]}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
  /pets/{id}:
    delete:
      operationId: deletePet
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
    put:
      operationId: replacePet
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Pet'}
components:
  schemas:
    Pet:
      type: object
      required: [id]
      properties:
        id: {type: string}
        name: {type: string}
`

// The tools as `openapi tools` writes them, each named API-<operationId>
// as Notion's generated server names them.
const petTools = `{"tools": [
{"name": "API-listPets", "description": "x", "inputSchema": {"type": "object", "additionalProperties": false, "properties": {
  "limit": {"type": "integer", "maximum": 100}, "status": {"type": "string", "enum": ["available", "sold"]}}},
 "outputSchema": {"type": "object", "required": ["result"], "properties": {"result": {"type": "array", "items": {"$ref": "#/$defs/pets.Pet"}}},
  "$defs": {"pets.Pet": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}}}},
{"name": "API-deletePet", "description": "x", "inputSchema": {"type": "object", "additionalProperties": false, "required": ["id"], "properties": {"id": {"type": "string"}}}},
{"name": "API-replacePet", "description": "x", "inputSchema": {"type": "object", "additionalProperties": false, "required": ["id", "body"], "properties": {"id": {"type": "string"},
  "body": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}}}}
]}`

func check(t *testing.T, tools string, binding openapi.Binding) []contract.Finding {
	t.Helper()
	dir := t.TempDir()
	specPath, toolsPath := filepath.Join(dir, "api.yaml"), filepath.Join(dir, "pets.json")
	if err := os.WriteFile(specPath, []byte(petSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(toolsPath, []byte(tools), 0o644); err != nil {
		t.Fatal(err)
	}
	spec, err := openapi.Load(specPath, dir)
	if err != nil {
		t.Fatal(err)
	}
	catalog, err := source.LoadFile(toolsPath)
	if err != nil {
		t.Fatal(err)
	}
	found, err := openapi.Check(catalog, spec, binding, func(old, new *contract.Catalog) []contract.Finding {
		return drift.Compare(old, new, drift.Options{})
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

func summary(found []contract.Finding) []string {
	var out []string
	for _, f := range found {
		out = append(out, f.Rule+" "+f.Tool+" "+f.Pointer)
	}
	sort.Strings(out)
	return out
}

func TestCheckAgreeingToolsFindNothing(t *testing.T) {
	if got := summary(check(t, petTools, openapi.Binding{Auto: true})); len(got) != 0 {
		t.Errorf("tools generated from the spec disagree with it:\n%s", strings.Join(got, "\n"))
	}
}

func TestCheckBothDirections(t *testing.T) {
	tests := []struct {
		name    string
		from    string
		to      string
		binding openapi.Binding
		want    []string
		quote   string
	}{
		{
			name: "a wider bound is accepted by the tool and rejected by the API",
			from: `"limit": {"type": "integer", "maximum": 100}`, to: `"limit": {"type": "integer", "maximum": 500}`,
			want:  []string{"openapi/tool-accepts-what-api-rejects API-listPets /inputSchema/properties/limit/maximum"},
			quote: "from 500 to 100",
		},
		{
			name: "a parameter the API requires that the tool makes optional",
			from: `"required": ["id"], "properties": {"id": {"type": "string"}}}},
{"name": "API-replacePet"`, to: `"properties": {"id": {"type": "string"}}}},
{"name": "API-replacePet"`,
			// The tool has no required list: the finding is on its schema.
			want: []string{"openapi/tool-accepts-what-api-rejects API-deletePet /inputSchema"},
		},
		{
			name: "an enum value the API accepts and the tool cannot send",
			from: `"enum": ["available", "sold"]`, to: `"enum": ["available"]`,
			want: []string{"openapi/tool-hides-capability API-listPets /inputSchema/properties/status/enum"},
		},
		{
			name: "an output field the tool requires and the API leaves optional",
			from: `"pets.Pet": {"type": "object", "required": ["id"]`, to: `"pets.Pet": {"type": "object", "required": ["id", "name"]`,
			want:  []string{"openapi/tool-output-promises-more API-listPets /outputSchema/$defs/pets.Pet/required/1"},
			quote: `{"id":"s"}`,
		},
		{
			name:    "a tool bound to an operation the spec does not have",
			binding: openapi.Binding{Operations: map[string]string{"API-listPets": "listPets", "API-deletePet": "removePet"}},
			want:    []string{"openapi/operation-missing API-deletePet "},
		},
		{
			name: "auto: a tool matching no operation, and operations without a tool",
			from: `{"name": "API-deletePet"`, to: `{"name": "API-erasePet"`,
			want: []string{"openapi/operation-unbound  ", "openapi/tool-unbound API-erasePet "},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools := petTools
			if tt.from != "" {
				if !strings.Contains(tools, tt.from) {
					t.Fatalf("the fixture has no %s", tt.from)
				}
				tools = strings.Replace(tools, tt.from, tt.to, 1)
			}
			binding := tt.binding
			if binding.Operations == nil {
				binding.Auto = true
			}
			found := check(t, tools, binding)
			got := summary(found)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if tt.quote != "" && (len(found) == 0 || !strings.Contains(found[0].Message, tt.quote)) {
				t.Errorf("the message does not quote %s: %v", tt.quote, found)
			}
		})
	}
}

func TestCheckHeadersLayoutsAndPlaces(t *testing.T) {
	withHeader := strings.Replace(petTools, `"status": {"type": "string", "enum": ["available", "sold"]}}`, `"status": {"type": "string", "enum": ["available", "sold"]}, "x-api-version": {"type": "string", "enum": ["2"]}}`, 1)
	underRequestBody := strings.Replace(petTools, `"required": ["id", "body"]`, `"required": ["id", "requestBody"]`, 1)
	underRequestBody = strings.Replace(underRequestBody, `"body": {"type": "object"`, `"requestBody": {"type": "object", "additionalProperties": false`, 1)
	inlineOutput := strings.Replace(petTools, `"items": {"$ref": "#/$defs/pets.Pet"}}},
  "$defs": {"pets.Pet": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}}}},`, `"items": {"type": "object", "required": ["id", "name"], "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}}}}},`, 1)
	for _, tt := range []struct {
		name, tools string
		binding     openapi.Binding
		want        []string
		quote       string
	}{
		{"headers auto: an argument named like a header parameter, in any case, binds to it", withHeader, openapi.Binding{Auto: true, HeadersAuto: true}, nil, ""},
		{"headers not taken: the argument is one the API has no place for", withHeader, openapi.Binding{Auto: true},
			[]string{"openapi/tool-accepts-what-api-rejects API-listPets /inputSchema/properties/x-api-version"}, ""},
		{"headers named: a header the tool lacks is a capability it hides", petTools, openapi.Binding{Auto: true, Headers: []string{"X-Api-Version"}},
			[]string{"openapi/tool-hides-capability API-listPets /inputSchema/properties"}, ""},
		{"a body under requestBody is read there, and the message says so", underRequestBody, openapi.Binding{Auto: true},
			[]string{"openapi/tool-hides-capability API-replacePet /inputSchema/properties/requestBody"}, `the tool's body read under "requestBody"`},
		{"a finding about the API's component lands on the tool's own inline node, naming the spec's line", inlineOutput, openapi.Binding{Auto: true},
			[]string{"openapi/tool-output-promises-more API-listPets /outputSchema/properties/result/items/required/1"}, "api.yaml:34"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			found := check(t, tt.tools, tt.binding)
			if got := summary(found); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			for _, f := range found {
				if f.File == "" || f.Line == 0 {
					t.Errorf("%s is placed nowhere", f.Rule)
				}
				if tt.quote != "" && !strings.Contains(f.Message, tt.quote) {
					t.Errorf("message %q does not say %q", f.Message, tt.quote)
				}
			}
		})
	}
}

// Tools `openapi tools` writes are bound back to their spec with nothing to
// report, whatever their bodies, headers and names: a flat body with a
// property named body (GitHub's comments), a body under requestBody, a
// multipart file, a header argument, a name shortened to fit.
func TestGeneratedToolsAgreeWithTheirSpec(t *testing.T) {
	spec := `openapi: 3.0.3
info: {title: "GitHub's test spec", version: "1"}
paths:
  /gists/{gist_id}/comments:
    post:
      operationId: gists/create-comment
      parameters:
        - {name: gist_id, in: path, required: true, schema: {type: string}}
        - {name: X-GitHub-Api-Version, in: header, schema: {type: string, enum: ["2022-11-28"]}}
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [body], properties: {body: {type: string, maxLength: 65535}}}
  /uploads/{body}:
    post:
      operationId: actions/remove-all-custom-labels-from-self-hosted-runner-for-repo
      parameters:
        - {name: body, in: path, required: true, schema: {type: string}}
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema: {type: object, properties: {file: {type: string, format: binary}, note: {nullable: true, allOf: [{type: string}]}}}
`
	dir := t.TempDir()
	specPath := filepath.Join(dir, "api.yaml")
	if err := os.WriteFile(specPath, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := openapi.Load(specPath, dir)
	if err != nil {
		t.Fatal(err)
	}
	tools, notes, err := openapi.Generate(s, openapi.Options{Headers: []string{"X-GitHub-Api-Version"}, OutputSchema: true})
	if err != nil || len(notes) != 0 || len(tools) != 2 {
		t.Fatalf("%d tools, notes %v, err %v", len(tools), notes, err)
	}
	catalog := &contract.Catalog{Server: openapi.ServiceName("", s.Title), Origin: "openapi:" + specPath}
	for i, tool := range tools {
		catalog.Tools = append(catalog.Tools, &contract.Tool{Name: tool.Name, Node: tool.Node, Index: i})
	}
	found, err := openapi.Check(catalog, s, openapi.Binding{Auto: true, HeadersAuto: true}, func(old, new *contract.Catalog) []contract.Finding {
		return drift.Compare(old, new, drift.Options{})
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s %s %s: %s", f.Rule, f.Tool, f.Pointer, f.Message)
	}
}
