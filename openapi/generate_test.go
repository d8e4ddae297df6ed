package openapi

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// generate writes files (the first is the spec) into a temp folder and
// returns the tools generated from it, keyed by name.
func generate(t *testing.T, opts Options, files ...string) map[string]*jsontree.Node {
	t.Helper()
	tools, _, err := generateErr(t, opts, files...)
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

func generateErr(t *testing.T, opts Options, files ...string) (map[string]*jsontree.Node, []contract.Finding, error) {
	t.Helper()
	dir := t.TempDir()
	var spec string
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.TrimLeft(files[i+1], "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		if spec == "" {
			spec = p
		}
	}
	s, err := Load(spec, dir)
	if err != nil {
		return nil, nil, err
	}
	list, notes, err := Generate(s, opts)
	if err != nil {
		return nil, notes, err
	}
	out := map[string]*jsontree.Node{}
	for _, tool := range list {
		out[tool.Name] = tool.Node
	}
	return out, notes, nil
}

func compact(n *jsontree.Node) string {
	return string(jsontree.Encode(n, jsontree.EncodeOptions{SortKeys: true}))
}

func lookup(t *testing.T, n *jsontree.Node, pointer string) string {
	t.Helper()
	v, ok := n.Lookup(pointer)
	if !ok {
		t.Fatalf("no %s in %s", pointer, compact(n))
	}
	return compact(v)
}

const header30 = `
openapi: 3.0.3
info: {title: Pet Store, version: "1"}
paths:
`

const header31 = `
openapi: 3.1.0
info: {title: Pet Store, version: "1"}
paths:
`

func TestTranslations(t *testing.T) {
	tests := []struct {
		name    string
		spec    string
		tool    string
		pointer string
		want    string
	}{
		{
			name: "3.0 nullable adds null to the type",
			spec: header30 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: tag, in: query, schema: {type: string, nullable: true}}
`,
			tool: "listPets", pointer: "/inputSchema/properties/tag", want: `{"type":["string","null"]}`,
		},
		{
			name: "3.0 nullable without a type allows null beside the schema's values, as its author meant",
			spec: header30 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: tag, in: query, schema: {nullable: true, enum: [a, b], description: A tag.}}
`,
			tool: "listPets", pointer: "/inputSchema/properties/tag", want: `{"anyOf":[{"enum":["a","b"]},{"type":"null"}],"description":"A tag."}`,
		},
		{
			name: "3.0 nullable allOf of a ref (GitHub's milestone) can be null",
			spec: header30 + `
  /issues/{n}:
    patch:
      operationId: updateIssue
      parameters:
        - {name: n, in: path, required: true, schema: {type: integer}}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                milestone: {nullable: true, allOf: [{$ref: '#/components/schemas/M'}]}
components:
  schemas:
    M: {type: integer}
`,
			tool: "updateIssue", pointer: "/inputSchema/properties/milestone", want: `{"anyOf":[{"allOf":[{"$ref":"#/$defs/pet_store.M"}]},{"type":"null"}]}`,
		},
		{
			name: "3.0 nullable with a type and an enum allows null in both",
			spec: header30 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: tag, in: query, schema: {type: string, nullable: true, enum: [a]}}
`,
			tool: "listPets", pointer: "/inputSchema/properties/tag", want: `{"enum":["a",null],"type":["string","null"]}`,
		},
		{
			name: "3.0 boolean exclusive bounds become numbers",
			spec: header30 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: limit, in: query, schema: {type: integer, minimum: 0, exclusiveMinimum: true, maximum: 100, exclusiveMaximum: false}}
`,
			tool: "listPets", pointer: "/inputSchema/properties/limit", want: `{"exclusiveMinimum":0,"maximum":100,"type":"integer"}`,
		},
		{
			name: "3.1 numeric exclusive bounds stay",
			spec: header31 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: limit, in: query, schema: {type: integer, exclusiveMinimum: 0}}
