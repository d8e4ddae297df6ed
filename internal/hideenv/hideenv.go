// Package hideenv keeps the environment this process was started with (a
// CI job's tokens among it) out of reach of the servers it starts.
//
// Giving a child a minimal environment is not enough: on Linux a child of
// the same uid, or a root process, reads /proc/<pid>/environ of its parent,
// and in a container every process is root. That file shows the strings the
// kernel placed on the process's stack at exec, whatever the program later
// unsets; Go works on its own copy of them, made at start.
package hideenv

// runtimeVars are left in place: the Go runtime reads them before main runs
// and keeps GODEBUG pointing into the original strings. None of them holds
// a secret.
var runtimeVars = map[string]bool{"GODEBUG": true, "GOGC": true, "GOMAXPROCS": true, "GOMEMLIMIT": true, "GOTRACEBACK": true}
