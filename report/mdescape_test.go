package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestMarkdownText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain words stay", "plain words stay"},
		{"<img src=x>", "&lt;img src=x&gt;"},
		{"</details>", "&lt;/details&gt;"},
		{"ping @org/team", "ping @&#8203;org/team"},
		{"see #123", `see \#&#8203;123`},
		{"see other/repo#45", `see other/repo\#&#8203;45`},
		{"# heading", `\# heading`},
		{"GH-1 and gh-22", "GH&#8203;-1 and gh&#8203;-22"},
		{"AGH-1 is a word", "AGH-1 is a word"},
		{"https://evil.example/x", "https:&#8203;//evil.example/x"},
		{"www.evil.example", "www&#8203;.evil.example"},
		{"commit f2ddf27 and 0123456789abcdef0123456789abcdef01234567", "commit f2dd&#8203;f27 and 0123&#8203;456789abcdef0123456789abcdef01234567"},
		{"short abc123 stays, so does decade", "short abc123 stays, so does decade"},
		{"deadbeefx is a word", "deadbeefx is a word"},
		{"**bold** _it_ `code` [a](b) | ~x~ ![i](j) $x$", `\*\*bold\*\* \_it\_ \` + "`code\\`" + ` \[a\](b) \| \~x\~ \!\[i\](j) \$x\$`},
		{"line\nbreak\r\n## title", `line break \#\# title`},
		{"&amp;", "&amp;amp;"},
		{"ünïcode 1234567 stays", "ünïcode 1234&#8203;567 stays"},
	}
	for _, tt := range tests {
		if got := MarkdownText(tt.in); got != tt.want {
			t.Errorf("MarkdownText(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestMarkdownProseRendersCommandsAsCode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"run `mcp-contract snapshot --server memory`", "run `mcp-contract snapshot --server memory`"},
		{"a `b` c `d`", "a `b` c `d`"},
		{"odd ` backtick", "odd \\` backtick"},
		{"empty `` pair", "empty \\`\\` pair"},
		{"`<img>` <img>", "`<img>` &lt;img&gt;"},
		{"rename tool \"x`y\" of server \"z\"", "rename tool \"x\\`y\" of server \"z\""},
	}
	for _, tt := range tests {
		if got := markdownProse(tt.in); got != tt.want {
			t.Errorf("markdownProse(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// Every field that reaches markdown goes through the escaper, the report's
// closed-set fields too: a crafted report read with a version that did not
// check them must still not render HTML or mentions.
func TestMarkdownEscapesEveryField(t *testing.T) {
	hostile := "<img src=x> @org/team </details> GH-1 #12 https://x.example f2ddf27"
	r := &contract.Result{
		Servers: []contract.ServerInfo{{Name: hostile, Error: hostile}},
		Findings: []contract.Finding{{Rule: "drift/" + hostile, Severity: contract.Error, Category: contract.CategoryDrift,
			Server: hostile, Tool: hostile, Change: hostile, Message: hostile, Fix: hostile + " `" + hostile + "`",
			File: hostile, Line: 3, Related: []contract.Location{{Server: hostile, Tool: hostile, File: hostile, Line: 1}}}},
	}
	var out bytes.Buffer
	if err := Markdown(&out, r, MarkdownOptions{FailOn: contract.Error, Blob: "https://github.com/o/r/blob/abc"}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	// Outside code spans nothing hostile may stand as written.
	var outside strings.Builder
	for i, part := range strings.Split(s, "`") {
		if i%2 == 0 {
			outside.WriteString(part)
		}
	}
	for _, bad := range []string{"<img", "@org", "</details> GH", "GH-1", "#12", "https://x", " f2ddf27"} {
		if strings.Contains(outside.String(), bad) {
			t.Errorf("%q outside a code span:\n%s", bad, s)
		}
	}
}
