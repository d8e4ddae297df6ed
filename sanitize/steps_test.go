package sanitize

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// Each case is a real fragment: a corpus file (testdata/corpus/servers), the
// banking example, or the schema quoted in the issue that documents the
// provider's error.
var stepCases = []struct {
	name, profile, source, in, want string
	changes                         []string // "pointer action", "!" marks a loss
}{
	{
		name: "inline local refs", profile: Anthropic, source: "examples/banking/strict.json",
		in:      `{"type":"object","properties":{"amount":{"$ref":"#/$defs/amount"},"compliance_approval_code":{"$ref":"#/$defs/compliance_approval_code"}},"$defs":{"amount":{"type":"number","exclusiveMinimum":0},"compliance_approval_code":{"const":"CMP-DEMO-2026","description":"Approval code required for transfers over 10000."}}}`,
		want:    `{"type":"object","properties":{"amount":{"type":"number","exclusiveMinimum":0},"compliance_approval_code":{"const":"CMP-DEMO-2026","description":"Approval code required for transfers over 10000."}}}`,
		changes: []string{"/inputSchema/$defs drop-definitions", "/inputSchema/properties/amount inline-ref", "/inputSchema/properties/compliance_approval_code inline-ref"},
	},
	{
		name: "ref with siblings is merged, sibling description wins", profile: Gemini, source: "typescript-sdk#1562 shape: a registered Zod type with a description",
		in:      `{"type":"object","properties":{"parent":{"$ref":"#/$defs/page","description":"Parent page"}},"$defs":{"page":{"type":"object","properties":{"database_id":{"type":"string"}},"description":"A page"}}}`,
		want:    `{"type":"object","properties":{"parent":{"description":"Parent page","type":"object","properties":{"database_id":{"type":"string"}}}}}`,
		changes: []string{"/inputSchema/$defs drop-definitions", "/inputSchema/properties/parent inline-ref"},
	},
	{
		name: "openai-strict keeps pure refs and inlines refs with siblings", profile: OpenAIStrict, source: "openai-python _ensure_strict_json_schema; banking account fragment",
		in:      `{"type":"object","properties":{"source_account":{"$ref":"#/$defs/account"},"destination_account":{"$ref":"#/$defs/account","description":"Where the money goes"}},"required":["source_account","destination_account"],"$defs":{"account":{"type":"string","pattern":"^ACC[0-9]{4}$"}}}`,
		want:    `{"type":"object","properties":{"source_account":{"$ref":"#/$defs/account"},"destination_account":{"description":"Where the money goes","type":"string","pattern":"^ACC[0-9]{4}$"}},"required":["source_account","destination_account"],"$defs":{"account":{"type":"string","pattern":"^ACC[0-9]{4}$"}},"additionalProperties":false}`,
		changes: []string{"/inputSchema/properties/destination_account inline-ref", "/inputSchema close-object"},
	},
	{
		name: "openai adds items and properties", profile: OpenAI, source: "npm-executeautomation-playwright-mcp-server.json playwright_get; eda_hosts from ogx-ai/ogx#3004",
		in:      `{"type":"object","properties":{"url":{"type":"string"},"headers":{"type":"object","description":"Additional headers to include in the request","additionalProperties":{"type":"string"}},"eda_hosts":{"type":"array","description":"EDA hosts"}},"required":["url"]}`,
		want:    `{"type":"object","properties":{"url":{"type":"string"},"headers":{"type":"object","description":"Additional headers to include in the request","additionalProperties":{"type":"string"},"properties":{}},"eda_hosts":{"type":"array","description":"EDA hosts","items":{}}},"required":["url"]}`,
		changes: []string{"/inputSchema/properties/headers add-properties", "/inputSchema/properties/eda_hosts add-items"},
	},
	{
		name: "openai-strict closes objects and makes optional properties nullable", profile: OpenAIStrict, source: "npm-wonderwhy-er-desktop-commander.json edit_block",
		in:   `{"type":"object","properties":{"file_path":{"type":"string"},"expected_replacements":{"type":"number","default":1},"content":{},"options":{"type":"object","additionalProperties":{}},"origin":{"type":"string","enum":["ui","llm"]}},"required":["file_path"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}`,
		want: `{"type":"object","properties":{"file_path":{"type":"string"},"expected_replacements":{"type":["number","null"],"default":1},"content":{"additionalProperties":false,"type":["object","null"],"properties":{},"required":[]},"options":{"type":["object","null"],"additionalProperties":false,"properties":{},"required":[]},"origin":{"anyOf":[{"type":"string","enum":["ui","llm"]},{"type":"null"}]}},"required":["file_path","expected_replacements","content","options","origin"],"additionalProperties":false}`,
		changes: []string{
			"/inputSchema/$schema drop-keyword",
			"/inputSchema/properties/content strict-empty-object!",
			"/inputSchema/properties/options add-properties",
			"/inputSchema/properties/options/additionalProperties close-object!",
			"/inputSchema/properties/expected_replacements require-nullable",
			"/inputSchema/properties/content require-nullable",
			"/inputSchema/properties/options require-nullable",
			"/inputSchema/properties/origin require-nullable",
		},
	},
	{
		name: "openai-strict: oneOf becomes anyOf, object siblings move into the branches", profile: OpenAIStrict, source: "github-mcp-server.json projects_write updated_field",
		in:   `{"type":"object","properties":{"updated_field":{"description":"The field/value to apply","oneOf":[{"additionalProperties":false,"properties":{"id":{"type":"integer"},"value":{"description":"Any JSON value"}},"required":["id","value"],"type":"object"}],"type":"object"}},"required":["updated_field"]}`,
		want: `{"type":"object","properties":{"updated_field":{"description":"The field/value to apply","anyOf":[{"additionalProperties":false,"properties":{"id":{"type":"integer"},"value":{"description":"Any JSON value","additionalProperties":false,"type":"object","properties":{},"required":[]}},"required":["id","value"],"type":"object"}]}},"required":["updated_field"],"additionalProperties":false}`,
		changes: []string{
			"/inputSchema/properties/updated_field/oneOf oneof-to-anyof!",
			"/inputSchema/properties/updated_field anyof-siblings",
			"/inputSchema/properties/updated_field/anyOf/0/properties/value strict-empty-object!",
			"/inputSchema close-object",
		},
	},
	{
		name: "openai-strict: unsupported format and default null", profile: OpenAIStrict, source: "npm-server-everything.json trigger-url-elicitation; github-mcp-server.json default:null shape",
		in:      `{"type":"object","properties":{"url":{"type":"string","format":"uri","description":"The URL the user should open"},"since":{"type":"string","format":"date-time","default":null}},"required":["url","since"]}`,
		want:    `{"type":"object","properties":{"url":{"type":"string","description":"The URL the user should open\n\nMust be formatted as ` + "`" + `uri` + "`" + `."},"since":{"type":"string","format":"date-time"}},"required":["url","since"],"additionalProperties":false}`,
		changes: []string{"/inputSchema/properties/url/format drop-keyword!", "/inputSchema/properties/since/default drop-default-null", "/inputSchema close-object"},
	},
	{
		name: "gemini: allOf merged, exclusiveMinimum kept as minimum and in the description", profile: Gemini, source: "npm-kazuph-mcp-fetch.json imageFetch maxLength",
		in:      `{"type":"object","properties":{"maxLength":{"allOf":[{"type":["number","string"]},{"type":"number","exclusiveMinimum":0,"maximum":1000000}],"default":20000}}}`,
		want:    `{"type":"object","properties":{"maxLength":{"default":20000,"type":"number","maximum":1000000,"minimum":0,"description":"Must be greater than 0."}}}`,
		changes: []string{"/inputSchema/properties/maxLength/allOf/0 merge-allof", "/inputSchema/properties/maxLength/allOf/1 merge-allof", "/inputSchema/properties/maxLength/exclusiveMinimum drop-keyword!"},
	},
	{
		name: "gemini: type array of two types becomes anyOf, default only where it fits", profile: Gemini, source: "npm-kazuph-mcp-fetch.json imageFetch raw",
		in:      `{"type":"object","properties":{"raw":{"type":["boolean","string"],"default":false}}}`,
		want:    `{"type":"object","properties":{"raw":{"anyOf":[{"type":"boolean","default":false},{"type":"string"}]}}}`,
		changes: []string{"/inputSchema/properties/raw/type type-array", "/inputSchema/properties/raw anyof-siblings"},
	},
	{
		name: "gemini: [T, null] becomes nullable", profile: Gemini, source: "prism-php/prism#974 shape",
		in:      `{"type":"object","properties":{"note":{"type":["string","null"],"description":"Optional note"}}}`,
		want:    `{"type":"object","properties":{"note":{"type":"string","description":"Optional note","nullable":true}}}`,
		changes: []string{"/inputSchema/properties/note/type type-array"},
	},
	{
		name: "gemini: null anyOf branch becomes nullable", profile: Gemini, source: "github-mcp-server.json issue_write type",
		in:      `{"type":"object","properties":{"type":{"anyOf":[{"minLength":1,"type":"string"},{"type":"null"}],"description":"Type of this issue."}}}`,
		want:    `{"type":"object","properties":{"type":{"description":"Type of this issue.","nullable":true,"minLength":1,"type":"string"}}}`,
		changes: []string{"/inputSchema/properties/type/anyOf null-branch"},
	},
	{
		name: "gemini: oneOf becomes anyOf", profile: Gemini, source: "github-mcp-server.json update_issue_labels labels",
		in:      `{"type":"object","properties":{"labels":{"description":"Labels to apply to this issue.","items":{"oneOf":[{"description":"Label name","type":"string"},{"properties":{"name":{"type":"string"}},"required":["name"],"type":"object"}]},"type":"array"}}}`,
		want:    `{"type":"object","properties":{"labels":{"description":"Labels to apply to this issue.","items":{"anyOf":[{"description":"Label name","type":"string"},{"properties":{"name":{"type":"string"}},"required":["name"],"type":"object"}]},"type":"array"}}}`,
		changes: []string{"/inputSchema/properties/labels/items/oneOf oneof-to-anyof!"},
	},
	{
		name: "gemini: const becomes enum", profile: Gemini, source: "npm-wonderwhy-er-desktop-commander.json write_pdf content items",
		in:      `{"type":"object","properties":{"block":{"type":"object","properties":{"type":{"const":"text"},"text":{"type":"string"}},"required":["type","text"]}}}`,
		want:    `{"type":"object","properties":{"block":{"type":"object","properties":{"type":{"enum":["text"],"type":"string"},"text":{"type":"string"}},"required":["type","text"]}}}`,
		changes: []string{"/inputSchema/properties/block/properties/type/const const-to-enum"},
	},
	{
		name: "gemini: enums, empty strings, undefined required", profile: Gemini, source: "microsoft/azure-devops-mcp#139 (integer enum); weave-os/router#1091 (\"\"); anomalyco/opencode#3140 (required not defined)",
		in:      `{"type":"object","properties":{"top":{"type":"integer","enum":[1,2,3]},"state":{"type":"string","enum":["","open"]}},"required":["top","model"]}`,
		want:    `{"type":"object","properties":{"top":{"type":"integer","description":"Must be one of ` + "`" + `1` + "`" + `, ` + "`" + `2` + "`" + `, ` + "`" + `3` + "`" + `."},"state":{"type":"string","enum":["open"]}},"required":["top"]}`,
		changes: []string{"/inputSchema/properties/top/enum drop-keyword!", "/inputSchema/properties/state/enum drop-enum-value!", "/inputSchema/required drop-required!"},
	},
	{
		name: "gemini: keys outside the proto are dropped", profile: Gemini, source: "npm-server-everything.json trigger-url-elicitation; npm-wonderwhy-er-desktop-commander.json additionalProperties",
		in:      `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"url":{"type":"string","format":"uri"},"tags":{"type":"array","uniqueItems":true,"items":{"type":"string"}}},"required":["url"],"additionalProperties":false}`,
		want:    `{"type":"object","properties":{"url":{"type":"string","format":"uri"},"tags":{"type":"array","items":{"type":"string"},"description":"Items must be unique."}},"required":["url"],"description":"No properties other than those listed are allowed."}`,
		changes: []string{"/inputSchema/$schema drop-keyword", "/inputSchema/additionalProperties drop-keyword!", "/inputSchema/properties/tags/uniqueItems drop-keyword!"},
	},
	{
		name: "gemini-jsonschema: $schema removed, unsupported keywords reported", profile: GeminiJSONSchema, source: "npm-server-everything.json trigger-url-elicitation",
		in:      `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"url":{"type":"string","format":"uri","minLength":1}},"required":["url"]}`,
		want:    `{"type":"object","properties":{"url":{"type":"string","format":"uri","minLength":1}},"required":["url"]}`,
		changes: []string{"/inputSchema/$schema drop-keyword", "/inputSchema/properties/url/minLength unsupported-keyword!"},
	},
	{
		name: "anthropic: root oneOf flattened", profile: Anthropic, source: "MoonshotAI/kimi-code#2328",
		in:      `{"oneOf":[{"required":["video_input_id"]},{"required":["youtube_url"]}],"properties":{"video_input_id":{"type":"string"},"youtube_url":{"type":"string"}}}`,
		want:    `{"properties":{"video_input_id":{"type":"string"},"youtube_url":{"type":"string"}},"description":"Give exactly one of ` + "`" + `video_input_id` + "`" + ` or ` + "`" + `youtube_url` + "`" + `.","type":"object"}`,
		changes: []string{"/inputSchema/oneOf flatten-root-oneof!"},
	},
	{
		name: "anthropic: root anyOf branch properties merged", profile: Anthropic, source: "langchain-ai/langchain#39271",
		in:      `{"type":"object","anyOf":[{"type":"object","properties":{"content":{"type":"string"}},"required":["content"]},{"type":"object","properties":{"source_url":{"type":"string"}},"required":["source_url"]}]}`,
		want:    `{"type":"object","properties":{"content":{"type":"string"},"source_url":{"type":"string"}},"description":"Give at least one of ` + "`" + `content` + "`" + ` or ` + "`" + `source_url` + "`" + `."}`,
		changes: []string{"/inputSchema/anyOf flatten-root-anyof!"},
	},
	{
		name: "anthropic-strict: transform_schema", profile: AnthropicStrict, source: "npm-figma-developer-mcp.json pngScale; npm-kazuph-mcp-fetch.json url",
		in:      `{"type":"object","properties":{"pngScale":{"type":"number","exclusiveMinimum":0,"default":2,"description":"Export scale for PNG images."},"url":{"type":"string","format":"uri"},"ids":{"type":"array","items":{"type":"string"},"minItems":2}}}`,
		want:    `{"type":"object","properties":{"pngScale":{"type":"number","description":"Export scale for PNG images.\n\nMust be greater than 0. Defaults to ` + "`" + `2` + "`" + `."},"url":{"type":"string","format":"uri"},"ids":{"type":"array","items":{"type":"string"},"description":"Must have at least 2 items."}},"additionalProperties":false}`,
		changes: []string{"/inputSchema/properties/pngScale/exclusiveMinimum drop-keyword!", "/inputSchema/properties/pngScale/default drop-keyword!", "/inputSchema/properties/ids/minItems drop-keyword!", "/inputSchema close-object"},
	},
	{
		name: "bedrock: root type, null properties", profile: Bedrock, source: "maximhq/bifrost#1720",
		in:      `{"properties":null}`,
		want:    `{"properties":{},"type":"object"}`,
		changes: []string{"/inputSchema set-root-type", "/inputSchema/properties null-properties"},
	},
	{
		name: "bedrock: integers beyond 2^31-1", profile: Bedrock, source: "tailcallhq/forgecode#3307",
		in:      `{"type":"object","properties":{"content":{"type":"string","maxLength":9007199254740991},"offset":{"type":"integer","maximum":9007199254740991}}}`,
		want:    `{"type":"object","properties":{"content":{"type":"string","maxLength":2147483647},"offset":{"type":"integer","description":"Must be at most 9007199254740991."}}}`,
		changes: []string{"/inputSchema/properties/content/maxLength clamp-integer!", "/inputSchema/properties/offset/maximum drop-keyword!"},
	},
	{
		name: "fireworks: boolean subschemas and typeless properties", profile: Fireworks, source: "grafana/mcp-grafana#594 (\"model\": true); docker/mcp-gateway#234; npm-wonderwhy-er-desktop-commander.json edit_block content",
		in:      `{"type":"object","properties":{"model":true,"content":{},"mode":{"description":"d","enum":["a","b"]},"never":false},"additionalProperties":false}`,
		want:    `{"type":"object","properties":{"model":{"type":["string","number","boolean","object","array","null"]},"content":{"type":["string","number","boolean","object","array","null"]},"mode":{"description":"d","enum":["a","b"],"type":"string"},"never":{"not":{},"type":["string","number","boolean","object","array","null"]}},"additionalProperties":false}`,
		changes: []string{"/inputSchema/properties/model boolean-schema", "/inputSchema/properties/never boolean-schema", "/inputSchema/properties/model add-type", "/inputSchema/properties/content add-type", "/inputSchema/properties/mode add-type", "/inputSchema/properties/never add-type"},
	},
}

