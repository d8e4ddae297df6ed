package report

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
)

// problem is an RFC 9457 problem-details object for rejected arguments, shaped
// so an agent can read why its call failed and retry with fixed arguments.
type problem struct {
	Type      string         `json:"type"`
	Title     string         `json:"title"`
	Status    int            `json:"status"`
	Detail    string         `json:"detail,omitempty"`
	Tool      string         `json:"tool,omitempty"`
	Errors    []problemError `json:"errors"`
	Retryable bool           `json:"retryable"`
}

type problemError struct {
	Pointer string `json:"pointer"`
	Keyword string `json:"keyword"`
	Message string `json:"message"`
}

// Validation writes how one call's arguments of tool fared, in format
// "json" (a problem-details object when they do not match) or text, one
// line per violation; line neutralises each text line.
func Validation(w io.Writer, format, tool string, violations []schemacheck.Violation, line func(string) string) error {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if len(violations) == 0 {
			return enc.Encode(map[string]any{"valid": true, "tool": tool})
		}
		p := problem{
			Type:      "urn:mcp-contract:problem:invalid-arguments",
			Title:     "The arguments do not match the tool's inputSchema",
			Status:    422,
			Detail:    fmt.Sprintf("%s with the arguments of %s", english.Plural(len(violations), "problem"), tool),
			Tool:      tool,
			Retryable: true,
		}
		for _, v := range violations {
			p.Errors = append(p.Errors, problemError{Pointer: v.Pointer, Keyword: v.Keyword, Message: v.Message})
		}
		return enc.Encode(p)
	}
	if len(violations) == 0 {
		_, err := fmt.Fprintf(w, "valid: the arguments match %s's inputSchema\n", line(tool))
		return err
	}
	for _, v := range violations {
		if _, err := fmt.Fprintln(w, line(v.String())); err != nil {
			return err
		}
	}
	return nil
}
