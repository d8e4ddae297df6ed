package report

import (
	"bytes"
	"fmt"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// ReadFile reads the JSON report at path, refusing one that names a rule
// not in known: a crafted report would otherwise carry an id of its
// choosing into SARIF's rule help and the comment as if it were ours.
func ReadFile(path string, known map[string]contract.RuleInfo) (*contract.Result, error) {
	data, err := fileio.ReadFile(path, MaxReportBytes)
	if err != nil {
		return nil, contract.FileInput(err)
	}
	r, _, err := ReadJSON(bytes.NewReader(data), path)
	if err != nil {
		return nil, err
	}
	for i, f := range r.Findings {
		if _, ok := known[f.Rule]; !ok {
			return nil, &contract.InputError{File: path, Msg: fmt.Sprintf("findings/%d/rule: %q is no rule of this mcp-contract (mcp-contract rules lists them); a report is read by the version that wrote it",
				i, safetext.Line(limitRunes(f.Rule, 60)))}
		}
	}
	return r, nil
}

func limitRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
