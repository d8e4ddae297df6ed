package source

import (
	"sync"

	"github.com/mcp-contract/mcp-contract/internal/procs"
)

// running holds every stdio server started and not yet stopped, so that a
// run ended by a signal can kill their process groups even when a step
// ignores cancellation.
var running = struct {
	sync.Mutex
	procs map[*process]bool
}{procs: map[*process]bool{}}

func trackProcess(p *process, on bool) {
	running.Lock()
	defer running.Unlock()
	if on {
		running.procs[p] = true
	} else {
		delete(running.procs, p)
	}
}

// KillAll kills the process group of every stdio server still running and
// returns how many there were. It is for the last moments of a run ended by
// a signal; a normal fetch stops its own server.
func KillAll() int {
	running.Lock()
	defer running.Unlock()
	n := len(running.procs)
	for p := range running.procs {
		killGroup(p.cmd.Process)
		procs.Kill(p.cmd.Process.Pid, p.jail)
		delete(running.procs, p)
	}
	return n
}
