package fixtureserver

import (
	"strings"
	"testing"
)

// Tools keep the file's bytes: key order and number literals as written.
const toolsFile = `{"tools": [
 {"name": "a", "inputSchema": {"type": "object", "z": 1, "a": 1.50}},
 {"name": "b", "inputSchema": {"type": "object"}},
 {"name": "c", "inputSchema": {"type": "object"}}
]}`

func TestListToolsPages(t *testing.T) {
	s, err := New([]byte(toolsFile), Options{PageSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	empty, two, bad := "", "2", "nope"
	for _, tc := range []struct {
		cursor *string
		want   string
	}{
		{nil, `{"tools":[{"name": "a", "inputSchema": {"type": "object", "z": 1, "a": 1.50}}],"nextCursor":""}`},
		{&empty, `{"tools":[{"name": "b", "inputSchema": {"type": "object"}}],"nextCursor":"2"}`},
		{&two, `{"tools":[{"name": "c", "inputSchema": {"type": "object"}}]}`},
		{&bad, ``},
	} {
		if got := string(s.listTools(tc.cursor)); got != tc.want {
			t.Errorf("cursor %v: got %s, want %s", tc.cursor, got, tc.want)
		}
	}
}

func TestModesAddTheirTool(t *testing.T) {
	for mode, want := range map[Mode]string{
		Deep:         strings.Repeat(`{"type":"array","items":`, 3) + `{"type":"string"}}}}`,
		RemoteRef:    `"$ref":"https://example.invalid/schema.json"`,
		WorkflowText: `::error file=action.yml,line=1::injected%0A`,
		EchoEnv:      `{"name":"echo_env","description":"Environment:\n`,
	} {
		s, err := New([]byte(toolsFile), Options{Mode: mode, Depth: 3})
		if err != nil {
			t.Fatal(err)
		}
		if got := string(s.listTools(nil)); !strings.Contains(got, want) {
			t.Errorf("%s: %s lacks %s", mode, got, want)
		}
	}
	if _, err := New([]byte(toolsFile), Options{Mode: "sulk"}); err == nil {
		t.Error("an unknown mode was accepted")
	}
}
