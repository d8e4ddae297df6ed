package contract

import (
	"errors"
	"fmt"

	"github.com/mcp-contract/mcp-contract/internal/fileio"
)

// InputError is bad input from the user: an unreadable or malformed file, a bad
// flag or configuration. The command exits 2.
type InputError struct {
	File   string
	Line   int
	Column int
	Msg    string
}

func (e *InputError) Error() string {
	switch {
	case e.File == "":
		return e.Msg
	case e.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Inputf builds an InputError without a position.
func Inputf(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// ServerError is a live server that could not be started, reached or
// understood. The command exits 3.
type ServerError struct {
	Server string
	Msg    string
}

func (e *ServerError) Error() string { return fmt.Sprintf("server %q: %s", e.Server, e.Msg) }

// FileInput is err as an *InputError when it is a file that could not be
// read or written (internal/fileio's *fileio.Error, which stands below this
// package and cannot build one), with the same text; any other error is
// returned as it is.
func FileInput(err error) error {
	var fe *fileio.Error
	if errors.As(err, &fe) {
		return &InputError{File: fe.Path, Msg: fe.Msg}
	}
	return err
}

// NeedsOAuthClient is in the error of a live server that asked for an
// OAuth bearer token the config gives it no way to get (source writes it,
// the nightly issue shows the config to write when it reads it).
const NeedsOAuthClient = "give the server an OAuth client"