`,
			tool: "listPets", pointer: "/inputSchema/properties/limit", want: `{"exclusiveMinimum":0,"type":"integer"}`,
		},
		{
			name: "3.0 siblings of $ref are ignored, 3.0 example becomes examples",
			spec: header30 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: kind, in: query, schema: {$ref: '#/components/schemas/Kind', description: ignored}}
        - {name: q, in: query, schema: {type: string, example: cat}}
components:
  schemas:
    Kind: {type: string, enum: [cat, dog]}
`,
			tool: "listPets", pointer: "/inputSchema", want: `{"$defs":{"pet_store.Kind":{"enum":["cat","dog"],"type":"string"}},"additionalProperties":false,"properties":{"kind":{"$ref":"#/$defs/pet_store.Kind"},"q":{"examples":["cat"],"type":"string"}},"type":"object"}`,
		},
		{
			name: "oneOf with a discriminator keeps the alternatives and drops the discriminator",
			spec: header30 + `
  /pets:
    post:
      operationId: addPet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [pet]
              properties:
                pet:
                  oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
                  discriminator: {propertyName: kind}
components:
  schemas:
    Cat: {type: object, properties: {kind: {type: string}, purrs: {type: boolean}}}
    Dog: {type: object, properties: {kind: {type: string}, barks: {type: boolean}}}
`,
			tool: "addPet", pointer: "/inputSchema/properties/pet", want: `{"oneOf":[{"$ref":"#/$defs/pet_store.Cat"},{"$ref":"#/$defs/pet_store.Dog"}]}`,
		},
		{
			name: "arrays of refs reach their component once",
			spec: header31 + `
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
components:
  schemas:
    Pet: {type: object, properties: {name: {type: string}}}
    Unused: {type: string}
`,
			tool: "listPets", pointer: "/outputSchema", want: `{"$defs":{"pet_store.Pet":{"properties":{"name":{"type":"string"}},"type":"object"}},"properties":{"result":{"items":{"$ref":"#/$defs/pet_store.Pet"},"type":"array"}},"required":["result"],"type":"object"}`,
		},
		{
			name: "a recursive component refers to itself",
			spec: header31 + `
  /nodes:
    get:
      operationId: getTree
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Node'}
components:
  schemas:
    Node: {type: object, properties: {children: {type: array, items: {$ref: '#/components/schemas/Node'}}}}
`,
			tool: "getTree", pointer: "/outputSchema", want: `{"$defs":{"pet_store.Node":{"properties":{"children":{"items":{"$ref":"#/$defs/pet_store.Node"},"type":"array"}},"type":"object"}},"properties":{"children":{"items":{"$ref":"#/$defs/pet_store.Node"},"type":"array"}},"type":"object"}`,
		},
		{
			name: "path-level parameters apply, and the operation's override them",
			spec: header30 + `
  /pets/{id}:
    parameters:
      - {name: id, in: path, required: true, schema: {type: string}}
      - {name: verbose, in: query, schema: {type: boolean}}
    get:
      operationId: getPet
      parameters:
        - {name: verbose, in: query, required: true, schema: {type: integer}}
`,
			tool: "getPet", pointer: "/inputSchema", want: `{"additionalProperties":false,"properties":{"id":{"type":"string"},"verbose":{"type":"integer"}},"required":["id","verbose"],"type":"object"}`,
		},
		{
			name: "a parameter with content instead of schema",
			spec: header30 + `
  /search:
    get:
      operationId: search
      parameters:
        - name: filter
          in: query
          description: what to match
          content:
            application/json:
              schema: {type: object, properties: {color: {type: string}}}
`,
			tool: "search", pointer: "/inputSchema/properties/filter", want: `{"description":"what to match","properties":{"color":{"type":"string"}},"type":"object"}`,
		},
		{
			name: "a body that is not an object goes under body",
			spec: header30 + `
  /tags:
    put:
      operationId: setTags
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: array, items: {type: string}}
`,
			tool: "setTags", pointer: "/inputSchema", want: `{"additionalProperties":false,"properties":{"body":{"items":{"type":"string"},"type":"array"}},"required":["body"],"type":"object"}`,
		},
		{
			name: "a body property named like a parameter keeps the body whole",
			spec: header30 + `
  /pets/{id}:
    patch:
      operationId: updatePet
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [id], properties: {id: {type: integer}, name: {type: string}}}
`,
			tool: "updatePet", pointer: "/inputSchema/required", want: `["id","body"]`,
		},
		{
			name: "a flat body: its properties beside the parameters, required when the body is",
			spec: header30 + `
  /pets:
    post:
      operationId: addPet
      parameters:
        - {name: dryRun, in: query, schema: {type: boolean}}
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/NewPet'}
components:
  schemas:
    NewPet:
      type: object
      required: [name]
      properties:
        id: {type: integer, readOnly: true}
        name: {type: string, maxLength: 40}
        secret: {type: string, writeOnly: true}
`,
			tool: "addPet", pointer: "/inputSchema", want: `{"additionalProperties":false,"properties":{"dryRun":{"type":"boolean"},"name":{"maxLength":40,"type":"string"},"secret":{"type":"string","writeOnly":true}},"required":["name"],"type":"object"}`,
		},
		{
			name: "writeOnly properties never come back",
			spec: header30 + `
  /pets:
    post:
      operationId: addPet
      responses:
        "201":
          description: created
          content:
            application/json:
              schema:
                type: object
                required: [id, secret]
                properties:
                  id: {type: integer, readOnly: true}
                  secret: {type: string, writeOnly: true}
`,
			tool: "addPet", pointer: "/outputSchema", want: `{"properties":{"id":{"readOnly":true,"type":"integer"}},"required":["id"],"type":"object"}`,
		},
		{
			name: "headers are the server's unless named",
			spec: header30 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: X-Api-Key, in: header, required: true, schema: {type: string}}
        - {name: session, in: cookie, schema: {type: string}}
