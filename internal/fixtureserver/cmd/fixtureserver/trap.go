package main

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
)

// trapSignals acts out mode trap-signals: ignore SIGINT and SIGTERM, start a
// child that inherits the ignoring (and the process group), and write
// "SERVER_PID CHILD_PID" to pidFile so a test can look for survivors.
func trapSignals(pidFile string) error {
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM)
	child := exec.Command("sleep", "3600")
	if err := child.Start(); err != nil {
		return fmt.Errorf("starting the child: %v", err)
	}
	if pidFile == "" {
		return nil
	}
	return os.WriteFile(pidFile, fmt.Appendf(nil, "%d %d\n", os.Getpid(), child.Process.Pid), 0o644)
}
