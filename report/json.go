// Package report renders a run's result. It decides nothing: severities,
// order and content come from the result as given.
package report

import (
	"encoding/json"
	"io"

	"github.com/mcp-contract/mcp-contract/contract"
)

// SchemaVersion is the version of the JSON report format (design.md §5).
const SchemaVersion = 1

// Meta names the program that wrote a report.
type Meta struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type jsonSummary struct {
	Error   int `json:"error"`
	Warning int `json:"warning"`
	Info    int `json:"info"`
	Servers int `json:"servers"`
	Tools   int `json:"tools"`
}

type jsonDocument struct {
	SchemaVersion int                   `json:"schemaVersion"`
	Tool          Meta                  `json:"tool"`
	Servers       []contract.ServerInfo `json:"servers"`
	Findings      []contract.Finding    `json:"findings"`
	Summary       jsonSummary           `json:"summary"`
}

// JSON writes the versioned JSON report.
func JSON(w io.Writer, r *contract.Result, meta Meta) error {
	counts := r.Count()
	doc := jsonDocument{
		SchemaVersion: SchemaVersion,
		Tool:          meta,
		Servers:       r.Servers,
		Findings:      r.Findings,
		Summary: jsonSummary{
			Error:   counts[contract.Error],
			Warning: counts[contract.Warning],
			Info:    counts[contract.Info],
			Servers: len(r.Servers),
			Tools:   r.ToolCount(),
		},
	}
	if doc.Servers == nil {
		doc.Servers = []contract.ServerInfo{}
	}
	if doc.Findings == nil {
		doc.Findings = []contract.Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}
