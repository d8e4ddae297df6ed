//go:build !linux

package hideenv

// Hide does nothing where there is no /proc/<pid>/environ to read.
func Hide() error { return nil }
