// Command mcp-contract lints, snapshots and diffs the tool contracts of MCP
// servers. This package only wires flags to the packages that do the work and
// turns their outcome into an exit code.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/gctune"
	"github.com/mcp-contract/mcp-contract/internal/hideenv"
	"github.com/mcp-contract/mcp-contract/internal/interrupt"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/source"
)

// Exit codes (design.md §3).
const (
	exitOK       = 0
	exitFindings = 1
	exitInput    = 2
	exitServer   = 3
)

// errFindings is returned when findings reach --fail-on; it prints nothing.
var errFindings = errors.New("findings at or above --fail-on")

// usageError is a bad flag or argument: exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

func main() {
	// Before anything starts a process: a server must not find the job's
	// token in /proc/<our pid>/environ.
	if err := hideenv.Hide(); err != nil {
		fmt.Fprintf(os.Stderr, "mcp-contract: warning: %v\n", err)
	}
	gctune.LessWhileSmall()
	ctx, stop := interrupt.Watch(os.Stderr, func() {
		source.KillAll()
		fileio.RemoveTemps()
	})
	code := runContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit code; tests call it
// directly with their own writers.
func run(args []string, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdout, stderr)
}

// runContext is run under a context a signal may cancel (interrupt.Watch).
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	stdout, stderr, flush := forRunner(args, stdout, stderr)
	defer flush()
	c := newCLI(stdout, stderr)
	root := c.rootCommand()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if in, ok := interrupt.Cause(ctx); ok {
		// Whatever failed on the way out failed because of the signal.
		fileio.RemoveTemps()
		fmt.Fprintf(stderr, "mcp-contract: %s; every server it started is stopped, and no file is left half-written\n", in.Error())
		return in.Code()
	}
	return c.exitCode(err)
}

func (c *cli) exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errFindings) {
		return exitFindings
	}
	var es *exitStatus
	if errors.As(err, &es) {
		return es.code
	}
	var us *pipeline.UnreachableServers
	if errors.As(err, &us) {
		for _, f := range us.Failed {
			fmt.Fprintf(c.stderr, "mcp-contract: %s\n", c.line(f.Error()))
		}
	}
	fmt.Fprintf(c.stderr, "mcp-contract: %s\n", c.line(err.Error()))
	var ie *contract.InputError
	var se *contract.ServerError
	var ue *usageError
	switch {
	case errors.As(err, &se):
		return exitServer
	case errors.As(err, &ie), errors.As(err, &ue):
		return exitInput
	}
	// cobra's own argument and flag errors are usage errors too.
	return exitInput
}
