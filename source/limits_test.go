//go:build linux

package source

import (
	"context"
	"errors"
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