func TestSteps(t *testing.T) {
	for _, tc := range stepCases {
		t.Run(tc.name, func(t *testing.T) {
			got, changes := sanitizeSchema(t, tc.profile, tc.in)
			if got != tc.want {
				t.Errorf("%s (%s):\n got %s\nwant %s", tc.profile, tc.source, got, tc.want)
			}
			if acts := actions(changes); !reflect.DeepEqual(acts, tc.changes) {
				t.Errorf("changes:\n got %q\nwant %q", acts, tc.changes)
			}
		})
	}
}

func TestRefErrors(t *testing.T) {
	// A recursive tree, as z.lazy emits (modelcontextprotocol/typescript-sdk#1562).
	recursive := `{"type":"object","properties":{"root":{"$ref":"#/$defs/node"}},"$defs":{"node":{"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/$defs/node"}}}}}}`
	cases := []struct{ name, profile, schema, want string }{
		{"cycle", Gemini, recursive, `server "test", tool "t", at /inputSchema/properties/root/properties/children/items/$ref: $ref cycle #/$defs/node -> #/$defs/node`},
		{"remote", Anthropic, `{"type":"object","properties":{"a":{"$ref":"https://example.com/a.json"}}}`, `$ref "https://example.com/a.json" is not local; remote references are never fetched`},
		{"dangling", Bedrock, `{"type":"object","properties":{"a":{"$ref":"#/$defs/missing"}}}`, `$ref "#/$defs/missing" points to nothing`},
		{"anchor", Fireworks, `{"type":"object","properties":{"a":{"$ref":"#amount"}}}`, `anchors are not resolved`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := source.Parse([]byte(`{"name":"t","inputSchema":`+tc.schema+`}`), "tool.json", "test", "test")
			if err != nil {
				t.Fatal(err)
			}
			_, err = Catalog(c, tc.profile)
			var ie *contract.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("want an InputError, got %v", err)
			}
			if !strings.Contains(ie.Error(), tc.want) || ie.File != "tool.json" || ie.Line != 1 {
				t.Errorf("error %q (file %q line %d) does not say %q at tool.json:1", ie.Error(), ie.File, ie.Line, tc.want)
			}
		})
	}
	// openai-strict supports recursion through $defs: nothing to inline, no error.
	if _, changes := sanitizeSchema(t, OpenAIStrict, recursive); len(changes) == 0 {
		t.Error("openai-strict should still close the objects of a recursive schema")
	}
}

