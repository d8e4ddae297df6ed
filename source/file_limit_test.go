package source

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// Memory per input byte depends on a file's shape (bench/memory.sh: drift
// on two 96 MiB files of a long enum, the worst run, peaked at 5.1 GB), so
// the limit is what a 7 GB runner holds for the worst shape: a catalog of
// tiny tools just over it is refused before it is parsed.
func TestToolFileOverTheLimitIsRefused(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"tools":[`)
	for i := 0; b.Len() <= MaxFileSize; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"t%07d","inputSchema":{"type":"object"}}`, i)
	}
	b.WriteString(`]}`)
	path := filepath.Join(t.TempDir(), "tiny.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadFile(path)
	var ie *contract.InputError
	if !errors.As(err, &ie) || ie.File != path || !strings.Contains(ie.Msg, fmt.Sprintf("over the %d-byte limit", MaxFileSize)) {
		t.Fatalf("a %d-byte catalog of tiny tools: %v", b.Len(), err)
	}
	if MaxFileSize > 96<<20 {
		t.Errorf("MaxFileSize %d: over 96 MiB the worst shape measured needs more than a 7 GB runner holds", MaxFileSize)
	}
}
