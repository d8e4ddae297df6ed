package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// MaxReportBytes bounds a JSON report read back. Reports come back as
// artifacts of other jobs, in the fork-safe pair from a job that ran a
// stranger's code, so they are untrusted input like any tool file.
const MaxReportBytes = 256 << 20

// ReadJSON reads a report written by JSON. file names the report in errors,
// which are *contract.InputError. Fields this version does not know are
// ignored (schemaVersion 1 only ever gains fields); a report of another
// schemaVersion is refused rather than misread.
func ReadJSON(r io.Reader, file string) (*contract.Result, Meta, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxReportBytes+1))
	if err != nil {
		return nil, Meta{}, &contract.InputError{File: file, Msg: "cannot read the report: " + err.Error()}
	}
	if len(data) > MaxReportBytes {
		return nil, Meta{}, &contract.InputError{File: file, Msg: fmt.Sprintf("the report is larger than %d MiB", MaxReportBytes>>20)}
	}
	var doc struct {
		SchemaVersion *int                    `json:"schemaVersion"`
		Tool          Meta                    `json:"tool"`
		Servers       []contract.ServerInfo   `json:"servers"`
		Findings      []contract.Finding      `json:"findings"`
		Drift         *contract.DriftCoverage `json:"drift"`
		Session       *contract.Session       `json:"session"`
		Omitted       []contract.Omitted      `json:"omitted"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, Meta{}, decodeError(data, file, err)
	}
	switch {
	case doc.SchemaVersion == nil:
		return nil, Meta{}, &contract.InputError{File: file, Msg: "not an mcp-contract JSON report (no schemaVersion); write one with --format json"}
	case *doc.SchemaVersion != SchemaVersion:
		return nil, Meta{}, &contract.InputError{File: file, Msg: fmt.Sprintf("report schemaVersion %d is not %d, the one this mcp-contract reads", *doc.SchemaVersion, SchemaVersion)}
	}
	for i, f := range doc.Findings {
		if f.Severity < contract.Info || f.Severity > contract.Error {
			return nil, Meta{}, &contract.InputError{File: file, Msg: fmt.Sprintf("findings/%d: severity must be error, warning or info", i)}
		}
		if f.Rule == "" {
			return nil, Meta{}, &contract.InputError{File: file, Msg: fmt.Sprintf("findings/%d: no rule", i)}
		}
		// Closed sets are checked, not escaped: a reader of the comment
		// must be able to trust that "breaking" came from us.
		if !oneOf(f.Category, contract.CategoryLint, contract.CategoryDrift, contract.CategoryCollision) {
			return nil, Meta{}, &contract.InputError{File: file, Msg: fmt.Sprintf("findings/%d/category: %q is not lint, drift or collision", i, limitText(safetext.Line(f.Category), 40))}
		}
		if !oneOf(f.Change, "", contract.ChangeBreaking, contract.ChangeNonBreaking, contract.ChangeReview) {
			return nil, Meta{}, &contract.InputError{File: file, Msg: fmt.Sprintf("findings/%d/change: %q is not breaking, non-breaking or review", i, limitText(safetext.Line(f.Change), 40))}
		}
	}
	for i, s := range doc.Servers {
		if s.Name == "" {
			return nil, Meta{}, &contract.InputError{File: file, Msg: fmt.Sprintf("servers/%d: no name", i)}
		}
	}
	for i, o := range doc.Omitted {
		if o.Severity < contract.Info || o.Severity > contract.Error || o.Rule == "" || o.Count < 0 || o.Existing < 0 || o.Existing > o.Count {
			return nil, Meta{}, &contract.InputError{File: file, Msg: fmt.Sprintf("omitted/%d: needs a rule, a severity and 0 <= existing <= count", i)}
		}
	}
	return &contract.Result{Servers: doc.Servers, Findings: doc.Findings, Drift: doc.Drift, Session: doc.Session, Omitted: doc.Omitted}, doc.Tool, nil
}

// decodeError names the line and column where decoding stopped.
func decodeError(data []byte, file string, err error) error {
	var offset int64 = -1
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	msg := "malformed report: " + err.Error()
	switch {
	case errors.As(err, &syn):
		// Offset counts the bytes read, the offending one included.
		offset = max(syn.Offset-1, 0)
		msg = "malformed JSON: " + syn.Error()
	case errors.As(err, &typ):
		// No position: inside a field's own UnmarshalJSON (severity) the
		// offset counts from that field, not from the file.
		return &contract.InputError{File: file, Msg: fmt.Sprintf("%s must be %s, found %s", typ.Field, typ.Type, typ.Value)}
	}
	if offset < 0 || offset > int64(len(data)) {
		return &contract.InputError{File: file, Msg: msg}
	}
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(offset) - bytes.LastIndexByte(before, '\n')
	return &contract.InputError{File: file, Line: line, Column: col, Msg: msg}
}

func oneOf(s string, set ...string) bool {
	for _, v := range set {
		if s == v {
			return true
		}
	}
	return false
}