func TestRenameTools(t *testing.T) {
	long := strings.Repeat("a", 70) + "_end"
	list := `{"tools":[
		{"name":"Google Search","inputSchema":{"type":"object"}},
		{"name":"github.create_issue","inputSchema":{"type":"object"}},
		{"name":"github_create_issue","inputSchema":{"type":"object"}},
		{"name":"1password-lookup","inputSchema":{"type":"object"}},
		{"name":"` + long + `","inputSchema":{"type":"object"}}]}`
	c, err := source.Parse([]byte(list), "tools.json", "test", "test")
	if err != nil {
		t.Fatal(err)
	}
	// Sources: langchain-ai/opengpts#11 ('Google Search'), modelcontextprotocol/
	// modelcontextprotocol#1345 (dots rejected by Anthropic), Vertex
	// FunctionDeclaration.name (leading letter or underscore).
	want := map[string][]string{
		OpenAI:    {"Google_Search", "github_create_issue_2", "github_create_issue", "1password-lookup", strings.Repeat("a", 30) + "___" + strings.Repeat("a", 27) + "_end"},
		Anthropic: {"Google_Search", "github_create_issue_2", "github_create_issue", "1password-lookup", long},
		Gemini:    {"Google_Search", "github.create_issue", "github_create_issue", "_1password-lookup", strings.Repeat("a", 30) + "___" + strings.Repeat("a", 26) + "_end"},
		Bedrock:   {"Google Search", "github.create_issue", "github_create_issue", "1password-lookup", long},
	}
	for profile, names := range want {
		res, err := Catalog(c, profile)
		if err != nil {
			t.Fatal(err)
		}
		out, err := source.Parse(res.JSON, "out.json", "test", "test")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tool := range out.Tools {
			got = append(got, tool.Name)
		}
		if !reflect.DeepEqual(got, names) {
			t.Errorf("%s: got %q\nwant %q", profile, got, names)
		}
	}
}