`,
			tool: "listPets", pointer: "/inputSchema", want: `{"additionalProperties":false,"properties":{},"type":"object"}`,
		},
		{
			name: "a ref to another file resolves, and its own refs relative to it",
			spec: header31 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - $ref: 'params/common.yaml#/limit'
`,
			tool: "listPets", pointer: "/inputSchema", want: `{"$defs":{"pet_store.Limit":{"maximum":100,"type":"integer"}},"additionalProperties":false,"properties":{"limit":{"$ref":"#/$defs/pet_store.Limit"}},"type":"object"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := []string{"openapi.yaml", tt.spec}
			if strings.Contains(tt.spec, "params/common.yaml") {
				files = append(files, "params/common.yaml", "limit: {name: limit, in: query, schema: {$ref: 'schemas.yaml#/Limit'}}\n", "params/schemas.yaml", "Limit: {type: integer, maximum: 100}\n")
			}
			tools := generate(t, Options{OutputSchema: true}, files...)
			tool := tools[tt.tool]
			if tool == nil {
				t.Fatalf("no tool %q among %d", tt.tool, len(tools))
			}
			if got := lookup(t, tool, tt.pointer); got != tt.want {
				t.Errorf("%s\n got %s\nwant %s", tt.pointer, got, tt.want)
			}
		})
	}
}

func TestNamesDescriptionsAnnotations(t *testing.T) {
	tools := generate(t, Options{Service: "petstore"}, "openapi.yaml", header30+`
  /pets/{id}:
    get: {summary: Get a pet, description: Returns one pet., operationId: getPet}
    put: {operationId: getPet}
    delete: {}
    head: {operationId: "9 lives!"}
  /a/very/long/path/{with}/many/segments/that/goes/on/and/on/and/on/forever:
    post: {}
