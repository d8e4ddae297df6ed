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