// Tool lists come from servers we do not control: a schema as deep as lint
// accepts is rewritten, one past lint's guard (schema/too-complex) is refused
// before any work (a 4,000-level one used to make 385 MB of output and
// 1.5 GB of memory, a 50,000-level one ran for minutes and 15 GB), and a
// chain of definitions each using the next twice (2^40 nodes once inlined)
// is refused, not expanded.
func TestHostileSchemas(t *testing.T) {
	deep := func(levels int) string {
		return `{"type":"object","properties":{"a":` + strings.Repeat(`{"type":"array","items":`, levels) + `{"type":"string"}` + strings.Repeat(`}`, levels) + `}}`
	}
	for _, profile := range Profiles() {
		got, _ := sanitizeSchema(t, profile, deep(50))
		if strings.Count(got, `"items"`) != 50 {
			t.Errorf("%s: the deep schema lost levels", profile)
		}
	}
	for _, levels := range []int{4000, 50000} {
		c, err := source.Parse([]byte(`{"name":"t","inputSchema":`+deep(levels)+`}`), "tool.json", "test", "test")
		if err != nil {
			t.Fatal(err)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		_, err = Catalog(c, OpenAI)
		runtime.ReadMemStats(&ms)
		var ie *contract.InputError
		if !errors.As(err, &ie) || !strings.Contains(ie.Msg, "too complex to sanitize: nesting depth") || ie.Line != 1 {
			t.Errorf("%d levels: want an InputError at the schema, got %v", levels, err)
		}
		if extra := ms.TotalAlloc - before; extra > 64<<20 {
			t.Errorf("%d levels: refusing allocated %d MB", levels, extra>>20)
		}
	}
	var defs []string
	for i := 0; i < 40; i++ {
		defs = append(defs, fmt.Sprintf(`"d%d":{"type":"object","properties":{"x":{"$ref":"#/$defs/d%d"},"y":{"$ref":"#/$defs/d%d"}}}`, i, i+1, i+1))
	}
	defs = append(defs, `"d40":{"type":"string"}`)
	bomb := `{"type":"object","properties":{"p":{"$ref":"#/$defs/d0"}},"$defs":{` + strings.Join(defs, ",") + `}}`
	c, err := source.Parse([]byte(`{"name":"t","inputSchema":`+bomb+`}`), "tool.json", "test", "test")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Catalog(c, Gemini)
	var ie *contract.InputError
	if !errors.As(err, &ie) || !strings.Contains(ie.Msg, "larger than") {
		t.Errorf("want an InputError about size, got %v", err)
	}
}

func TestUnknownProfile(t *testing.T) {
	c, err := source.Parse([]byte(`{"name":"t","inputSchema":{"type":"object"}}`), "tool.json", "test", "test")
	if err != nil {
		t.Fatal(err)
	}
	var ie *contract.InputError
	if _, err := Catalog(c, "portable"); !errors.As(err, &ie) || !strings.Contains(ie.Msg, "openai-strict") {
		t.Errorf("want an InputError listing the profiles, got %v", err)
	}
}