`)
	var names []string
	for n := range tools {
		names = append(names, n)
	}
	want := map[string]string{
		"getPet":             `{"readOnlyHint":true}`,
		"getPet_2":           `{"idempotentHint":true}`,
		"delete_pets_id":     `{"destructiveHint":true}`,
		"op_9_lives":         `{"readOnlyHint":true}`,
		"post_a_very_long_p": "",
	}
	for name, ann := range want {
		if strings.HasSuffix(name, "_p") {
			found := false
			for n, tool := range tools {
				if strings.HasPrefix(n, "post_a_very_long_path") {
					found = true
					if len(n) > 63-len("mcp____petstore") {
						t.Errorf("%s is %d characters, over what mcp__petstore__ leaves of 63", n, len(n))
					}
					if tool.Get("annotations") != nil {
						t.Errorf("POST has annotations %s", compact(tool.Get("annotations")))
					}
				}
			}
			if !found {
				t.Errorf("no post_a_very_long_path… tool among %v", names)
			}
			continue
		}
		tool := tools[name]
		if tool == nil {
			t.Errorf("no tool %q among %v", name, names)
			continue
		}
		if got := compact(tool.Get("annotations")); got != ann {
			t.Errorf("%s annotations %s, want %s", name, got, ann)
		}
	}
	if got := tools["getPet"].Get("description").Text; got != "Get a pet" {
		t.Errorf("lean description %q", got)
	}
	full := generate(t, Options{Service: "petstore", Describe: DescribeFull}, "openapi.yaml", header30+`
  /pets/{id}:
    get: {summary: Get a pet, description: Returns one pet., operationId: getPet}
`)
	if got := full["getPet"].Get("description").Text; got != "Get a pet\n\nReturns one pet.\n\nGET /pets/{id}" {
		t.Errorf("full description %q", got)
	}
}

func TestSelect(t *testing.T) {
	spec := header30 + `
  /pets:
    get: {operationId: listPets, tags: [pets]}
  /pets/{id}:
    get: {operationId: getPet, tags: [pets]}
  /store/order:
    post: {operationId: placeOrder, tags: [store]}
`
	for _, tt := range []struct {
		opts Options
		want string
	}{
		{Options{}, "getPet listPets placeOrder"},
		{Options{Operations: []string{"getPet"}}, "getPet"},
		{Options{Tags: []string{"store"}}, "placeOrder"},
		{Options{Paths: []string{"/pets/*"}}, "getPet"},
		{Options{Paths: []string{"/pets"}, Tags: []string{"store"}}, "listPets placeOrder"},
	} {
		tools := generate(t, tt.opts, "openapi.yaml", spec)
		var names []string
		for _, n := range []string{"getPet", "listPets", "placeOrder"} {
			if tools[n] != nil {
				names = append(names, n)
			}
		}
		if got := strings.Join(names, " "); got != tt.want {
			t.Errorf("%+v chose %q, want %q", tt.opts, got, tt.want)
		}
	}
}

func TestBadSpecs(t *testing.T) {
	tests := []struct {
		name, spec, want string
		extra            []string
	}{
		{"not OpenAPI", "hello: world\n", "openapi.yaml: not an OpenAPI document: it has no openapi: 3.x key at its top", nil},
		{"Swagger 2.0", "swagger: '2.0'\ninfo: {title: x, version: '1'}\npaths: {}\n", "OpenAPI 2.0 is not read", nil},
		{"remote ref", header31 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: q, in: query, schema: {$ref: 'https://example.com/schemas.yaml#/Q'}}
`, "openapi.yaml:9:47: $ref \"https://example.com/schemas.yaml#/Q\" is remote and is never fetched", nil},
		{"ref leaving the root", header31 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: q, in: query, schema: {$ref: '../outside.yaml#/Q'}}
