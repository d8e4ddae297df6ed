package main

import (
	"io"
	"os"

	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// forRunner wraps stdout and stderr in safetext Guards when a GitHub runner
// reads them (the action command, or any command under GITHUB_ACTIONS=true,
// as a `run:` step is): then no line of a server's stderr, a config or a
// report runs as a workflow command, and our own commands go through
// safetext.CommandsTo. flush writes what is left of the last lines.
func forRunner(args []string, stdout, stderr io.Writer) (io.Writer, io.Writer, func()) {
	if os.Getenv("GITHUB_ACTIONS") != "true" && (len(args) == 0 || args[0] != "action") {
		return stdout, stderr, func() {}
	}
	out, errOut := safetext.NewGuard(stdout), safetext.NewGuard(stderr)
	return out, errOut, func() {
		out.Flush()
		errOut.Flush()
	}
}
