//go:build !linux

package procs

import "os/exec"

// New confines nothing outside Linux.
func New() (*Jail, error) { return nil, nil }

// CheckReach has nothing to check without a jail.
func (j *Jail) CheckReach(string) error { return nil }

// CheckEnter has nothing to check without a jail.
func (j *Jail) CheckEnter(string) error { return nil }

// Close has no folder to remove outside Linux.
func (j *Jail) Close() {}

// Start starts cmd as it is; the caller's SysProcAttr gives it its group.
func Start(cmd *exec.Cmd, _ *Jail) error { return cmd.Start() }

// Kill leaves the group to the caller, as before.
func Kill(int, *Jail) {}

// Track has no strays to tell apart outside Linux.
func Track(int, bool) {}
