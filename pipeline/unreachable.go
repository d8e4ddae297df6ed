package pipeline

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
)

// UnreachableServers is every server of a run that could not be started,
// reached or understood. Each gets its own line on stderr (the CLI), then
// one line counts them and says what the run did about them: a fleet with
// two dead servers must never read as one with one.
type UnreachableServers struct {
	Failed []*contract.ServerError
	// Total is how many servers the run tried.
	Total int
	// After says what happened to the others and what to do, e.g. "the
	// report lists each with its error".
	After string
}

func (e *UnreachableServers) Error() string {
	names := make([]string, len(e.Failed))
	for i, f := range e.Failed {
		names[i] = f.Server
	}
	msg := fmt.Sprintf("%d of %s unreachable: %s", len(e.Failed), english.Plural(e.Total, "server"), strings.Join(names, ", "))
	if e.After != "" {
		msg += "; " + e.After
	}
	return msg
}

// Unwrap is the first failure, so the run exits 3 as for one server.
func (e *UnreachableServers) Unwrap() error { return e.Failed[0] }

// unreachableIn collects the catalogs a fetch could not fill, nil when
// every server answered.
func unreachableIn(catalogs []*contract.Catalog, after string) *UnreachableServers {
	var failed []*contract.ServerError
	for _, c := range catalogs {
		if c.Error != "" {
			failed = append(failed, &contract.ServerError{Server: c.Server, Msg: c.Error})
		}
	}
	if failed == nil {
		return nil
	}
	return &UnreachableServers{Failed: failed, Total: len(catalogs), After: after}
}
