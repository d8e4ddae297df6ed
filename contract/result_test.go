package contract

import (
	"encoding/json"
	"strings"
	"testing"
)

// Every text field of a result passes through MapText, the patch's strings
// and keys included, so a masker applied there reaches every writer.
func TestMapTextReachesEveryText(t *testing.T) {
	const s = "SECRET"
	r := &Result{
		Servers: []ServerInfo{{Name: s, Origin: "http:" + s, Error: s, ToolTokens: map[string]int{s: 3}}},
		Findings: []Finding{{Rule: "r/x", Server: s, Tool: s, Pointer: "/" + s, File: s, Message: s, Fix: s, Details: []string{"a " + s},
			Patch:   json.RawMessage(`[{"op":"add","path":"/` + s + `","value":{"` + s + `":"` + s + `"}}]`),
			Related: []Location{{Server: s, Tool: s, Pointer: s, File: s}}}},
		Drift: &DriftCoverage{Compared: []DriftServer{{Server: s, How: "git:" + s, Against: s}}, Skipped: []DriftServer{{Server: s, Reason: s}}, NotRun: s},
	}
	r.MapText(func(x string) string { return strings.ReplaceAll(x, s, "***") })
	out, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), s) {
		t.Errorf("a text escaped MapText: %s", out)
	}
	if r.Findings[0].Rule != "r/x" {
		t.Errorf("the rule id changed: %q", r.Findings[0].Rule)
	}
}