`, "leaves", nil},
		{"dangling ref", header31 + `
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: q, in: query, schema: {$ref: '#/components/schemas/Missing'}}
`, `$ref "#/components/schemas/Missing": no "components" (at /paths/~1pets/get/parameters/0/schema)`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := generateErr(t, Options{}, append([]string{"openapi.yaml", tt.spec}, tt.extra...)...)
			if err == nil {
				t.Fatal("no error")
			}
			if _, ok := err.(*contract.InputError); !ok {
				t.Errorf("%T, want *contract.InputError (exit 2)", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// petBodies is a petstore-like spec with a body of every media type a
// tool must carry (Petstore's updatePetWithForm and uploadFile, GitHub's
// markdown/render-raw and upload-release-asset).
const petBodies = header30 + `
  /pet/{petId}:
    post:
      operationId: updatePetWithForm
      parameters:
        - {name: petId, in: path, required: true, schema: {type: integer}}
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                name: {type: string}
                status: {type: string}
  /pet/{petId}/uploadImage:
    post:
      operationId: uploadFile
      parameters:
        - {name: petId, in: path, required: true, schema: {type: integer}}
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [file]
              properties:
                additionalMetadata: {type: string}
                file: {type: string, format: binary}
                thumbnails: {type: array, items: {type: string, format: binary}}
            encoding:
              file: {contentType: "image/png, image/jpeg"}
  /markdown/raw:
    post:
      operationId: renderRaw
      requestBody:
        content:
          text/plain: {schema: {type: string}}
          text/x-markdown: {schema: {type: string}}
  /releases/{id}/assets:
    post:
      operationId: uploadAsset
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer}}
        - {name: body, in: query, schema: {type: string}}
      requestBody:
        required: true
        content:
          application/octet-stream: {schema: {type: string, format: binary, description: The file.}}
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer}}
        - {name: id, in: query, schema: {type: string}}
        - {name: X-Trace, in: header, schema: {type: string}}
  /empty:
    post:
      operationId: emptyBody
      requestBody: {content: {}}
