// Command fixtureserver serves the tools of a JSON file as an MCP server,
// over stdio or Streamable HTTP, optionally misbehaving (see -mode).
//
//	fixtureserver -tools tools.json [-mode MODE] [-http -port N]
//
// With -http it listens on 127.0.0.1 and prints its endpoint URL as the
// first line of stdout.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/fixtureserver"
)

func main() {
	var modes []string
	for _, m := range fixtureserver.Modes {
		modes = append(modes, string(m))
	}
	tools := flag.String("tools", "", "tools file: {\"tools\": [...]}, a JSON-RPC response or an array")
	mode := flag.String("mode", "normal", "misbehaviour: "+strings.Join(modes, ", "))
	useHTTP := flag.Bool("http", false, "serve Streamable HTTP on 127.0.0.1 instead of stdio")
	port := flag.Int("port", 0, "HTTP port (0: any free port)")
	pageSize := flag.Int("page-size", 0, "tools per tools/list page (0: one page)")
	hugeBytes := flag.Int("huge-bytes", 0, "size of the huge answer (default 20 MiB)")
	depth := flag.Int("depth", 0, "nesting of the deep schema (default 5000)")
	refURL := flag.String("ref-url", "", "target of the remote $ref")
	stateless := flag.Bool("stateless", false, "serve HTTP without sessions (2026-07-28)")
	pidFile := flag.String("pid-file", "", "mode trap-signals: write the server's and its child's pid here")
	pageDelay := flag.Duration("page-delay", 0, "how long each tools/list page takes")
	probe := flag.String("probe-parent", "", "before serving, write to this file what the server can read of its parent's and pid 1's environment (probe.go)")
	probeFile := flag.String("probe-self", "", "before serving, write to this file who the server runs as and what it reaches (probe.go)")
	peer := flag.String("peer", "", "with -probe-self: the file where another server announces its pid")
	read := flag.String("read", "", "with -probe-self: a file to try to read")
	announceFile := flag.String("announce", "", "before serving, write the server's pid to this file")
	flag.Parse()

	opts := fixtureserver.Options{Mode: fixtureserver.Mode(*mode), PageSize: *pageSize, HugeBytes: *hugeBytes, Depth: *depth, RefURL: *refURL, Stateless: *stateless, PageDelay: *pageDelay}
	if opts.Mode == fixtureserver.Crash {
		fmt.Fprintln(os.Stderr, "fixtureserver: crashing at start, as mode crash asks")
		os.Exit(3)
	}
	if opts.Mode == fixtureserver.TrapSignals {
		if err := trapSignals(*pidFile); err != nil {
			fail(err)
		}
	}
	if *probe != "" {
		if err := probeParent(*probe); err != nil {
			fail(err)
		}
	}
	if *announceFile != "" {
		if err := announce(*announceFile); err != nil {
			fail(err)
		}
	}
	if *probeFile != "" {
		if err := probeSelf(*probeFile, *peer, *read); err != nil {
			fail(err)
		}
	}
	if *tools == "" {
		fail(fmt.Errorf("-tools is required"))
	}
	s, err := fixtureserver.Load(*tools, opts)
	if err != nil {
		fail(err)
	}
	if opts.Mode == fixtureserver.HostileText {
		fmt.Fprintln(os.Stderr, strings.Join(fixtureserver.HostileTexts, "\n"))
	}
	if opts.Mode == fixtureserver.LongStderr {
		fmt.Fprintf(os.Stderr, "fixtureserver: a long line: %s\n", strings.Repeat("x", fixtureserver.LongStderrBytes))
	}
	fmt.Fprintf(os.Stderr, "fixtureserver: serving %s in mode %s\n", *tools, *mode)
	if !*useHTTP {
		if err := s.ServeStdio(context.Background(), os.Stdin, os.Stdout); err != nil {
			fail(err)
		}
		return
	}
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		fail(err)
	}
	fmt.Printf("http://%s/mcp\n", ln.Addr())
	fail(http.Serve(ln, s.Handler()))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fixtureserver:", err)
	os.Exit(1)
}
