//go:build linux

package source

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/fixtureserver"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// A 70 KB stderr line once ended the reader, closed the pipe and killed the
// server with SIGPIPE on its next write; the reader now drains everything.
func TestFetchSurvivesLongStderrLine(t *testing.T) {
	c, err := Fetch(context.Background(), fixtureStdio("-mode", string(fixtureserver.LongStderr)), FetchOptions{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	wantCorpusTools(t, c)
}

// A server that answers tools/list with a JSON-RPC error is reported with
// its code and message, not told to keep stdout clean.
func TestFetchReportsListError(t *testing.T) {
	for _, transport := range []string{"stdio", "http"} {
		t.Run(transport, func(t *testing.T) {
			sc := fixtureStdio("-mode", string(fixtureserver.ListError))
			if transport == "http" {
				sc = &ServerConfig{Name: "fixture", URL: startFixtureHTTP(t, "-mode", string(fixtureserver.ListError))}
			}
			_, err := Fetch(context.Background(), sc, FetchOptions{Timeout: 10 * time.Second})
			if err == nil {
				t.Fatal("a refused tools/list was fetched")
			}
			msg := err.Error()
			if !strings.Contains(msg, "JSON-RPC error -32603 (internal error): tools unavailable: the backing database refused the connection") {
				t.Errorf("error does not quote the JSON-RPC error: %s", msg)
			}
			if strings.Contains(msg, "stdout") || strings.Contains(msg, "check the URL") {
				t.Errorf("error gives a hint about transport problems: %s", msg)
			}
		})
	}
}

// Node prints why it failed several lines into its output, under a source
// excerpt and above a stack and a version line; the quote carries that line.
func TestFetchQuotesWhyNodeFailed(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "" {
			t.Skip("node is not installed")
		}
		t.Fatal("node missing in CI")
	}
	missing := filepath.Join(openDir(t), "dist", "server.js")
	_, err := Fetch(context.Background(), &ServerConfig{Name: "node", Command: []string{"node", missing}}, FetchOptions{Timeout: 10 * time.Second})
	if err == nil {
		t.Fatal("a missing module was fetched")
	}
	if !strings.Contains(err.Error(), "Error: Cannot find module '"+missing+"'") {
		t.Errorf("the quote misses Node's reason: %s", err)
	}
}

func TestDrainLinesKeepsTailMasked(t *testing.T) {
	const secret = "tok-9d8c7b6a5f4e"
	tail := newLineTail(3, safetext.NewMasker(secret))
	// The secret straddles the point where a long line stops being kept.
	long := strings.Repeat("a", stderrKeepBytes-5) + secret + strings.Repeat("b", 200<<10)
	input := "Error: boot failed with " + secret + "\n" + long + "\n\x1b[31mred\x1b[0m\nsecond\nthird\r\nlast without newline"
	var lines []string
	drainLines(strings.NewReader(input), func(line string, cut bool) {
		lines = append(lines, line)
		tail.add(line, cut)
	})
	if len(lines) != 6 || len(lines[1]) != stderrKeepBytes {
		t.Fatalf("%d lines, the long one kept to %d bytes", len(lines), len(lines[1]))
	}
	got := tail.String()
	if want := "Error: boot failed with *** | … | second | third | last without newline"; got != want {
		t.Errorf("tail %q, want %q", got, want)
	}
	long200 := newLineTail(1, safetext.NewMasker(secret))
	long200.add(lines[1], true)
	if s := long200.String(); strings.Contains(s, "tok-") || !strings.HasSuffix(s, "…") || len(s) > stderrQuoteBytes+len("…") {
		t.Errorf("long line quoted as %q", s)
	}
	cutAtSecret := newLineTail(1, safetext.NewMasker(secret))
	cutAtSecret.add("x="+secret[:7], true)
	if s := cutAtSecret.String(); strings.Contains(s, secret[:5]) {
		t.Errorf("a secret's beginning at the cut shows: %q", s)
	}
}

func TestWhyLine(t *testing.T) {
	for line, want := range map[string]bool{
		"Error: Cannot find module '/x/y.js'":                   true,
		"ModuleNotFoundError: No module named 'mcp'":            true,
		"panic: runtime error: index out of range":              true,
		"fatal: not a git repository":                           true,
		"npm ERR! code E404":                                    true,
		"npm error 404 Not Found - GET https://registry/x":      true,
		`Exception in thread "main" java.lang.RuntimeException`: true,
		"    at Module._resolveFilename (node:internal)":        false,
		"Node.js v20.11.0":                                      false,
		"Server started on stdio":                               false,
		"errors are logged to /tmp/x":                           false,
	} {
		if got := whyLine.MatchString(line); got != want {
			t.Errorf("%q: %v, want %v", line, got, want)
		}
	}
}
