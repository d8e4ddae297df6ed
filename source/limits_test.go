//go:build linux

package source

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fixtureserver"
)

// A live fetch is capped across all its pages, not only per message: small
// pages without end add up, and 1,000 pages of 16 MiB would be 16 GB.
func TestFetchTotalByteCap(t *testing.T) {
	sc := fixtureStdio("-mode", string(fixtureserver.EndlessCursor))
	_, err := Fetch(context.Background(), sc, FetchOptions{Timeout: 10 * time.Second, MaxTotalBytes: 20000})
	var se *contract.ServerError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, "pages add up to more than 20000 bytes") {
		t.Fatalf("want the total cap to stop the fetch, got %v", err)
	}
}

// KillAll is what a run ended by a signal relies on when a step ignores
// cancellation: every server still running dies with its whole group, even
// one that ignores SIGTERM.
func TestKillAll(t *testing.T) {
	p, err := startProcess(fixtureStdio("-mode", string(fixtureserver.TrapSignals)), newLineTail(1, nil))
	if err != nil {
		t.Fatal(err)
	}
	if n := KillAll(); n != 1 {
		t.Errorf("KillAll killed %d groups, want 1", n)
	}
	select {
	case <-p.exited:
	case <-time.After(time.Minute):
		t.Fatal("the server survived KillAll")
	}
	p.stop()
	if n := KillAll(); n != 0 {
		t.Errorf("a stopped server is still tracked (%d)", n)
	}
}

// Refusing a server that floods tools/list with pages costs under 64 MB at
// the default limits, the MCP SDK's decoding included.
func TestFetchTotalByteCapMemory(t *testing.T) {
	var tools []string
	for i := range 6 {
		tools = append(tools, fmt.Sprintf(`{"name":"t%d","description":"%s","inputSchema":{"type":"object"}}`, i, strings.Repeat("x", 1<<20)))
	}
	file := filepath.Join(openDir(t), "flood.json")
	os.WriteFile(file, []byte(`{"tools":[`+strings.Join(tools, ",")+`]}`), 0o644)
	sc := &ServerConfig{Name: "flood", Command: []string{fixtureBin, "-tools", file, "-page-size", "1"}}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	_, err := Fetch(context.Background(), sc, FetchOptions{Timeout: time.Minute})
	runtime.ReadMemStats(&ms)
	var se *contract.ServerError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, "pages add up to more than") {
		t.Fatalf("want the total cap to stop the fetch, got %v", err)
	}
	if extra := ms.TotalAlloc - before; extra > 64<<20 {
		t.Errorf("refusing the flood allocated %d MB", extra>>20)
	}
}
