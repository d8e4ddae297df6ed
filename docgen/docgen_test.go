package docgen

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestSplice(t *testing.T) {
	doc := "intro\n<!-- BEGIN GENERATED t: " + regenerate + " -->\nold\n<!-- END GENERATED t -->\nafter\n"
	got, err := Splice([]byte(doc), "t", []byte("new\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := "intro\n<!-- BEGIN GENERATED t: " + regenerate + " -->\nnew\n<!-- END GENERATED t -->\nafter\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, bad := range []string{"no markers\n", strings.Replace(doc, "<!-- END GENERATED t -->", "", 1), doc + doc} {
		if _, err := Splice([]byte(bad), "t", nil); err == nil {
			t.Errorf("Splice of %q: no error", bad)
		}
	}
}

func TestActionTables(t *testing.T) {
	yml := `inputs:
  extra-args:
    description: "Extra arguments | split on spaces"
    default: ""
  args:
    description: Old name
    deprecationMessage: use extra-args
  fail-on:
    description: Fail at or above
    default: error
outputs:
  errors:
    description: Number of <error> findings
`
	in, err := ActionInputs([]byte(yml))
	if err != nil {
		t.Fatal(err)
	}
	wantIn := "| input | default | what it does |\n|---|---|---|\n" +
		"| `extra-args` |  | Extra arguments \\| split on spaces |\n" +
		"| `args` |  | Old name **Deprecated:** use extra-args |\n" +
		"| `fail-on` | `error` | Fail at or above |\n"
	if string(in) != wantIn {
		t.Errorf("inputs\n%s\nwant\n%s", in, wantIn)
	}
	out, err := ActionOutputs([]byte(yml))
	if err != nil {
		t.Fatal(err)
	}
	if want := "| output | what it holds |\n|---|---|\n| `errors` | Number of &lt;error&gt; findings |\n"; string(out) != want {
		t.Errorf("outputs\n%s\nwant\n%s", out, want)
	}
	if _, err := ActionInputs([]byte("inputs:\n  x: {default: a}\n")); err == nil || !strings.Contains(err.Error(), `"x" has no description`) {
		t.Errorf("an input without a description: %v", err)
	}
}

func TestConfigKeys(t *testing.T) {
	schema := `{
  "type": "object", "required": ["version"],
  "properties": {
    "version": {"description": "Format version.", "const": 1},
    "servers": {"description": "By name.", "type": "object", "additionalProperties": {"$ref": "#/$defs/server"}},
    "ignore": {"description": "Exceptions.", "type": "array", "items": {"type": "object", "required": ["rule"],
      "properties": {"rule": {"description": "The rule id.", "type": "string"}}}},
    "profiles": {"description": "Profiles.", "anyOf": [{"$ref": "#/$defs/profile"}, {"type": "array", "items": {"$ref": "#/$defs/profile"}}]},
    "rules": {"description": "Severities.", "type": "object", "additionalProperties": {"enum": ["error", "off"]}}
  },
  "$defs": {
    "profile": {"enum": ["portable", "all"]},
    "server": {"type": "object", "properties": {"env": {"description": "Env | vars.", "type": "object", "additionalProperties": {"type": ["string", "number"]}},
      "args": {"description": "Args.", "anyOf": [{"type": ["string", "number", "boolean"]}, {"type": "array", "items": {"type": ["string", "number", "boolean", "null"]}}]}}}
  }
}`
	got, err := ConfigKeys([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	want := "| key | type | what it is |\n|---|---|---|\n" +
		"| `version` | `1` | Required. Format version. |\n" +
		"| `servers` | map of name to object | By name. |\n" +
		"| `servers.NAME.env` | map of name to number or string | Env \\| vars. |\n" +
		"| `servers.NAME.args` | scalar or list of scalar | Args. |\n" +
		"| `ignore` | list of object | Exceptions. |\n" +
		"| `ignore[].rule` | string | Required. The rule id. |\n" +
		"| `profiles` | `portable`, `all` or list of `portable`, `all` | Profiles. |\n" +
		"| `rules` | map of name to `error`, `off` | Severities. |\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := ConfigKeys([]byte(`{"properties": {"x": {"type": "string"}}}`)); err == nil || !strings.Contains(err.Error(), "x has no description") {
		t.Errorf("a key without a description: %v", err)
	}
	if _, err := ConfigKeys([]byte(`{"properties": {"x": {"description": "d", "$ref": "#/$defs/nope"}}}`)); err == nil {
		t.Error("a $ref to nothing: no error")
	}
}

func TestRuleTable(t *testing.T) {
	rules := []contract.RuleInfo{
		{ID: "openapi/tool-unbound", Group: "openapi", Severity: contract.Warning, Summary: "a tool matches no operationId | none"},
		{ID: "mcp/x", Group: "mcp", Severity: contract.Error, Summary: "not this group"},
		{ID: "openapi/operation-missing", Group: "openapi", Severity: contract.Error, Summary: "the operation is not in the document"},
	}
	got, err := RuleTable(rules, "openapi", func(id string) string { return strings.ReplaceAll(id, "/", "") })
	if err != nil {
		t.Fatal(err)
	}
	want := "| rule | severity | what it finds |\n|---|---|---|\n" +
		"| [`openapi/operation-missing`](rules.md#openapioperation-missing) | error | the operation is not in the document |\n" +
		"| [`openapi/tool-unbound`](rules.md#openapitool-unbound) | warning | a tool matches no operationId \\| none |\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := RuleTable(rules, "drift", nil); err == nil {
		t.Error("a group without rules: no error")
	}
}
