//go:build linux

// The live tests run real processes and read /proc to prove none is left.

package source

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/testenv"
)

// npmServer is the entry point of a reference server pinned in testdata/npm.
func npmServer(t testing.TB, pkg string) string {
	t.Helper()
	return testenv.NpmServer(t, "..", pkg)
}

func fetchOK(t *testing.T, sc *ServerConfig) *contract.Catalog {
	t.Helper()
	c, err := Fetch(context.Background(), sc, FetchOptions{Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func toolNames(c *contract.Catalog) []string {
	var names []string
	for _, t := range c.Tools {
		names = append(names, t.Name)
	}
	return names
}

// server-everything gates 6 of its 19 tools on the client's roots, sampling
// and elicitation capabilities.
func TestFetchServerEverythingStdio(t *testing.T) {
	entry := npmServer(t, "server-everything")
	full := fetchOK(t, &ServerConfig{Name: "everything", Command: []string{"node", entry, "stdio"}})
	if len(full.Tools) != 19 {
		t.Errorf("with a full client's capabilities: %d tools %v, want 19", len(full.Tools), toolNames(full))
	}
	bare := fetchOK(t, &ServerConfig{Name: "everything", Command: []string{"node", entry, "stdio"}, Capabilities: &Capabilities{}})
	if len(bare.Tools) != 13 {
		t.Errorf("with no capabilities: %d tools %v, want 13", len(bare.Tools), toolNames(bare))
	}
	t.Logf("negotiated protocol %s", full.ProtocolVersion)
	if full.ProtocolVersion == "" {
		t.Error("no protocol version recorded")
	}
	again := fetchOK(t, &ServerConfig{Name: "everything", Command: []string{"node", entry, "stdio"}})
	sameBytes(t, full, again)
}

func sameBytes(t *testing.T, a, b *contract.Catalog) {
	t.Helper()
	if len(a.Tools) != len(b.Tools) {
		t.Fatalf("%d tools, then %d", len(a.Tools), len(b.Tools))
	}
	for i := range a.Tools {
		if compact(a.Tools[i]) != compact(b.Tools[i]) {
			t.Errorf("tool %s changed between two fetches", a.Tools[i].Name)
		}
	}
}

// startEverything runs server-everything over HTTP (mode streamableHttp or
// sse) and returns its port once it listens.
func startEverything(t *testing.T, mode, ready string) int {
	t.Helper()
	entry := npmServer(t, "server-everything")
	port := freePort(t)
	cmd := exec.Command("node", entry, mode)
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	waitForLine(t, out, ready)
	return port
}

func TestFetchServerEverythingStreamableHTTP(t *testing.T) {
	url := fmt.Sprintf("http://127.0.0.1:%d/mcp", startEverything(t, "streamableHttp", "listening"))
	c := fetchOK(t, &ServerConfig{Name: "everything-http", URL: url})
	if len(c.Tools) != 19 {
		t.Errorf("%d tools %v, want 19", len(c.Tools), toolNames(c))
	}
	sameBytes(t, c, fetchOK(t, &ServerConfig{Name: "everything-http", URL: url}))
}

// The legacy HTTP+SSE transport, which 2026-07-28 deprecates but old
// servers still speak.
func TestFetchServerEverythingLegacySSE(t *testing.T) {
	url := fmt.Sprintf("http://127.0.0.1:%d/sse", startEverything(t, "sse", "running"))
	c := fetchOK(t, &ServerConfig{Name: "everything-sse", URL: url, Transport: "sse"})
	if len(c.Tools) != 19 {
		t.Errorf("%d tools %v, want 19", len(c.Tools), toolNames(c))
	}
}

func TestFetchServerFilesystemStdio(t *testing.T) {
	entry := npmServer(t, "server-filesystem")
	dir := openDir(t)
	c := fetchOK(t, &ServerConfig{Name: "filesystem", Command: []string{"node", entry, dir}})
	if c.Tool("read_text_file") == nil || len(c.Tools) < 10 {
		t.Errorf("tools %v", toolNames(c))
	}
	sameBytes(t, c, fetchOK(t, &ServerConfig{Name: "filesystem", Command: []string{"node", entry, dir}}))
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// waitForLine reads the server's output until a line holding want, then
// drains the rest so the server never blocks on a full pipe.
func waitForLine(t *testing.T, out interface{ Read([]byte) (int, error) }, want string) {
	t.Helper()
	found := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		signalled := false
		for sc.Scan() {
			if !signalled && strings.Contains(strings.ToLower(sc.Text()), want) {
				found <- true
				signalled = true
			}
		}
		if !signalled {
			found <- false
		}
	}()
	select {
	case ok := <-found:
		if !ok {
			t.Fatalf("the server exited before printing %q", want)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the server did not print %q within 30s", want)
	}
}

// BenchmarkFetchServerEverythingStdio is one whole fetch per op: start node,
// handshake, tools/list, stop the process group. bench/snapshot.sh sets it
// beside the MCP Inspector's CLI.
func BenchmarkFetchServerEverythingStdio(b *testing.B) {
	entry := npmServer(b, "server-everything")
	sc := &ServerConfig{Name: "everything", Command: []string{"node", entry, "stdio"}}
	for b.Loop() {
		c, err := Fetch(context.Background(), sc, FetchOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if len(c.Tools) != 19 {
			b.Fatalf("%d tools", len(c.Tools))
		}
	}
}
