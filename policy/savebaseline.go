package policy

import (
	"bytes"
	"os"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
)

// SaveBaseline writes findings to BaselineFile, each secret hidden by
// mask first (nil: none to hide), unless the file already holds exactly
// that. n is how many findings it records; written is false when the file
// was up to date.
func SaveBaseline(findings []contract.Finding, mask func(string) string) (n int, written bool, err error) {
	data := EncodeBaseline(findings)
	if mask != nil {
		data = []byte(mask(string(data)))
	}
	n = bytes.Count(data, []byte("\n    {"))
	if old, err := os.ReadFile(BaselineFile); err == nil && bytes.Equal(old, data) {
		return n, false, nil
	}
	if err := fileio.WriteFile(BaselineFile, data); err != nil {
		return n, false, err
	}
	return n, true, nil
}
