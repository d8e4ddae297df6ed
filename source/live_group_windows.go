//go:build windows

package source

import (
	"os"
	"syscall"
)

// Windows has no process groups to signal; the server itself is killed.
func ownGroup() *syscall.SysProcAttr { return nil }

func terminateGroup(p *os.Process) { _ = p.Kill() }

func killGroup(p *os.Process) { _ = p.Kill() }
