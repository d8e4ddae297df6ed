package report

import (
	"strings"
	"testing"
)

func TestReadJSONRefusesValuesOutsideClosedSets(t *testing.T) {
	finding := func(extra string) string {
		return `{"schemaVersion":1,"tool":{"name":"mcp-contract"},"servers":[{"name":"s","origin":"x","tools":1}],` +
			`"findings":[{"rule":"drift/x","severity":"error","category":"drift","message":"m"` + extra + `}]}`
	}
	tests := []struct {
		name, doc, wantErr string
	}{
		{"plain", finding(``), ""},
		{"breaking", finding(`,"change":"breaking"`), ""},
		{"non-breaking", finding(`,"change":"non-breaking"`), ""},
		{"review", finding(`,"change":"review"`), ""},
		{"html in change", finding(`,"change":"<img src=x onerror=alert(1)>"`), `findings/0/change: "<img src=x onerror=alert(1)>" is not breaking, non-breaking or review`},
		{"mention in change", finding(`,"change":"breaking @org/team"`), "findings/0/change:"},
		{"unknown category", strings.Replace(finding(``), `"category":"drift"`, `"category":"</details>"`, 1), `findings/0/category: "</details>" is not lint, drift or collision`},
		{"no category", strings.Replace(finding(``), `"category":"drift",`, ``, 1), `findings/0/category: "" is not`},
		{"long value is cut", finding(`,"change":"` + strings.Repeat("x", 5000) + `"`), "…"},
		{"bad severity", strings.Replace(finding(``), `"error"`, `"fatal"`, 1), "severity"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ReadJSON(strings.NewReader(tt.doc), "r.json")
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.wantErr != "" && err == nil:
				t.Fatalf("read without error, want %q", tt.wantErr)
			case err != nil && !strings.Contains(err.Error(), tt.wantErr):
				t.Fatalf("error %q does not contain %q", err, tt.wantErr)
			case err != nil && (strings.Contains(err.Error(), "\n") || len(err.Error()) > 200):
				t.Fatalf("error is not one short line: %q", err)
			}
		})
	}
}