`

func TestEveryBodyBecomesArguments(t *testing.T) {
	tools, found, err := generateErr(t, Options{}, "openapi.yaml", petBodies)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ tool, pointer, want string }{
		{"updatePetWithForm", "/inputSchema/properties", `{"name":{"type":"string"},"petId":{"type":"integer"},"status":{"type":"string"}}`},
		{"uploadFile", "/inputSchema/required", `["petId","file"]`},
		{"uploadFile", "/inputSchema/properties/file", `{"contentEncoding":"base64","contentMediaType":"image/png","type":"string"}`},
		{"uploadFile", "/inputSchema/properties/thumbnails/items", `{"contentEncoding":"base64","contentMediaType":"application/octet-stream","type":"string"}`},
		{"renderRaw", "/inputSchema/properties/body", `{"contentMediaType":"text/plain","type":"string"}`},
		{"uploadAsset", "/inputSchema/required", `["id","requestBody"]`},
		{"uploadAsset", "/inputSchema/properties/requestBody", `{"contentEncoding":"base64","contentMediaType":"application/octet-stream","description":"The file.","type":"string"}`},
		{"getPet", "/inputSchema/properties", `{"id":{"type":"integer"}}`},
		{"emptyBody", "/inputSchema/properties", `{}`},
	} {
		tool := tools[tt.tool]
		if tool == nil {
			t.Errorf("no tool %s: an operation is never dropped for its body", tt.tool)
			continue
		}
		if got := lookup(t, tool, tt.pointer); got != tt.want {
			t.Errorf("%s %s\n got %s\nwant %s", tt.tool, tt.pointer, got, tt.want)
		}
	}
	var msgs []string
	for _, f := range found {
		msgs = append(msgs, fmt.Sprintf("%s %s:%d %s: %s", f.Rule, filepath.Base(f.File), f.Line, f.Tool, f.Message))
	}
	want := []string{
		`openapi/operation-not-expressible openapi.yaml:58 getPet: GET /pets/{id}: query parameter "id" is left out: another parameter has its name, and an argument can bind to only one`,
		`openapi/operation-not-expressible openapi.yaml:63 emptyBody: POST /empty: its request body has no content, so the tool sends none`,
	}
	if got := strings.Join(msgs, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("findings\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}

func TestHeaderParameters(t *testing.T) {
	tools := generate(t, Options{Headers: []string{"x-trace"}}, "openapi.yaml", petBodies)
	if got := lookup(t, tools["getPet"], "/inputSchema/properties/x-trace"); got != `{"type":"string"}` {
		t.Errorf("header argument %s", got)
	}
}

func TestServiceName(t *testing.T) {
	for title, want := range map[string]string{
		"GitHub's official OpenAPI spec + Octokit extension": "github",
		"Swagger Petstore - OpenAPI 3.0":                     "petstore",
		"Notion API":                                         "notion",
		"Pet Store":                                          "pet_store",
		"GitHub v3 REST API":                                 "github",
		"The Stripe REST API":                                "stripe",
		"OpenAPI":                                            "openapi",
	} {
		if got := ServiceName("", title); got != want {
			t.Errorf("title %q: service %q, want %q", title, got, want)
		}
	}
	if got := ServiceName("My Server", "Notion API"); got != "my_server" {
		t.Errorf("a given name: %q", got)
	}
}

// GitHub's longest operationIds (@octokit/openapi 23.0.2), under the 50
// characters mcp__github__ leaves of Gemini's 63.
func TestLongNamesKeepWholeWords(t *testing.T) {
	ids := map[string]string{
		"actions/remove-all-custom-labels-from-self-hosted-runner-for-repo":          "actions_remove-all-custom-labels-self-hosted-repo",
		"actions/remove-all-custom-labels-from-self-hosted-runner-for-org":           "actions_remove-all-custom-labels-self-hosted-org",
		"packages/get-all-package-versions-for-package-owned-by-authenticated-user":  "packages_get-all-versions-owned-authenticated-user",
		"packages/get-all-package-versions-for-package-owned-by-org":                 "packages_get-all-package-versions-owned-org",
		"orgs/custom-properties-for-repos-create-or-update-organization-definitions": "orgs_custom-props-repos-create-update-org-defs",
		"codespaces/list-repositories-for-secret-for-authenticated-user":             "codespaces_list-repositories-secret-auth-user",
		"copilot/list-copilot-coding-agent-selected-repositories-for-organization":   "copilot_list-coding-agent-selected-repos-org",
		"actions/get-github-actions-default-workflow-permissions-repository":         "actions_get-default-workflow-perms-repository",
		"actions/get-github-actions-default-workflow-permissions-organization":       "actions_get-default-workflow-permissions-org",
		"actions/list-selected-repositories-self-hosted-runners-organization":        "actions_list-repos-self-hosted-runners-org",
		"actions/set-selected-repositories-self-hosted-runners-organization":         "actions_set-selected-repos-self-hosted-runners-org",
		"activity/list-repos-starred-by-authenticated-user":                          "activity_list-repos-starred-by-authenticated-user",
		"billing/get-github-billing-premium-request-usage-report-user":               "billing_get-premium-request-usage-report-user",
		"security-advisories/create-repository-advisory-cve-request":                 "security-advisories_create-repo-advisory-cve-req",
	}
	spec := header30
	var list []string
	for id := range ids {
		list = append(list, id)
	}
	sort.Strings(list)
	for i, id := range list {
		spec += fmt.Sprintf("  /p%d:\n    post: {operationId: %s}\n", i, id)
	}
	tools := generate(t, Options{Service: "github"}, "openapi.yaml", spec)
	for id, want := range ids {
		if tools[want] == nil {
			var got []string
			for n := range tools {
				got = append(got, n)
			}
			sort.Strings(got)
			t.Errorf("%s: no tool %s among\n%s", id, want, strings.Join(got, "\n"))
		}
		if len(want) > 63-len("mcp__github__") {
			t.Errorf("%s is %d characters", want, len(want))
		}
	}
}

// A name does not depend on which operations were chosen: the shortened
// name that would clash with another operation's stays clear of it even
// when that operation is not generated.
func TestNamesDoNotDependOnTheChoice(t *testing.T) {
	spec := header30 + `
  /a:
    get: {operationId: users/list-repositories-org}
  /b:
    get: {operationId: users/list-repositories-for-organization}
`
	service := strings.Repeat("s", 24) // leaves 32 characters
	all := generate(t, Options{Service: service}, "openapi.yaml", spec)
	one := generate(t, Options{Service: service, Operations: []string{"users/list-repositories-for-organization"}}, "openapi.yaml", spec)
	if all["users_list-repositories-org"] == nil || all["users_list-repos-org"] == nil || one["users_list-repos-org"] == nil {
		t.Errorf("all %v\none %v", all, one)
	}
}
