package drift

import (
	"strings"
	"testing"
)

// The minimal form of server-filesystem's read_media_file change
// (2026.7.4 → 2026.7.10): output items become "the old object, or a resource
// item". One breaking finding names the change; "type", which both branches
// require, is not said to be no longer required.
func TestUnionIntroducedIsOneFinding(t *testing.T) {
	const item = `{"type":"object","properties":{"type":{"type":"string"},"data":{"type":"string"}},"required":["type","data"]}`
	const resource = `{"type":"object","properties":{"type":{"type":"string"},"resource":{"type":"object"}},"required":["type","resource"]}`
	old := outTool(`{"type":"object","properties":{"content":{"type":"array","items":` + item + `}}}`)
	new := outTool(`{"type":"object","properties":{"content":{"type":"array","items":{"anyOf":[` + item + `,` + resource + `]}}}}`)
	fs := expectDrift(t, old, new, "drift/output-constraint-relaxed /outputSchema/properties/content/items")
	if len(fs) != 1 {
		return
	}
	f := fs[0]
	if want := "outputSchema.content[] may now be `{type, resource, …}`"; !strings.HasPrefix(f.Message, want) || !strings.Contains(f.Message, `"data" may be missing`) {
		t.Errorf("message %q, want it to start %q and name data", f.Message, want)
	}
	if len(f.Details) != 1 || !strings.Contains(f.Details[0], `property "data" is no longer required`) || !strings.Contains(f.Details[0], "for example {") {
		t.Errorf("details %q", f.Details)
	}
	for _, s := range append([]string{f.Message}, f.Details...) {
		if strings.Contains(s, `"type" is no longer required`) {
			t.Errorf("says type is no longer required: %s", s)
		}
	}
}

// Notion's tools type an argument as "the API's object, or a string"
// (openapi compares the tool as old, the API as new). The string is the one
// change; the object branch requires exactly what the API does, so nothing
// about required is said, and nothing is proved by a string.
func TestObjectOrStringAgainstTheObject(t *testing.T) {
	const api = `{"type":"object","properties":{"page_id":{"type":"string"}},"required":["page_id"]}`
	toolSide := tool(`{"type":"object","properties":{"parent":{"anyOf":[` + api + `,{"type":"string"}]}}}`)
	apiSide := tool(`{"type":"object","properties":{"parent":` + api + `}}`)
	expectDrift(t, toolSide, apiSide, "drift/input-type-narrowed /inputSchema/properties/parent/type")

	// Where the tool's object branch is looser than the API's object (the
	// API requires new_str and closes the object), the one finding names
	// the type, and its details prove new_str with an object without it.
	const loose = `{"type":"object","properties":{"new_str":{"type":"string"}}}`
	const strict = `{"type":"object","properties":{"new_str":{"type":"string"}},"required":["new_str"],"additionalProperties":false}`
	fs := expectDrift(t, tool(`{"type":"object","properties":{"arg":{"anyOf":[`+loose+`,{"type":"string"}]}}}`),
		tool(`{"type":"object","properties":{"arg":`+strict+`}}`), "drift/input-type-narrowed /inputSchema/properties/arg")
	if len(fs) != 1 {
		return
	}
	if !strings.Contains(fs[0].Message, `"new_str" must be sent`) || len(fs[0].Details) < 2 {
		t.Errorf("one finding should name the type and new_str, with details: %q %q", fs[0].Message, fs[0].Details)
	}
	for _, d := range fs[0].Details {
		if strings.Contains(d, `for example "s"`) {
			t.Errorf("a string proves a claim about the object: %s", d)
		}
	}
}
