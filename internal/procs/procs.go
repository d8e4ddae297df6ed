// Package procs starts the stdio servers we run apart from us and from each
// other, and ends every process each one left behind.
//
// A server is a program nobody here vetted (`npx some-server`). In the
// Action we run as root beside the runner's Docker socket, so on Linux as
// root each server gets a uid and gid of its own, no supplementary groups,
// no_new_privs and a private HOME; other servers' /proc files then refuse
// it, as ours do (hideenv). Root or not, it gets no descriptor but stdin,
// stdout and stderr, and when it is stopped every process it started goes
// with it, those that called setsid included. Elsewhere (not Linux) a
// server runs as today: our user, its own process group.
package procs

import "errors"

// Jail is one server's confinement; the zero of *Jail (nil) confines
// nothing beyond what Start always does.
type Jail struct {
	// Uid and Gid are the server's own ids, used by no other process.
	Uid, Gid uint32
	// Home is the server's private 0700 folder, its HOME and TMPDIR.
	Home string
}

// ErrUnreachable wraps the error of a command its server's user cannot run.
var ErrUnreachable = errors.New("unreachable by the server's user")

// Env is the environment a jailed server's runtimes need to keep their
// caches in its private folder (npm and npx, uv and uvx, pip, XDG).
func (j *Jail) Env() map[string]string {
	if j == nil {
		return nil
	}
	return map[string]string{
		"HOME":             j.Home,
		"TMPDIR":           j.Home + "/tmp",
		"XDG_CACHE_HOME":   j.Home + "/.cache",
		"XDG_CONFIG_HOME":  j.Home + "/.config",
		"XDG_DATA_HOME":    j.Home + "/.local/share",
		"npm_config_cache": j.Home + "/.npm",
		"UV_CACHE_DIR":     j.Home + "/.cache/uv",
		"PIP_CACHE_DIR":    j.Home + "/.cache/pip",
	}
}
