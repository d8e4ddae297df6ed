package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
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
		{Rule: "a/b", Severity: contract.Error, Category: "drift", Message: "one change", Details: []string{"data may be missing"}},
		{Rule: "drift/required-added", Severity: contract.Error, Category: "drift", Message: "allowed", Change: "breaking", New: new(bool), AllowedBy: "mcp-contract:breaking-ok"},
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

// A large findings array is encoded in chunks on every core; the bytes must
// be those of encoding the findings one by one, chunk edges included.
func TestChunkedFindingsMatchOneByOne(t *testing.T) {
	var fs []contract.Finding
	for i := range 3*findingChunk + 7 {
		f := contract.Finding{Rule: "a/b", Severity: contract.Severity(i % 3), Category: "lint", Tool: fmt.Sprint("t", i), Line: i, Message: fmt.Sprint("m <", i, ">")}
		if i%500 == 0 {
			f.Related = []contract.Location{{Server: "o", Tool: "x", Line: i}}
		}
		fs = append(fs, f)
	}
	for _, n := range []int{0, 1, findingChunk, findingChunk + 1, len(fs)} {
		var chunked, single bytes.Buffer
		ce := &elementEncoder{w: bufio.NewWriter(&chunked)}
		ce.findings(fs[:n])
		se := &elementEncoder{w: bufio.NewWriter(&single)}
		se.findingRange(fs[:n], 0, n)
		if ce.err != nil || se.err != nil {
			t.Fatalf("%d findings: errors %v, %v", n, ce.err, se.err)
		}
		ce.w.Flush()
		se.w.Flush()
		if chunked.String() != single.String() {
			t.Errorf("%d findings: chunked encoding differs from one by one (%d vs %d bytes)", n, chunked.Len(), single.Len())
		}
	}
}
