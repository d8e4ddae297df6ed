package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// The direct writer of findings must give exactly the bytes encoding/json
// gives, escaping included, or reports would change with the fast path.
func TestFindingMatchesEncodingJSON(t *testing.T) {
	findings := []contract.Finding{
		{Rule: "a/b", Severity: contract.Error, Category: "lint", Message: "plain"},
		{Rule: "a/b", Severity: contract.Warning, Category: "lint", Server: "s", Tool: "t", Pointer: "/inputSchema/properties/a~1b",
			File: "dir/f.json", Line: 12, Column: 7, Message: "m", Fix: "f", Change: "breaking"},
		{Rule: "a/b", Severity: contract.Info, Category: "drift", Message: "quote \" backslash \\ tab \t nl \n ctl \x01 del \x7f"},
		{Rule: "a/b", Severity: contract.Error, Category: "lint", Message: "html <b>&amp;</b> and unicode é 日本 \u2028 \u2029 emoji 🚀"},
		{Rule: "a/b", Severity: contract.Error, Category: "lint", Message: "invalid \xff\xfe utf-8", Tool: "\xc3"},
		{Rule: "a/b", Severity: contract.Error, Category: "lint", Message: "with patch", Patch: json.RawMessage(`[{"op":"remove","path":"/a"}]`)},
		{Rule: "a/b", Severity: contract.Error, Category: "collisions", Message: "related", Related: []contract.Location{{Server: "o", Tool: "x", Line: 3}}},
		{Rule: "a/b", Severity: contract.Error, Category: "lint", Message: `say "hi"`, Fix: `C:\path`},
		{Message: ""},
	}
	for i := range findings {
		var fast, slow bytes.Buffer
		fe := &elementEncoder{w: bufio.NewWriter(&fast)}
		fe.finding(&findings[i])
		se := &elementEncoder{w: bufio.NewWriter(&slow)}
		se.value(&findings[i], "    ")
		if fe.err != nil || se.err != nil {
			t.Fatalf("finding %d: errors %v, %v", i, fe.err, se.err)
		}
		fe.w.Flush()
		se.w.Flush()
		if fast.String() != slow.String() {
			t.Errorf("finding %d:\nfast %s\nslow %s", i, fast.String(), slow.String())
		}
	}
}
