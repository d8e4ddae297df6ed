//go:build unix

package source

import (
	"os"
	"syscall"
)

// ownGroup starts the server as the leader of a new process group.
func ownGroup() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

func terminateGroup(p *os.Process) { _ = syscall.Kill(-p.Pid, syscall.SIGTERM) }

// killGroup also reaches children that left the leader behind or ignore
// SIGTERM; a group already gone is no error.
func killGroup(p *os.Process) { _ = syscall.Kill(-p.Pid, syscall.SIGKILL) }
