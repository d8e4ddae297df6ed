package main

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
)

// unreachableServers is every server of a run that could not be started,
// reached or understood. Each gets its own line on stderr (exitCode), then
// one line counts them and says what the run did about them: a fleet with
// two dead servers must never read as one with one.
type unreachableServers struct {
	failed []*contract.ServerError
	// total is how many servers the run tried.
	total int
	// after says what happened to the others and what to do, e.g. "the
	// report lists each with its error".
	after string
}

func (e *unreachableServers) Error() string {
	names := make([]string, len(e.failed))
	for i, f := range e.failed {
		names[i] = f.Server
	}
	msg := fmt.Sprintf("%d of %s unreachable: %s", len(e.failed), english.Plural(e.total, "server"), strings.Join(names, ", "))
	if e.after != "" {
		msg += "; " + e.after
	}
	return msg
}

// Unwrap is the first failure, so the run exits 3 as for one server.
func (e *unreachableServers) Unwrap() error { return e.failed[0] }

// unreachableIn collects the catalogs a fetch could not fill, nil when
// every server answered.
func unreachableIn(catalogs []*contract.Catalog, after string) *unreachableServers {
	var failed []*contract.ServerError
	for _, c := range catalogs {
		if c.Error != "" {
			failed = append(failed, &contract.ServerError{Server: c.Server, Msg: c.Error})
		}
	}
	if failed == nil {
		return nil
	}
	return &unreachableServers{failed: failed, total: len(catalogs), after: after}
}
